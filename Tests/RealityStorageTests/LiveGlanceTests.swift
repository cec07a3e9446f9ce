import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The live-events hub's glance at a user's feeds (``LiveAudienceReading/liveGlance``): the same
/// answer the feed gives about whether each scope changed and how far it reaches, the
/// notifications whole, and nothing of what the user may not see.
@Suite struct LiveGlanceTests {
    typealias World = SyncFeedTests.World

    @Test(arguments: StoreBackend.allCases)
    func aGlance_agreesWithTheFeed_forEveryUserAndScope(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            for user in [world.ana.id, world.ben.id, world.cara.id] {
                let glances = try await store.liveGlance(
                    for: user, after: Self.cursors(.start), limit: 50, now: syncNow)
                #expect(Set(glances.keys) == Set(SyncScope.allCases))
                for scope in SyncScope.allCases {
                    let glance = try #require(glances[scope])
                    let seen = try await store.seen(user, scope)
                    #expect(glance.changed == !seen.isEmpty, "\(user) \(scope)")
                    #expect(SyncCursor.after(glance.head) == (try await store.head(user, scope)), "\(user) \(scope)")
                    #expect(glance.notifications.isEmpty)
                }
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func afterItsHead_aGlanceSeesOnlyLaterCommits_thatTheUserMaySee(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            var heads: [UserID: [SyncScope: SyncCursor]] = [:]
            for user in [world.ana.id, world.ben.id, world.cara.id] {
                let glances = try await store.liveGlance(
                    for: user, after: Self.cursors(.start), limit: 50, now: syncNow)
                heads[user] = glances.mapValues { .after($0.head) }
                let again = try await store.liveGlance(
                    for: user, after: try #require(heads[user]), limit: 50, now: syncNow)
                #expect(again.values.allSatisfy { !$0.changed }, "\(user): nothing new")
            }
            // A note in Ana's shared layer: Ana's private scope and Ben's shared one; Cara hears nothing.
            try await store.commit(
                ChangeSet(changes: [.saveAnnotation(Samples.note("new", owner: world.ana.id, layer: world.shared.id))]))
            let changed = { (user: UserID) in
                let glances = try await store.liveGlance(
                    for: user, after: try #require(heads[user]), limit: 50, now: syncNow)
                return Set(glances.filter(\.value.changed).keys)
            }
            #expect(try await changed(world.ana.id) == [.private])
            #expect(try await changed(world.ben.id) == [.shared])
            #expect(try await changed(world.cara.id) == [])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func notifications_comeWhole_toTheirRecipientOnly(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let before = try await store.liveGlance(
                for: world.ben.id, after: Self.cursors(.start), limit: 50, now: syncNow)
            let notice = AppNotification(
                recipientID: world.ben.id, type: .comment, title: "Ana replied", body: "on s")
            try await store.commit(ChangeSet(changes: [.addNotification(notice)]))
            let ben = try await store.liveGlance(
                for: world.ben.id, after: before.mapValues { .after($0.head) }, limit: 50, now: syncNow)
            #expect(ben[.private]?.notifications == [notice])
            #expect(ben[.private]?.changed == true)
            #expect(ben[.shared]?.notifications == [] && ben[.public]?.notifications == [])
            let ana = try await store.liveGlance(
                for: world.ana.id, after: Self.cursors(.after(before[.private]?.head ?? 0)), limit: 50, now: syncNow)
            #expect(ana.values.allSatisfy { $0.notifications.isEmpty && !$0.changed })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func onlyTheScopesAsked_andAtLeastOneEntry_areRead(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            #expect(try await store.liveGlance(for: world.ben.id, after: [:], limit: 50, now: syncNow).isEmpty)
            // A limit below one reads one entry, as the feed does: the scope still shows as changed.
            let one = try await store.liveGlance(
                for: world.ben.id, after: [.shared: .start], limit: 0, now: syncNow)
            #expect(Array(one.keys) == [.shared])
            #expect(one[.shared]?.changed == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theSharedLook_isThePublicGlance_withTheAudienceOfTheSameCommits(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let nobody = UserID(UUID())
            let start = try await store.liveGlance(for: nobody, after: [.public: .after(.max)], limit: 1, now: syncNow)
            var looked = try #require(start[.public]?.head)
            let look = { (expected: LiveAudience, publicChanged: Bool) in
                let (glance, audience) = try await store.liveSharedLook(for: nobody, after: looked, now: syncNow)
                let alone = try await store.liveGlance(
                    for: nobody, after: [.public: .after(looked)], limit: 1, now: syncNow)
                #expect(glance == alone[.public])
                #expect(glance.changed == publicChanged)
                #expect(audience == expected)
                #expect(audience == (try await store.liveAudience(after: looked)))
                looked = glance.head
            }
            // Nothing since: an unchanged glance at the same head, and no one tied.
            try await look(.users([]), false)
            // A note in Ana's shared layer: Ana and Ben are tied; the public feed has nothing.
            try await store.commit(
                ChangeSet(changes: [.saveAnnotation(Samples.note("new", owner: world.ana.id, layer: world.shared.id))]))
            try await look(.users([world.ana.id, world.ben.id]), false)
            // One in her public layer: the public feed has it, and Ana is tied.
            try await store.commit(
                ChangeSet(changes: [.saveAnnotation(Samples.note("open", owner: world.ana.id, layer: world.open.id))]))
            try await look(.users([world.ana.id]), true)
            // A grant changes access: everyone.
            try await store.commit(
                ChangeSet(changes: [
                    .grant(Samples.grant(.viewer, to: world.cara.id, by: world.ana.id), on: .layer(world.shared.id))
                ]))
            try await look(.everyone, false)
        }
    }

    static func cursors(_ cursor: SyncCursor) -> [SyncScope: SyncCursor] {
        Dictionary(uniqueKeysWithValues: SyncScope.allCases.map { ($0, cursor) })
    }
}
