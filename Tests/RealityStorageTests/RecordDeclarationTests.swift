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

    /// The hand-written JSON writer (a hot path) writes every field: the sample sets them all, so
    /// a field it skips makes its bytes differ from `JSONEncoder`'s.
    @Test func jsonWriter_writesEveryField_asJSONEncoderDoes() throws {
        #expect(try JSONWriter.bytes(of: Self.sample) == Array(RealityJSON.encode(Self.sample)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONWriter.bytes(of: Self.sample))) as? [String: Any])
        #expect(Set(object.keys) == Set(Self.declaration.fields.map(\.name)))
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

    // MARK: - Layer

    static let layerSample = Samples.everyFieldLayer(owner: owner, parent: LayerID())

    @Test func layerDeclaration_namesEveryStoredProperty_once() {
        let stored = Mirror(reflecting: Self.layerSample).children.compactMap(\.label)
        let declared = Layer.declaration.fields.map(\.name)
        #expect(Set(stored) == Set(declared))
        #expect(stored.count == declared.count)
    }

    @Test func everyFieldLayer_differsFromTheBlankLayer_inEveryField_andItsColumnsReadBack() throws {
        let declaration = Layer.declaration
        let same = declaration.fields.filter { !$0.access.differs(Self.layerSample, declaration.blank) }
        #expect(same.map(\.name) == [])
        let values = try declaration.readColumns.map { try $0.value(Self.layerSample) }
        let read = try declaration.record { index, _ in values[index] }
        for field in declaration.fields where !field.columns.isEmpty {
            #expect(!field.access.differs(read, Self.layerSample), "\(field.name) did not read back")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func everyColumnBackedLayerField_survivesTheStore(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let parent = Samples.layer(owner: owner.id)
            let sample = Samples.everyFieldLayer(owner: owner.id, parent: parent.id)
            try await store.commit(ChangeSet(changes: [.saveUser(owner), .saveLayer(parent), .saveLayer(sample)]))
            let read = try #require(try await store.layer(id: sample.id))
            for field in Layer.declaration.fields where !field.columns.isEmpty {
                #expect(!field.access.differs(read, sample), "\(field.name) changed in the \(backend) store")
            }
            var edited = sample
            edited.name = "Edited"
            edited.autoExpireDays = nil
            edited.parentLayerID = nil
            try await store.commit(ChangeSet(changes: [.saveLayer(edited)]))
            let reread = try #require(try await store.layer(id: sample.id))
            for field in Layer.declaration.fields where !field.columns.isEmpty {
                #expect(!field.access.differs(reread, edited), "\(field.name) changed on update in the \(backend) store")
            }
        }
    }

    @Test func layerMerge_settlesEveryField_byItsRule() {
        let local = Self.layerSample
        var remote = Layer.declaration.blank
        remote.id = local.id
        let merged = Layer.merge(base: nil, local: local, remote: remote, policy: .preferLocal)
        let unmerged = local.withUnmergedParts(from: remote)
        for field in Layer.declaration.fields {
            switch field.merge {
            case .identity, .lastWriterWins, .deletionWins, .latest, .set, .counter, .localOnly:
                #expect(!field.access.differs(merged, local), "\(field.name) did not take the device's value")
            case .serverKept: #expect(!field.access.differs(merged, remote), "\(field.name) did not stay the server's")
            case .editStamps: #expect(merged.fieldStamps != nil)
            }
            switch field.merge {
            case .identity, .lastWriterWins, .deletionWins:
                #expect(!field.access.differs(unmerged, local), "\(field.name) was taken from the other side")
            case .serverKept, .latest, .set, .counter, .localOnly, .editStamps:
                #expect(!field.access.differs(unmerged, remote), "\(field.name) was not taken from the other side")
            }
        }
    }

    // MARK: - Merges

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
