import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// The service paths that take a device's whole record (a pushed create, a pushed edit) keep every
/// field ``Annotation/declaration`` marks editable, so a new field needs no line of its own there.
@Suite struct DeclaredFieldServiceTests {
    /// The every-field sample without asset references (which would need uploads), and an edit of
    /// every editable field of it.
    static func versions(owner: UserID, layer: LayerID, secondLayer: LayerID) -> (Annotation, Annotation) {
        var first = Samples.everyField(owner: owner, layer: layer)
        first.isDeleted = false
        first.content.cloudAssetID = nil
        first.attachments = first.attachments.map {
            var plain = $0
            plain.cloudAssetID = nil
            return plain
        }
        let second = Samples.everyFieldEdit(of: first, movedTo: secondLayer)
        return (first, second)
    }

    @Test(arguments: StoreKind.allCases)
    func aCreateFromARecord_andAnUpdate_keepEveryEditableField(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let home = try await ana.layer("Home")
            let work = try await ana.layer("Work")
            let (first, second) = Self.versions(owner: ana.userID, layer: home.id, secondLayer: work.id)
            let editable = Annotation.declaration.fields.filter { $0.merge == .lastWriterWins }
            for field in editable {
                #expect(field.access.differs(first, second), "the versions agree on \(field.name)")
            }
            let created = try await ana.annotations.createAnnotation(AnnotationDraft(creating: first))
            let stored = try #require(try await ana.annotations.fetchAnnotation(id: first.id))
            for field in editable {
                #expect(!field.access.differs(created, first), "a create dropped \(field.name)")
                #expect(!field.access.differs(stored, first), "a stored create dropped \(field.name)")
            }
            h.clock.advance(by: 60)
            try await ana.annotations.updateAnnotation(second)
            let updated = try #require(try await ana.annotations.fetchAnnotation(id: first.id))
            for field in editable {
                #expect(!field.access.differs(updated, second), "an update dropped \(field.name)")
            }
        }
    }
}
