import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The server's change log (docs/sync-protocol.md) as a store writes it: commit numbers and
/// change tags, recorded push mutations and rejections, expired grants, epochs and the secret.
@Suite struct SyncLogTests {
    /// The change tag of a record, as a number.
    static func tag(_ store: some SyncLogReading, _ type: RecordType, _ id: some CustomStringConvertible) async throws
        -> Int64
    {
        let text = try #require(try await store.changeTag(of: type, id: id.description))
        return try #require(Int64(text))
    }

    @Test(arguments: StoreBackend.allCases)
    func commitsAreNumberedInOrder_andStampWhatTheyTouch(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, ben) = (Samples.user("Ana"), Samples.user("Ben"))
            let layer = Samples.layer(owner: ana.id)
            var note = Samples.note(owner: ana.id, layer: layer.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveLayer(layer), .saveAnnotation(note),
                ]))
            let first = try await Self.tag(store, .annotation, note.id)
            #expect(first > 0)
            #expect(try await Self.tag(store, .layer, layer.id) == first)
            #expect(try await Self.tag(store, .user, ana.id) == first)

            note.title = "edited"
            note.updatedAt = Samples.at(10)
            let steps: [(String, Change)] = [
                ("edit", .saveAnnotation(note)),
                ("reaction", .addReaction(Reaction(emoji: "👍", userID: ben.id), annotationID: note.id)),
                ("view", .recordView(annotationID: note.id, userID: ben.id, at: Samples.at(20))),
                ("read", .markRead(annotationID: note.id, userID: ben.id, at: Samples.at(21))),
                ("grant", .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .annotation(note.id))),
                ("revoke", .revoke(userID: ben.id, on: .annotation(note.id))),
                ("unreact", .removeReaction(annotationID: note.id, userID: ben.id, emoji: "👍")),
            ]
            var last = first
            for (name, change) in steps {
                try await store.commit(ChangeSet(changes: [change]))
                let now = try await Self.tag(store, .annotation, note.id)
                #expect(now > last, "\(name) gives the annotation a newer tag")
                last = now
            }
            // What a commit does not touch keeps its tag.
            #expect(try await Self.tag(store, .layer, layer.id) == first)
            #expect(try await Self.tag(store, .user, ben.id) == first)

            try await store.commit(
                ChangeSet(changes: [
                    .grant(Samples.grant(.editor, to: ben.id, by: ana.id), on: .layer(layer.id)),
                    .setStarred(annotationID: note.id, userID: ben.id, starred: true, at: Samples.at(30)),
                ]))
            let granted = try await Self.tag(store, .layer, layer.id)
            #expect(granted > last)
            #expect(try await Self.tag(store, .star, note.id) == granted)
            #expect(try await Self.tag(store, .annotation, note.id) == last)

            #expect(try await store.changeTag(of: .annotation, id: AnnotationID().uuidString) == nil)
            #expect(try await store.changeTag(of: .annotation, id: "not an id") == nil)
            #expect(try await store.changeTag(of: .reaction, id: note.id.uuidString) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppliedMutation_isRecordedWithItsCommitsNumber(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, ben) = (Samples.user("Ana"), Samples.user("Ben"))
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveUser(ben), .saveLayer(layer)]))
            try await store.commit(
                ChangeSet(changes: [
                    .saveAnnotation(note), .recordSyncMutation(userID: ana.id, mutationID: "m-1"),
                ]))
            let tag = try await Self.tag(store, .annotation, note.id)
            #expect(
                try await store.recordedSyncMutation(userID: ana.id, mutationID: "m-1")
                    == RecordedSyncMutation(saved: true, sequence: tag, error: nil))
            #expect(try await store.recordedSyncMutation(userID: ana.id, mutationID: "m-2") == nil)
            #expect(try await store.recordedSyncMutation(userID: ben.id, mutationID: "m-1") == nil)

            // A mutation alone (a replay-safe no-op on the data) is numbered too.
            try await store.commit(ChangeSet(changes: [.recordSyncMutation(userID: ben.id, mutationID: "m-1")]))
            let alone = try #require(try await store.recordedSyncMutation(userID: ben.id, mutationID: "m-1"))
            #expect(alone.saved)
            #expect((alone.sequence ?? 0) > tag)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPushedMutationsReceipt_holdsTheNumberItWasRecordedWith_andNothingWhenTheCommitFails(
        backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)]))
            let receipt = PushReceipt()
            let pushed = ["p-1", "p-2"].map { PushedMutation(userID: ana.id, mutationID: $0, receipt: receipt) }
            #expect(receipt.sequence == nil)
            try await store.commit(
                ChangeSet(preconditions: [.annotationsAbsent([note.id])], changes: [.saveAnnotation(note)]),
                applying: pushed)
            let tag = try await Self.tag(store, .annotation, note.id)
            #expect(receipt.sequence == tag)
            for id in ["p-1", "p-2"] {
                #expect(try await store.recordedSyncMutation(userID: ana.id, mutationID: id)?.sequence == tag)
            }

            // The same create again fails its precondition: a new receipt stays empty.
            let refused = PushReceipt()
            await #expect(throws: StoreError.self) {
                try await store.commit(
                    ChangeSet(preconditions: [.annotationsAbsent([note.id])], changes: [.saveAnnotation(note)]),
                    applying: [PushedMutation(userID: ana.id, mutationID: "p-3", receipt: refused)])
            }
            #expect(refused.sequence == nil)
            #expect(try await store.recordedSyncMutation(userID: ana.id, mutationID: "p-3") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRejection_isRecordedOnce(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .recordSyncMutation(userID: ana.id, mutationID: "saved"),
                ]))
            let first = Data(#"{"code":"forbidden","message":"No access.","field":null}"#.utf8)
            let second = Data(#"{"code":"validation_failed","message":"Other.","field":"title"}"#.utf8)
            try await store.recordSyncRejection(userID: ana.id, mutationID: "r-1", error: first, at: Samples.at(1))
            #expect(
                try await store.recordedSyncMutation(userID: ana.id, mutationID: "r-1")
                    == RecordedSyncMutation(saved: false, sequence: nil, error: first))
            // A replay changes nothing: neither a second rejection nor one of an applied mutation.
            try await store.recordSyncRejection(userID: ana.id, mutationID: "r-1", error: second, at: Samples.at(2))
            try await store.recordSyncRejection(userID: ana.id, mutationID: "saved", error: second, at: Samples.at(2))
            #expect(
                try await store.recordedSyncMutation(userID: ana.id, mutationID: "r-1")
                    == RecordedSyncMutation(saved: false, sequence: nil, error: first))
            #expect(try await store.recordedSyncMutation(userID: ana.id, mutationID: "saved")?.saved == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func expiredGrants_areTheUsersExpiredOnesOnly_andAPullReadsThemWithThePlans(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, ben, cara) = (Samples.user("Ana"), Samples.user("Ben"), Samples.user("Cara"))
            let layers = (0..<4).map { Samples.layer("L\($0)", owner: ana.id) }
            let note = Samples.note(owner: ana.id, layer: layers[0].id)
            let expired = Samples.at(100)
            try await store.commit(
                ChangeSet(
                    changes: [.saveUser(ana), .saveUser(ben), .saveUser(cara)]
                        + layers.map(Change.saveLayer) + [
                            .saveAnnotation(note),
                            .grant(
                                Samples.grant(.viewer, to: ben.id, by: ana.id, expiresAt: expired),
                                on: .layer(layers[0].id)),
                            .grant(
                                Samples.grant(.viewer, to: ben.id, by: ana.id, expiresAt: expired),
                                on: .annotation(note.id)),
                            .grant(
                                Samples.grant(.viewer, to: ben.id, by: ana.id, expiresAt: Samples.at(900)),
                                on: .layer(layers[1].id)),
                            .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(layers[2].id)),
                            .grant(
                                Samples.grant(.viewer, to: cara.id, by: ana.id, expiresAt: expired),
                                on: .layer(layers[3].id)),
                        ]))
            let bens = try await store.expiredGrants(of: ben.id, at: Samples.at(500))
            #expect(Set(bens) == [.layer(layers[0].id), .annotation(note.id)])
            #expect(bens.count == 2)
            #expect(try await store.expiredGrants(of: ben.id, at: Samples.at(50)).isEmpty)
            #expect(try await store.expiredGrants(of: cara.id, at: Samples.at(500)) == [.layer(layers[3].id)])
            #expect(try await store.expiredGrants(of: ana.id, at: Samples.at(500)).isEmpty)

            // What a pull settles first is both reads, however the store makes them.
            var settledReads = 0
            try await store.commit(
                ChangeSet(changes: [.publishPlanSharing(userID: ana.id, sharing: true, republish: [])]))
            for user in [ana, ben, cara] {
                for time in [Samples.at(50), Samples.at(500), Samples.at(1000)] {
                    let housekeeping = try await store.pullHousekeeping(for: user.id, at: time)
                    #expect(housekeeping.expiredGrants == (try await store.expiredGrants(of: user.id, at: time)))
                    let plans = try await store.planSharing(relevantTo: user.id, at: time)
                    #expect(Set(housekeeping.plans) == Set(plans))
                    #expect(housekeeping.plans.count == plans.count)
                    // With a page: the same housekeeping, and the feed's page only when it is settled.
                    for scope in SyncScope.allCases {
                        let (read, page) = try await store.pullHousekeeping(
                            for: user.id, at: time, withPageOf: scope, after: .start, limit: 50)
                        #expect(read.expiredGrants == housekeeping.expiredGrants)
                        #expect(Set(read.plans) == Set(housekeeping.plans))
                        if housekeeping.isSettled(at: time) {
                            settledReads += 1
                            let feed = try await store.syncFeed(
                                for: user.id, scope: scope, after: .start, limit: 50, now: time)
                            #expect(page == feed, "\(user.displayName) \(scope) at \(time)")
                        } else {
                            #expect(page == nil, "\(user.displayName) \(scope) at \(time): something to settle")
                        }
                    }
                }
            }
            #expect(settledReads > 0, "some reads come with their page")
            let settled = try await store.pullHousekeeping(for: ben.id, at: Samples.at(500))
            let planners: Set<UserID> = Set(settled.plans.map { $0.userID })
            #expect(planners == [ana.id, ben.id], "Ana's grants in force tie Ben to her plan")
            #expect(settled.plans.first { $0.userID == ana.id }?.shown == true, "what the feed last showed")
            #expect(settled.plans.first { $0.userID == ben.id }?.shown == nil)
            let caras = try await store.pullHousekeeping(for: cara.id, at: Samples.at(500))
            #expect(caras.plans.map(\.userID) == [cara.id], "her only grant expired")
            #expect(caras.expiredGrants == [.layer(layers[3].id)])
            let targets: Set<GrantTarget> = Set(settled.expiredGrants)
            #expect(targets == [.layer(layers[0].id), .annotation(note.id)])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingAnAccount_startsANewEpoch(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, ben) = (Samples.user("Ana"), Samples.user("Ben"))
            let layer = Samples.layer(owner: ben.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveUser(ben), .saveLayer(layer)]))
            let before = try await store.syncEpoch()
            let tag = try await Self.tag(store, .layer, layer.id)
            try await store.deleteAccount(ben.id, at: Samples.at(50))
            #expect(try await store.syncEpoch() == before + 1)
            // Numbering goes on after the new epoch.
            let other = Samples.layer(owner: ana.id)
            try await store.commit(ChangeSet(changes: [.saveLayer(other)]))
            #expect(try await Self.tag(store, .layer, other.id) > tag)
            #expect(try await store.syncEpoch() == before + 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theSecret_isMadeOnceAndKept(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let secret = try await store.syncSecret()
            #expect(secret.count == 32)
            #expect(try await store.syncSecret() == secret)
        }
    }
}
