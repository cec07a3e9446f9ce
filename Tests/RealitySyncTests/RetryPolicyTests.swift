import Foundation
import RealityCore
import Testing

@testable import RealitySync

@Suite struct RetryPolicyTests {
    @Test func ceilings_doubleFromHalfASecond_upToOneMinute() {
        let policy = RetryPolicy()
        #expect((0..<10).map { policy.ceiling(attempt: $0) } == [0.5, 1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(policy.ceiling(attempt: 1000) == 60)
    }

    @Test func delays_areFullJitter_withinTheCeiling() {
        let policy = RetryPolicy()
        var generator = SplitMix64(seed: 42)
        for attempt in 0..<12 {
            let delays = (0..<200).map { _ in policy.delay(attempt: attempt, using: &generator) }
            #expect(delays.allSatisfy { $0 >= 0 && $0 <= policy.ceiling(attempt: attempt) })
            #expect(delays.min()! < policy.ceiling(attempt: attempt) / 4, "spread down to near zero")
        }
    }

    @Test func transientErrors_areRetried_andOthersAreNot() async throws {
        let policy = RetryPolicy(base: 0.001, cap: 0.002, maxRetries: 3)
        let attempts = Counter()
        let value = try await policy.run {
            if await attempts.next() < 3 { throw SyncError.server(status: 503, message: "busy") }
            return "done"
        }
        #expect(value == "done")
        #expect(await attempts.value == 4, "three failures, then the answer")

        let refused = Counter()
        await #expect(throws: SyncError.resyncRequired) {
            try await policy.run {
                _ = await refused.next()
                throw SyncError.resyncRequired
            }
        }
        #expect(await refused.value == 1)

        let exhausted = Counter()
        await #expect(throws: SyncError.network("down")) {
            try await policy.run {
                _ = await exhausted.next()
                throw SyncError.network("down")
            }
        }
        #expect(await exhausted.value == 4, "the first try and three retries")
    }

    @Test func statusCodes_mapToTheProtocolsErrors() throws {
        let limits =
            #"{"error":{"code":"batch_too_large","message":"m","field":null},"limits":{"maxMutations":10,"maxBytes":99}}"#
        #expect(
            SyncTransport.error(status: 413, headers: [:], body: Data(limits.utf8))
                == .batchTooLarge(.init(maxMutations: 10, maxBytes: 99)))
        #expect(SyncTransport.error(status: 410, headers: [:], body: Data()) == .resyncRequired)
        #expect(
            SyncTransport.error(status: 429, headers: ["Retry-After": "7"], body: Data()) == .rateLimited(retryAfter: 7)
        )
        #expect(SyncTransport.error(status: 401, headers: [:], body: Data()) == .notSignedIn)
        #expect(SyncTransport.error(status: 503, headers: [:], body: Data()).isTransient)
        #expect(!SyncTransport.error(status: 422, headers: [:], body: Data()).isTransient)
    }
}

/// Counts calls from concurrent code.
actor Counter {
    private(set) var value = 0

    /// Counts one and returns the count before it.
    func next() -> Int {
        defer { value += 1 }
        return value
    }
}
