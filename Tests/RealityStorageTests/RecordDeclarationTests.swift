import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The record declarations name every field, and every path derived from them keeps every field:
/// forgetting a field in a declaration fails here rather than silently.
@Suite struct RecordDeclarationTests {
    static let owner = UserID(), layer = LayerID()
    static let sample = Samples.everyField(owner: owner, layer: layer)
    static var declaration: RecordDeclaration<Annotation> { Annotation.declaration }

    @Test func annotationDeclaration_namesEveryStoredProperty_once() {
        let stored = Mirror(reflecting: Self.sample).children.compactMap(\.label)
        let declared = Self.declaration.fields.map(\.name)
        #expect(Set(stored) == Set(declared))
        #expect(declared.count == Set(declared).count)
        #expect(stored.count == declared.count)
    }

    @Test func everyFieldSample_differsFromTheBlankRecord_inEveryField() {
        let same = Self.declaration.fields.filter { !$0.access.differs(Self.sample, Self.declaration.blank) }
        #expect(same.map(\.name) == [])
    }

    @Test func columnValues_readBackIntoEveryColumnBackedField() throws {
        let values = try Self.declaration.readColumns.map { try $0.value(Self.sample) }
        let read = try Self.declaration.record { index, _ in values[index] }
        for field in Self.declaration.fields where field.columns.contains(where: { $0.read != nil }) {
            #expect(!field.access.differs(read, Self.sample), "\(field.name) did not read back")
        }
        for field in Self.declaration.fields where field.columns.isEmpty {
            #expect(!field.access.differs(read, Self.declaration.blank), "\(field.name) has no column yet was read")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func everyColumnBackedField_andAttachments_surviveTheStore(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let layer = Samples.layer(owner: owner.id)
            let sample = Samples.everyField(owner: owner.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(owner), .saveLayer(layer), .saveAnnotation(sample)]))
            let read = try #require(try await store.annotation(id: sample.id))
            let kept = Self.declaration.fields.filter { !$0.columns.isEmpty || $0.name == "attachments" }
            for field in kept {
                #expect(!field.access.differs(read, sample), "\(field.name) changed in the \(backend) store")
            }
            // A second save takes the update path (a row with that ID exists).
            var edited = sample
            edited.title = "Edited"
            edited.isDeleted = false
            edited.fieldStamps = nil
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            let reread = try #require(try await store.annotation(id: sample.id))
            for field in kept {
                #expect(!field.access.differs(reread, edited), "\(field.name) changed on update in the \(backend) store")
            }
        }
    }

    @Test func withUnmergedParts_keepsTheMergedFields_andTakesEveryOtherPart() {
        let other = Self.declaration.blank
        let result = Self.sample.withUnmergedParts(from: other)
        for field in Self.declaration.fields {
            switch field.merge {
            case .identity, .lastWriterWins, .deletionWins:
                #expect(!field.access.differs(result, Self.sample), "\(field.name) was taken from the other side")
            case .serverKept, .latest, .set, .counter, .localOnly, .editStamps:
                #expect(!field.access.differs(result, other), "\(field.name) was not taken from the other side")
            }
        }
    }

    @Test func merge_settlesEveryField_byItsRule() {
        let local = Self.sample
        var remote = Self.declaration.blank
        remote.id = local.id
        let merged = Annotation.merge(base: nil, local: local, remote: remote, policy: .preferLocal)
        for field in Self.declaration.fields {
            let fromLocal = !field.access.differs(merged, local)
            let fromRemote = !field.access.differs(merged, remote)
            switch field.merge {
            case .identity: #expect(fromLocal && fromRemote)
            case .lastWriterWins, .localOnly, .deletionWins, .latest, .set, .counter:
                // The sample's values are the later date, the deletion, the larger sets and counts.
                #expect(fromLocal, "\(field.name) did not take the device's value")
            case .serverKept: #expect(fromRemote, "\(field.name) did not keep the server's value")
            case .editStamps: #expect(merged.fieldStamps != nil)
            }
        }
    }
}
