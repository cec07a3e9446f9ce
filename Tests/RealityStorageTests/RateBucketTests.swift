import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The shared rate limits' buckets (issue 22) on every backend: a burst, a refill at the limit's
/// rate, buckets apart by limit and subject, and concurrent takes that never take more than a
/// bucket holds.
@Suite("Shared rate limits")
struct RateBucketTests {
    static let limit = SharedRateLimit(name: "test.limit", burst: 3, perSecond: 0.5)

    @Test(arguments: StoreBackend.allCases) func aBurst_thenAWaitUntilTheBucketRefills(_ backend: StoreBackend)
        async throws
    {
        try await withStore(backend) { store async throws in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            for _ in 0..<3 {
                #expect(try await store.takeToken(Self.limit, subject: "ada", now: start) == nil)
            }
            // Empty: one token comes back in two seconds at half a token a second.
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: start) == 2)
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: start.addingTimeInterval(1)) == 1)
            // A refused take spends nothing: at two seconds the token is there.
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: start.addingTimeInterval(2)) == nil)
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: start.addingTimeInterval(2)) == 2)
            // A long quiet refills to the burst, never past it.
            let later = start.addingTimeInterval(3_600)
            for _ in 0..<3 {
                #expect(try await store.takeToken(Self.limit, subject: "ada", now: later) == nil)
            }
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: later) != nil)
            // A clock behind the last take (another instance's) refills nothing and is no error.
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: start) != nil)
        }
    }

    @Test(arguments: StoreBackend.allCases) func buckets_areApartByLimitAndSubject(_ backend: StoreBackend)
        async throws
    {
        try await withStore(backend) { store async throws in
            let now = Date()
            let other = SharedRateLimit(name: "test.other", burst: 1, perSecond: 0.001)
            for _ in 0..<3 { _ = try await store.takeToken(Self.limit, subject: "ada", now: now) }
            #expect(try await store.takeToken(Self.limit, subject: "ada", now: now) != nil)
            #expect(try await store.takeToken(Self.limit, subject: "bob", now: now) == nil)
            #expect(try await store.takeToken(other, subject: "ada", now: now) == nil)
            // A limit refilling once in 1,000 s says so, in whole seconds.
            #expect(try await store.takeToken(other, subject: "ada", now: now) == 1_000)
            #expect(try await store.rowCount("rate_buckets") == 3)
        }
    }

    @Test(arguments: StoreBackend.allCases) func concurrentTakes_neverTakeMoreThanTheBucketHolds(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend, connections: 8) { store async throws in
            let limit = SharedRateLimit(name: "test.race", burst: 10, perSecond: 0.001)
            let now = Date()
            let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await store.takeToken(limit, subject: "ada", now: now) == nil }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(allowed == 10)
        }
    }
}
