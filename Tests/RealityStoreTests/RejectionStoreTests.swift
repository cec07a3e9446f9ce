import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// Rejected changes on the device (issue 16): kept as the user made them, held out of the push,
/// listed with their reasons, and retried, re-queued by an edit, or discarded (only then undone).
@Suite struct RejectionStoreTests {
    typealias Fixture = DeviceSyncStoreTests

    /// Rejects every mutation the push would send now, as the server would with `code`.
    static func rejectEverything(_ store: DeviceStore, code: String = "plan_limit_reached", field: String? = nil)
        async throws
    {
        let outgoing = try await store.outgoingMutations(limit: 100)
        try await store.applyPushOutcomes(
            outgoing.map { ($0, .rejected(code: code, message: "The free plan allows 25 annotations.", field: field)) },
            strategy: .merge)
    }

    @Test func rejectedPush_keepsTheChangeAsMade_listsIt_andPushesItNoMore() async throws {
        let (store, note, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            var edited = note
            edited.title = "Refused"
            let created = Samples.note(
                "made offline", title: "Offline", owner: Fixture.owner.id, layer: Fixture.layer.id)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited), .saveAnnotation(created)]))
            try await Self.rejectEverything(store, field: "title")

            #expect(try await store.annotation(id: note.id)?.title == "Refused")
            #expect(try await store.annotation(id: created.id)?.title == "Offline")
            let rejections = try await store.syncRejections()
            #expect(rejections.map(\.recordID) == [note.id.uuidString, created.id.uuidString])
            #expect(rejections.map(\.summary) == ["Refused", "Offline"])
            #expect(rejections.allSatisfy { $0.code == "plan_limit_reached" && $0.field == "title" })
            #expect(try await store.outgoingMutations(limit: 10).isEmpty)
            #expect(try await store.pendingSyncCount() == 0)
            let status = try await store.deviceSyncStatus()
            #expect(status.rejections == 2 && status.pendingChanges == 0)
        }
    }

    @Test func discard_undoesTheChange_backToTheServersVersionOrRemoved() async throws {
        let (store, note, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            var edited = note
            edited.title = "Refused"
            let created = Samples.note("made offline", owner: Fixture.owner.id, layer: Fixture.layer.id)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited), .saveAnnotation(created)]))
            try await Self.rejectEverything(store)

            let discarded = try await store.discardRejections(.all)
            #expect(discarded.map(\.recordID) == [note.id.uuidString, created.id.uuidString])
            #expect(try await store.annotation(id: note.id) == note)
            #expect(try await store.annotation(id: created.id) == nil)
            #expect(try await store.syncRejections().isEmpty)
            #expect(try await store.deviceSyncStatus().rejections == 0)
            #expect(try await store.outgoingMutations(limit: 10).isEmpty)
        }
    }

    @Test func retry_ofANote_queuesItWithItsRejectedLayer_inTheOrderMade() async throws {
        let (store, _, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            let layer = Samples.layer("Garden", owner: Fixture.owner.id)
            let inLayer = Samples.note("tomatoes", owner: Fixture.owner.id, layer: layer.id)
            let elsewhere = Samples.note("unrelated", owner: Fixture.owner.id, layer: Fixture.layer.id)
            try await store.commit(ChangeSet(changes: [.saveLayer(layer)]))
            try await store.commit(ChangeSet(changes: [.saveAnnotation(inLayer), .saveAnnotation(elsewhere)]))
            try await Self.rejectEverything(store)
            let rejections = try await store.syncRejections()
            let noteRejection = try #require(rejections.first { $0.recordID == inLayer.id.uuidString })

            let retried = try await store.retryRejections(.ids([noteRejection.id]))
            #expect(retried.map(\.recordID) == [layer.id.uuidString, inLayer.id.uuidString])
            let outgoing = try await store.outgoingMutations(limit: 10)
            #expect(outgoing.map(\.recordID) == [layer.id.uuidString, inLayer.id.uuidString])
            // New mutation IDs: the server would answer the old ones with their first result.
            #expect(Set(outgoing.map(\.mutationID)).isDisjoint(with: rejections.map(\.mutationID)))
            #expect(try await store.syncRejections().map(\.recordID) == [elsewhere.id.uuidString])

            try await store.retryRejections(.all)
            #expect(
                try await store.outgoingMutations(limit: 10).map(\.recordID)
                    == [layer.id.uuidString, inLayer.id.uuidString, elsewhere.id.uuidString])
            #expect(try await store.syncRejections().isEmpty)
        }
    }

    @Test func localEdit_ofARejectedRecord_queuesItAgain() async throws {
        let (store, _, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            var created = Samples.note("made offline", owner: Fixture.owner.id, layer: Fixture.layer.id)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(created)]))
            try await Self.rejectEverything(store)
            #expect(try await store.outgoingMutations(limit: 10).isEmpty)

            created.title = "Fixed"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(created)]))
            #expect(try await store.syncRejections().isEmpty)
            let outgoing = try await store.outgoingMutations(limit: 10)
            #expect(outgoing.count == 1 && outgoing.first?.record == .annotation(created))
            #expect(outgoing.first?.sequences.count == 2, "the held save and the edit go up as one")
        }
    }

    @Test func discard_ofANewLayer_thatStillHoldsNotes_isRefused_andChangesNothing() async throws {
        let (store, _, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            let layer = Samples.layer("Garden", owner: Fixture.owner.id)
            let inLayer = Samples.note("tomatoes", owner: Fixture.owner.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveLayer(layer), .saveAnnotation(inLayer)]))
            try await Self.rejectEverything(store)
            let layerRejection = try #require(try await store.syncRejections().first { $0.recordType == "layer" })

            await #expect(throws: ServiceError.self) { try await store.discardRejections(.ids([layerRejection.id])) }
            #expect(try await store.syncRejections().count == 2)
            #expect(try await store.layer(id: layer.id) != nil)

            try await store.discardRejections(.all)
            #expect(try await store.layer(id: layer.id) == nil)
            #expect(try await store.annotation(id: inLayer.id) == nil)
            #expect(try await store.syncRejections().isEmpty)
        }
    }

    @Test func pulledVersion_ofARejectedRecord_mergesIntoIt_andStaysHeld() async throws {
        let (store, note, directory) = try await Fixture.syncedStore()
        defer { directory.remove() }
        do {
            var mine = note
            mine.title = "Mine"
            mine.updatedAt = Samples.at(100)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
            try await Self.rejectEverything(store, code: "permission_denied")
            var theirs = note
            theirs.status = .resolved
            theirs.updatedAt = Samples.at(50)
            try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .annotation, recordID: note.id.uuidString, changeTag: "2",
                        record: .annotation(theirs))
                ],
                scope: .private, token: "token-2", complete: true, strategy: .merge)

            let merged = try #require(try await store.annotation(id: note.id))
            #expect(merged.title == "Mine" && merged.status == .resolved)
            #expect(try await store.syncRejections().map(\.code) == ["permission_denied"])
            #expect(try await store.outgoingMutations(limit: 10).isEmpty)
            try await store.retryRejections(.all)
            let outgoing = try await store.outgoingMutations(limit: 10)
            #expect(outgoing.map(\.baseChangeTag) == ["2"] && outgoing.first?.record == .annotation(merged))
        }
    }
}
