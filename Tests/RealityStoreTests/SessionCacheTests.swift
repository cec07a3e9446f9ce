import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// The SQLite server's cache of live sessions: what it keeps, and that a revocation is never
/// undone by a read that began before it.
@Suite struct SessionCacheTests {
    @Test func insertedSession_isFound_untilRevoked() {
        let cache = SessionCache()
        let ada = session(UserID())
        let (missing, generation) = cache.lookup("a")
        #expect(missing == nil)
        cache.insert("a", session: ada, generation: generation)
        #expect(cache.lookup("a").session == ada)
        cache.revoke(tokenHash: "a")
        #expect(cache.lookup("a").session == nil)
    }

    @Test func revokingByID_forgetsThatSession_only() {
        let cache = SessionCache()
        let user = UserID()
        let one = session(user)
        let two = session(user)
        let generation = cache.lookup("x").generation
        cache.insert("one", session: one, generation: generation)
        cache.insert("two", session: two, generation: generation)
        cache.revoke(id: one.id)
        #expect(cache.lookup("one").session == nil)
        #expect(cache.lookup("two").session == two)
    }

    private func session(_ user: UserID) -> AccountSession {
        AccountSession(userID: user, createdAt: Samples.start)
    }

    @Test func answerReadBeforeARevocation_isNotCached() {
        let cache = SessionCache()
        let ada = session(UserID())
        let (_, before) = cache.lookup("a")
        // The database said "live", but the session was revoked before the answer came back.
        cache.revoke(tokenHash: "a")
        cache.insert("a", session: ada, generation: before)
        #expect(cache.lookup("a").session == nil)
        let (_, after) = cache.lookup("a")
        cache.insert("a", session: ada, generation: after)
        #expect(cache.lookup("a").session == ada)
    }

    @Test func revokingAUser_forgetsEverySessionOfTheirs_only() {
        let cache = SessionCache()
        let ada = UserID()
        let bob = UserID()
        let generation = cache.lookup("x").generation
        cache.insert("a1", session: session(ada), generation: generation)
        cache.insert("a2", session: session(ada), generation: generation)
        cache.insert("b1", session: session(bob), generation: generation)
        cache.revokeAll(of: ada)
        #expect(cache.lookup("a1").session == nil)
        #expect(cache.lookup("a2").session == nil)
        #expect(cache.lookup("b1").session?.userID == bob)
    }

    /// No entry expires while the cache fills, however slowly (under a sanitizer, filling it
    /// takes longer than the default lifetime): only the capacity makes room.
    @Test func theCacheHoldsAtMostItsCapacity() {
        let cache = SessionCache(lifetime: .seconds(3600))
        let generation = cache.lookup("x").generation
        for index in 0...SessionCache.capacity {
            cache.insert("t\(index)", session: session(UserID()), generation: generation)
        }
        #expect(cache.count == SessionCache.capacity)
        #expect(cache.lookup("t\(SessionCache.capacity)").session != nil, "the newest entry is kept")
    }

    @Test(arguments: StoreKind.allCases)
    func revokedSession_isRefusedAtOnce_afterCachedLookups(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self) { store in
            let ada = Samples.user("Ada")
            try await store.createAccount(
                Account(userID: ada.id, email: "ada@example.com", passwordHash: "x", createdAt: Samples.start),
                user: ada)
            try await store.createSession(tokenHash: "one", userID: ada.id, at: Samples.start)
            try await store.createSession(tokenHash: "two", userID: ada.id, at: Samples.start)
            for _ in 0..<2 {
                #expect(try await store.sessionUser(tokenHash: "one") == ada.id)
                #expect(try await store.sessionUser(tokenHash: "two") == ada.id)
            }
            try await store.revokeSession(tokenHash: "one")
            #expect(try await store.sessionUser(tokenHash: "one") == nil)
            #expect(try await store.sessionUser(tokenHash: "two") == ada.id)
            try await store.deleteAccount(ada.id, at: Samples.start)
            #expect(try await store.sessionUser(tokenHash: "two") == nil)
        }
    }
}
