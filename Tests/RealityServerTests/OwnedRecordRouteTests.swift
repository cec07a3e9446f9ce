import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// Every owned kind (``OwnedRecord``) over the REST API and the sync API, on both backends, from
/// its declaration alone: its owner saves, reads, lists, pushes and deletes it; its feed brings it
/// to the owner only; anyone else is told there is none, whatever route they try; bad input is
/// refused with a typed error and changes nothing.
@Suite struct OwnedRecordRouteTests {
    /// An owned kind as a test argument.
    struct Kind: Sendable, CustomTestStringConvertible {
        let kind: any OwnedRecordSample.Type
        var testDescription: String { kind.recordType.rawValue }
        static let all = OwnedRecordSamples.kinds.map(Kind.init)
    }

    @Test func everyOwnedKind_hasASample() {
        #expect(OwnedRecordSamples.kinds.count == RecordType.ownedKinds.count)
        #expect(!RecordType.ownedKinds.isEmpty)
    }

    @Test(arguments: Backend.allCases, Kind.all)
    func theOwner_savesReadsListsAndDeletes_andNoOneElseSeesOrChangesIt(backend: Backend, kind: Kind) async throws {
        try await TestServer.run(backend) { api in try await Self.ownerAndStranger(kind.kind, api) }
    }

    private static func ownerAndStranger<Record: OwnedRecordSample>(_ kind: Record.Type, _ api: APIClient)
        async throws
    {
        let ana = try await api.register("Ana")
        let ben = try await api.register("Ben")
        let routes = APIRoute.owned(kind)
        let record = Record.everyField(owner: ana.user.id)
        let path = routes.show.path(id: record.id)
        let saved = try await api.send(.put, path, token: ana.token, json: record)
        #expect(saved.status == .ok, "\(String(decoding: saved.body, as: UTF8.self))")
        #expect(try saved.decode(Record.self) == record)
        #expect(try await api.send(.get, path, token: ana.token).decode(Record.self) == record)
        let listed = try await api.send(.get, routes.list.path(), token: ana.token).decode(Page<Record>.self)
        #expect(listed.items == [record])

        // Ben: not found on every route, and his list is empty.
        var takeOver = record.edited()
        takeOver.ownerID = ben.user.id
        #expect(try await api.send(.get, path, token: ben.token).status == .notFound)
        #expect(try await api.send(.put, path, token: ben.token, json: takeOver).status == .notFound)
        #expect(try await api.send(.put, path, token: ben.token, json: record.edited()).status == .forbidden)
        #expect(try await api.send(.delete, path, token: ben.token).status == .notFound)
        #expect(try await api.send(.get, routes.list.path(), token: ben.token).decode(Page<Record>.self).items == [])
        #expect(try await api.send(.get, path).status == .unauthorized)

        // Bad input: a typed 400, and nothing changes.
        let otherID = Identifier<Record>()
        let elsewhere = routes.show.path(id: otherID)
        #expect(try await api.send(.put, elsewhere, token: ana.token, json: record).status == .badRequest)
        for body in ["", "[]", "{}", "null", #"{"id": 5}"#, String(repeating: "[", count: 10_000)] {
            let refused = try await api.send(.put, path, token: ana.token, raw: body)
            #expect(refused.status == .badRequest, "\(body.prefix(20)): \(refused.status)")
        }
        #expect(
            try await api.send(.get, "/api/v1/\(Record.routePath)/not-a-uuid", token: ana.token).status == .badRequest)
        #expect(try await api.send(.get, path, token: ana.token).decode(Record.self) == record)

        // The owner's change stands; `createdAt` stays the first save's.
        var edited = record.edited()
        edited.createdAt = record.createdAt.addingTimeInterval(1)
        let changed = try await api.send(.put, path, token: ana.token, json: edited).decode(Record.self)
        #expect(changed.createdAt == record.createdAt)
        #expect(try await api.send(.delete, path, token: ana.token).status == .noContent)
        #expect(try await api.send(.get, path, token: ana.token).status == .notFound)
        #expect(try await api.send(.delete, path, token: ana.token).status == .notFound)
    }

    @Test(arguments: Backend.allCases, Kind.all)
    func theFeed_bringsItToItsOwner_andPushChangesItUnderItsRules(backend: Backend, kind: Kind) async throws {
        try await TestServer.run(backend) { api in try await Self.feedAndPush(kind.kind, api) }
    }

    private static func feedAndPush<Record: OwnedRecordSample>(_ kind: Record.Type, _ api: APIClient) async throws {
        let ana = try await api.register("Ana")
        let ben = try await api.register("Ben")
        let record = Record.everyField(owner: ana.user.id)
        let created = try await api.push(ana, [Self.save(record, base: nil, "m1")])
        #expect(created.map(\.status) == [.saved], "\(created)")
        let (mine, token) = try await api.pullAll(ana, .private)
        #expect(mine.saved(Record.recordType) == [record.recordID])
        let came = try #require(mine.first { $0.recordID == record.recordID })
        #expect(came.record == .owned(AnyOwnedRecord(record)))
        for scope in SyncScope.allCases {
            #expect(try await api.pullAll(ben, scope).changes.filter { $0.recordType == Record.recordType }.isEmpty)
        }

        // Ben can neither take the ID nor change or delete Ana's record by push.
        var theirs = record.edited()
        theirs.ownerID = ben.user.id
        let refused = try await api.push(
            ben,
            [
                Self.save(theirs, base: nil, "b1"), Self.save(record.edited(), base: came.changeTag, "b2"),
                SyncMutation(
                    mutationID: "b3", recordType: Record.recordType, recordID: record.recordID, op: .delete,
                    fields: .none),
            ])
        #expect(refused.map(\.status) == [.rejected, .rejected, .rejected], "\(refused)")

        // Ana's edit from the base she has is saved; a second from the same (now stale) base
        // conflicts and carries the server's version.
        let edited = record.edited()
        let saved = try await api.push(ana, [Self.save(edited, base: came.changeTag, "m2")])
        #expect(saved.map(\.status) == [.saved], "\(saved)")
        var again = edited
        again.updatedAt = edited.updatedAt.addingTimeInterval(60)
        let stale = try await api.push(ana, [Self.save(again, base: came.changeTag, "m3")])
        #expect(stale.map(\.status) == [.conflict])
        #expect(stale.first?.record == .owned(AnyOwnedRecord(edited)))
        var invalid = Record.everyField(owner: ana.user.id).refused
        invalid.record.id = Identifier()
        let rejected = try await api.push(ana, [Self.save(invalid.record, base: nil, "m4")])
        #expect(rejected.first?.status == .rejected && rejected.first?.error?.field == invalid.field, "\(rejected)")

        let deleted = try await api.push(
            ana,
            [
                SyncMutation(
                    mutationID: "m5", recordType: Record.recordType, recordID: record.recordID, op: .delete,
                    fields: .none)
            ])
        #expect(deleted.map(\.status) == [.saved], "\(deleted)")
        let after = try await api.pullAll(ana, .private, since: token).changes.filter {
            $0.recordID == record.recordID
        }
        #expect(after.map(\.deleted) == [true])
        #expect(
            try await api.send(.get, "/api/v1/\(Record.routePath)", token: ana.token).decode(Page<Record>.self).items
                == [])
    }

    @Test(arguments: Backend.allCases, Kind.all)
    func theLimit_holds_andTheExportAndAccountDeletion_takeThemAll(backend: Backend, kind: Kind) async throws {
        try await TestServer.run(backend) { api in try await Self.limitExportDeletion(kind.kind, api) }
    }

    private static func limitExportDeletion<Record: OwnedRecordSample>(_ kind: Record.Type, _ api: APIClient)
        async throws
    {
        let ana = try await api.register("Ana")
        var first: Record?
        for _ in 0..<Record.limitPerOwner {
            var record = Record.everyField(owner: ana.user.id)
            record.id = Identifier()
            first = first ?? record
            let path = APIRoute.owned(kind).show.path(id: record.id)
            #expect(try await api.send(.put, path, token: ana.token, json: record).status == .ok)
        }
        var over = Record.everyField(owner: ana.user.id)
        over.id = Identifier()
        let refused = try await api.send(
            .put, APIRoute.owned(kind).show.path(id: over.id), token: ana.token, json: over)
        #expect(refused.status == .conflict, "\(String(decoding: refused.body, as: UTF8.self))")
        let kept = try #require(first)
        let change = try await api.send(
            .put, APIRoute.owned(kind).show.path(id: kept.id), token: ana.token, json: kept.edited())
        #expect(change.status == .ok, "a change of a kept record is not a new one")

        let export = try await api.send(.get, "/api/v1/me/export", token: ana.token).decode(ExportedRecords.self)
        #expect(export.records.of(kind).count == Record.limitPerOwner)
        #expect(try await api.send(.delete, "/api/v1/me", token: ana.token).status == .noContent)
        #expect(try await api.store.ownedRecords(Record.recordType, ownerID: ana.user.id).isEmpty)
    }

    /// The part of `GET /api/v1/me/export` that holds the owned records.
    private struct ExportedRecords: Decodable {
        var records: OwnedRecordSet
    }

    private static func save<Record: OwnedRecord>(_ record: Record, base: String?, _ id: String) -> SyncMutation {
        SyncMutation(
            mutationID: id, recordType: Record.recordType, recordID: record.recordID, op: .save, baseChangeTag: base,
            fields: .owned(AnyOwnedRecord(record)))
    }
}
