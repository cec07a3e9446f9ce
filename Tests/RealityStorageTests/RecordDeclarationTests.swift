import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The record declarations name every field, and every path derived from them keeps every field:
/// forgetting a field in a declaration fails here rather than silently. Each check runs for every
/// declared type (``DeclaredType``).
@Suite struct RecordDeclarationTests {
    @Test(arguments: DeclaredType.allCases)
    func declaration_namesEveryStoredProperty_once(type: DeclaredType) {
        namesEveryStoredProperty(type.check)
    }

    private func namesEveryStoredProperty<Case: DeclaredRecordCase>(_ check: Case) {
        // A property wrapper's storage is named after its property with an underscore (`_id`).
        let stored = Mirror(reflecting: check.sample).children.compactMap(\.label).map { label in
            label.hasPrefix("_") ? String(label.dropFirst()) : label
        }
        let declared = Case.Record.declaration.fields.map(\.name)
        #expect(Set(stored) == Set(declared))
        #expect(declared.count == Set(declared).count)
        #expect(stored.count == declared.count)
    }

    @Test(arguments: DeclaredType.allCases)
    func everyFieldSample_differsFromTheBlankRecord_inEveryField(type: DeclaredType) {
        differsFromBlank(type.check)
    }

    private func differsFromBlank<Case: DeclaredRecordCase>(_ check: Case) {
        let declaration = Case.Record.declaration
        let same = declaration.fields.filter { !$0.access.differs(check.sample, declaration.blank) }
        #expect(same.map(\.name) == [])
    }

    @Test(arguments: DeclaredType.allCases)
    func columnValues_readBackIntoEveryColumnBackedField(type: DeclaredType) throws {
        try readsBack(type.check)
    }

    private func readsBack<Case: DeclaredRecordCase>(_ check: Case) throws {
        let declaration = Case.Record.declaration
        let values = try declaration.readColumns.map { try $0.value(check.sample) }
        let read = try declaration.record { index, _ in values[index] }
        for field in declaration.fields where field.columns.contains(where: { $0.read != nil }) {
            #expect(!field.access.differs(read, check.sample), "\(field.name) did not read back")
        }
        for field in declaration.fields where field.columns.isEmpty {
            #expect(!field.access.differs(read, declaration.blank), "\(field.name) has no column yet was read")
        }
    }

    @Test(arguments: StoreBackend.allCases, DeclaredType.allCases)
    func everyStoredField_survivesTheStore(backend: StoreBackend, type: DeclaredType) async throws {
        try await withStore(backend) { store in try await survivesTheStore(type.check, store, backend) }
    }

    private func survivesTheStore<Case: DeclaredRecordCase>(
        _ check: Case, _ store: any StoreUnderTest, _ backend: StoreBackend
    ) async throws {
        let fields = Case.Record.declaration.fields
        let kept = fields.filter { !$0.columns.isEmpty || check.keptElsewhere.contains($0.name) }
        let read = try #require(try await check.saveAndRead(check.sample, first: true, in: store))
        for field in kept {
            #expect(!field.access.differs(read, check.sample), "\(field.name) changed in the \(backend) store")
        }
        // A second save takes the update path (a row with that ID exists).
        let edited = check.edited(check.sample)
        let reread = try #require(try await check.saveAndRead(edited, first: false, in: store))
        for field in kept {
            #expect(!field.access.differs(reread, edited), "\(field.name) changed on update in the \(backend) store")
        }
    }

    // MARK: - Merges

    @Test(arguments: DeclaredType.allCases)
    func withUnmergedParts_keepsTheMergedFields_andTakesEveryOtherPart(type: DeclaredType) {
        keepsMergedFields(type.check)
    }

    private func keepsMergedFields<Case: DeclaredRecordCase>(_ check: Case) {
        let declaration = Case.Record.declaration
        let other = declaration.blank
        let result = declaration.withUnmergedParts(check.sample, from: other)
        for field in declaration.fields {
            switch field.merge {
            case .identity, .lastWriterWins, .threeWay, .wholeRecord, .deletionWins:
                #expect(!field.access.differs(result, check.sample), "\(field.name) was taken from the other side")
            case .serverKept, .latest, .set, .counter, .localOnly, .editStamps:
                #expect(!field.access.differs(result, other), "\(field.name) was not taken from the other side")
            }
        }
    }

    @Test(arguments: DeclaredType.allCases)
    func merge_settlesEveryField_byItsRule(type: DeclaredType) {
        settlesByRule(type.check)
    }

    private func settlesByRule<Case: DeclaredRecordCase>(_ check: Case) {
        let declaration = Case.Record.declaration
        let local = check.sample
        var remote = declaration.blank
        declaration.field(named: "id")?.access.copy(local, &remote)
        let merged = check.merged(
            FieldMerge(base: nil, local: local, remote: remote, updatedAt: check.updatedAt, policy: .preferLocal))
        for field in declaration.fields {
            let fromLocal = !field.access.differs(merged, local)
            let fromRemote = !field.access.differs(merged, remote)
            switch field.merge {
            case .identity: #expect(fromLocal && fromRemote)
            case .lastWriterWins, .threeWay, .wholeRecord, .localOnly, .deletionWins, .latest, .set, .counter:
                // The sample's values are the later date, the deletion, the larger sets and counts.
                #expect(fromLocal, "\(field.name) did not take the device's value")
            case .serverKept: #expect(fromRemote, "\(field.name) did not keep the server's value")
            case .editStamps: #expect(!fromRemote, "\(field.name) kept no stamps")
            }
        }
    }

    // MARK: - Annotation

    /// The hand-written JSON writer (a hot path) writes every field: the sample sets them all, so
    /// a field it skips makes its bytes differ from `JSONEncoder`'s.
    @Test func jsonWriter_writesEveryField_asJSONEncoderDoes() throws {
        let sample = AnnotationCase().sample
        #expect(try JSONWriter.bytes(of: sample) == Array(RealityJSON.encode(sample)))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONWriter.bytes(of: sample))) as? [String: Any])
        #expect(Set(object.keys) == Set(Annotation.declaration.fields.map(\.name)))
    }

    /// Comments are written by hand too (in an annotation's `comments` and in feeds).
    @Test func jsonWriter_writesEveryCommentField_asJSONEncoderDoes() throws {
        let sample = CommentCase().sample
        #expect(try JSONWriter.bytes(of: sample) == Array(RealityJSON.encode(sample)))
    }
}
