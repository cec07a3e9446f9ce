import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// The device store's side of sync (docs/sync-protocol.md, "The device"), on real SQLite files.
@Suite struct DeviceSyncStoreTests {
    static let owner = Samples.user("Ana")
    static let layer = Samples.layer("Field", owner: owner.id)

    /// A store file in a directory of its own, removed by the caller.
    static func freshStore() throws -> (DeviceStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try DeviceStore.open(path: directory.path("device.sqlite")), directory)
    }

    /// A bound store on disk with the layer and one annotation as the server sent them (tag "1").
    static func syncedStore() async throws -> (DeviceStore, Annotation, TemporaryDirectory) {
        let (store, directory) = try freshStore()
        try await store.bindAccount(serverURL: "http://server", user: owner, token: "t")
        let note = Samples.note("hello", title: "Title", owner: owner.id, layer: layer.id)
        try await store.applyPulledPage(
            [
                PulledChange(recordType: .layer, recordID: layer.recordID, changeTag: "1", record: .layer(layer)),
                PulledChange(
                    recordType: .annotation, recordID: note.id.uuidString, changeTag: "1", record: .annotation(note)),
            ],
            scope: .private, token: "token-1", complete: true, strategy: .merge)
        return (store, note, directory)
    }

    @Test func pulledPage_isStoredWithItsToken_andQueuesNothing() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            #expect(try await store.annotation(id: note.id) == note)
            #expect(try await store.layer(id: Self.layer.id)?.name == "Field")
            #expect(try await store.syncToken(for: .private) == "token-1")
            #expect(try await store.syncToken(for: .shared) == nil)
            #expect(try await store.pendingSyncCount() == 0)
        }
    }

    @Test func pulledRecord_withAPendingEdit_mergesFieldByField_andQueuesTheMerge() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var mine = note
            mine.title = "Mine"
            mine.updatedAt = Samples.at(100)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
            var theirs = note
            theirs.status = .resolved
            theirs.updatedAt = Samples.at(50)
            let report = try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .annotation, recordID: note.id.uuidString, changeTag: "2",
                        record: .annotation(theirs))
                ],
                scope: .private, token: "token-2", complete: true, strategy: .merge)
            #expect(report.merged == 1)
            let merged = try #require(try await store.annotation(id: note.id))
            #expect(merged.title == "Mine")
            #expect(merged.status == .resolved)
            let outgoing = try await store.outgoingMutations(limit: 10)
            #expect(outgoing.count == 1)
            #expect(outgoing.first?.baseChangeTag == "2")
            #expect(outgoing.first?.record == .annotation(merged))
        }
    }

    @Test func pulledRecord_thatMatchesThePendingEdit_dropsIt() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var mine = note
            mine.title = "Same"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
            try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .annotation, recordID: note.id.uuidString, changeTag: "2", record: .annotation(mine)
                    )
                ],
                scope: .private, token: "token-2", complete: true, strategy: .merge)
            #expect(try await store.pendingSyncCount() == 0)
        }
    }

    @Test(arguments: ConflictChoice.allCases)
    func manualConflict_isKeptUntilResolved(choice: ConflictChoice) async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            try await store.setConflictStrategy(.manual)
            var mine = note
            mine.title = "Mine"
            // Edited after the note was made (as the service stamps an edit), so that merging keeps it.
            mine.fieldStamps = FieldStamps(["title": Timestamp.milliseconds(note.createdAt) + 1_000])
            try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
            var theirs = note
            theirs.title = "Theirs"
            let report = try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .annotation, recordID: note.id.uuidString, changeTag: "2",
                        record: .annotation(theirs))
                ],
                scope: .private, token: "token-2", complete: true, strategy: try await store.conflictStrategy())
            #expect(report.conflicts == 1)
            #expect(try await store.annotation(id: note.id)?.title == "Mine")
            #expect(try await store.openConflicts().map(\.recordID) == [note.id.uuidString])
            #expect(try await store.outgoingMutations(limit: 10).isEmpty, "a record in conflict is not pushed")

            #expect(try await store.resolveConflict(recordID: note.id.uuidString, with: choice))
            #expect(try await store.openConflicts().isEmpty)
            let outgoing = try await store.outgoingMutations(limit: 10)
            switch choice {
            case .local:
                #expect(try await store.annotation(id: note.id)?.title == "Mine")
                #expect(outgoing.map(\.baseChangeTag) == ["2"])
            case .remote:
                #expect(try await store.annotation(id: note.id)?.title == "Theirs")
                #expect(outgoing.isEmpty)
            case .merge:
                // The device's title is the later edit (theirs keeps the stamp of the note's creation).
                #expect(try await store.annotation(id: note.id)?.title == "Mine")
                #expect(outgoing.map(\.baseChangeTag) == ["2"])
            }
        }
    }

    @Test func deletion_removesTheRecord_onlyInTheScopeItCameDownIn() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            let deletion = PulledChange(
                recordType: .annotation, recordID: note.id.uuidString, changeTag: "", record: nil)
            try await store.applyPulledPage([deletion], scope: .public, token: "p", complete: true, strategy: .merge)
            #expect(try await store.annotation(id: note.id) != nil)
            try await store.applyPulledPage(
                [deletion], scope: .private, token: "token-2", complete: true, strategy: .merge)
            #expect(try await store.annotation(id: note.id) == nil)
        }
    }

    @Test func resync_removesWhatDidNotComeDownAgain() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            try await store.beginResync(of: .private)
            #expect(try await store.syncToken(for: .private) == nil)
            try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .layer, recordID: Self.layer.recordID, changeTag: "1", record: .layer(Self.layer))
                ],
                scope: .private, token: "token-3", complete: false, strategy: .merge)
            #expect(try await store.annotation(id: note.id) != nil, "not before the last page")
            try await store.applyPulledPage([], scope: .private, token: "token-4", complete: true, strategy: .merge)
            #expect(try await store.annotation(id: note.id) == nil)
            #expect(try await store.layer(id: Self.layer.id) != nil)
        }
    }

    @Test func outgoingMutations_sendSeveralSavesOfOneRecordOnce_withTheNewestMutationID() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var edited = note
            edited.title = "One"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            try await store.commit(
                ChangeSet(changes: [
                    .setStarred(annotationID: note.id, userID: Self.owner.id, starred: true, at: Samples.at(1))
                ]))
            edited.title = "Two"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            let pending = try await store.fetchPendingSync(limit: 10)
            let outgoing = try await store.outgoingMutations(limit: 10)
            #expect(outgoing.map(\.recordType) == [.annotation, .star])
            #expect(outgoing[0].sequences.count == 2)
            #expect(outgoing[0].mutationID == pending[2].mutationID)
            #expect(outgoing[0].record == .annotation(edited))
            #expect(outgoing[0].baseChangeTag == "1")
        }
    }

    @Test func savedPush_emptiesTheOutbox_andMovesTheBase() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var edited = note
            edited.title = "Pushed"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            let outgoing = try await store.outgoingMutations(limit: 10)
            try await store.applyPushOutcomes(outgoing.map { ($0, .saved(changeTag: "7")) }, strategy: .merge)
            #expect(try await store.pendingSyncCount() == 0)
            var again = edited
            again.scale = 2
            try await store.commit(ChangeSet(changes: [.saveAnnotation(again)]))
            #expect(try await store.outgoingMutations(limit: 10).first?.baseChangeTag == "7")
        }
    }

    @Test func savedPush_withTheServersRecord_takesItsVersionAndDates() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var edited = note
            edited.status = .resolved
            edited.updatedAt = Samples.at(100)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            // The server already held that status (another device set it): nothing was written
            // there, and it answers with its version, dated when that device's edit arrived.
            var server = edited
            server.updatedAt = Samples.at(60)
            let outgoing = try await store.outgoingMutations(limit: 10)
            try await store.applyPushOutcomes(
                outgoing.map { ($0, .saved(changeTag: "5", record: .annotation(server))) }, strategy: .merge)
            #expect(try await store.annotation(id: note.id) == server)
            #expect(try await store.pendingSyncCount() == 0)
            var again = server
            again.scale = 2
            try await store.commit(ChangeSet(changes: [.saveAnnotation(again)]))
            #expect(try await store.outgoingMutations(limit: 10).first?.baseChangeTag == "5")
        }
    }

    @Test func pulledRecord_equalToThePendingEdit_keepsTheServersDate() async throws {
        let (store, note, directory) = try await Self.syncedStore()
        defer { directory.remove() }
        do {
            var mine = note
            mine.status = .resolved
            mine.updatedAt = Samples.at(100)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
            var theirs = mine
            theirs.updatedAt = Samples.at(60)
            try await store.applyPulledPage(
                [
                    PulledChange(
                        recordType: .annotation, recordID: note.id.uuidString, changeTag: "2",
                        record: .annotation(theirs))
                ],
                scope: .private, token: "token-2", complete: true, strategy: .merge)
            #expect(try await store.pendingSyncCount() == 0)
            #expect(try await store.annotation(id: note.id) == theirs)
        }
    }

    @Test func bindAccount_refusesAnotherUser_andHandsOverOfflineWork() async throws {
        let (store, directory) = try Self.freshStore()
        defer { directory.remove() }
        do {
            let local = try await store.localProfile()
            let offline = Samples.layer("Offline", owner: local)
            try await store.commit(ChangeSet(changes: [.saveLayer(offline)]))
            let account = try await store.bindAccount(serverURL: "http://server", user: Self.owner, token: "t1")
            #expect(try await store.localProfile() == Self.owner.id)
            #expect(try await store.layer(id: offline.id)?.ownerID == Self.owner.id)
            let again = try await store.bindAccount(serverURL: "http://server", user: Self.owner, token: "t2")
            #expect(again.clientID == account.clientID)
            #expect(again.token == "t2")
            await #expect(throws: AccountBindingError.self) {
                try await store.bindAccount(serverURL: "http://server", user: Samples.user("Bo"), token: "t3")
            }
            await #expect(throws: AccountBindingError.self) {
                try await store.bindAccount(serverURL: "http://elsewhere", user: Self.owner, token: "t3")
            }
            try await store.signOut()
            #expect(try await store.deviceAccount()?.token == nil)
            #expect(try await store.deviceAccount()?.userID == Self.owner.id)
        }
    }
}

extension Layer {
    /// The layer's ID as the feed names it.
    var recordID: String { id.uuidString }
}
