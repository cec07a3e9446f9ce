import Foundation
import RealityCore
import RealityTestSupport
import Testing
@testable import RealityStore

/// The service paths that take a device's whole record (a pushed create, a pushed edit) keep every
/// field ``Annotation/declaration`` marks editable, so a new field needs no line of its own there.
@Suite struct DeclaredFieldServiceTests {
    /// The every-field sample without asset references (which would need uploads) and with a
    /// second version whose editable fields all differ from the first.
    static func versions(owner: UserID, layer: LayerID, secondLayer: LayerID) -> (Annotation, Annotation) {
        var first = Samples.everyField(owner: owner, layer: layer)
        first.isDeleted = false
        first.content.cloudAssetID = nil
        first.attachments = first.attachments.map { var plain = $0; plain.cloudAssetID = nil; return plain }
        var second = first
        second.type = .drawing
        second.status = .resolved
        second.title = "Second"
        second.content = AnnotationContent(text: "Second text", drawingData: Data([9, 9]))
        second.position = SIMD3(7, 8, 9)
        second.orientation = Quaternion(x: 0.6, y: 0, z: 0, w: 0.8)
        second.scale = 2
        second.anchorID = AnchorID()
        second.layerID = secondLayer
        second.visibilityRules = nil
        second.attachments = [Attachment(fileName: "second.txt", fileType: "text/plain", fileSize: 1)]
        return (first, second)
    }

    @Test(arguments: StoreKind.allCases)
    func aCreateFromARecord_andAnUpdate_keepEveryEditableField(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let home = try await ana.layer("Home"), work = try await ana.layer("Work")
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
