import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// Slowing down password guessing: per account and per address, a growing delay with a cap, a
/// right password after the delay, and failure answers that say nothing about which emails exist.
@Suite("Login throttling")
struct LoginThrottleTests {
    @Test func theDelay_growsWithEachFailure_upToTheCap() {
        let throttle = LoginThrottle(
            policy: LoginThrottlePolicy(
                accountFreeFailures: 2, addressFreeFailures: 4, baseDelay: 1, accountMaxDelay: 8, addressMaxDelay: 100))
        let account = (1...8).map { throttle.delay(for: .account("a"), failures: $0) }
        #expect(account == [0, 0, 1, 2, 4, 8, 8, 8])
        let address = (1...9).map { throttle.delay(for: .address("x"), failures: $0) }
        #expect(address == [0, 0, 0, 0, 1, 2, 4, 8, 16])
        #expect(throttle.delay(for: .account("a"), failures: 10_000) == 8, "no overflow, capped")
    }

    @Test func aSuccess_clearsTheAccount_butNotTheAddress() {
        let throttle = LoginThrottle(policy: LoginThrottlePolicy(accountFreeFailures: 0, addressFreeFailures: 0))
        throttle.recordFailure(for: [.account("a"), .address("x")])
        #expect(throttle.wait(for: [.account("a")]) != nil)
        #expect(throttle.wait(for: [.address("x")]) != nil)
        throttle.clear(.account("a"))
        #expect(throttle.wait(for: [.account("a")]) == nil)
        #expect(throttle.wait(for: [.address("x")]) != nil)
    }

    @Test(arguments: Backend.allCases)
    func repeatedFailures_on1Account_are429WithRetryAfter_evenForTheRightPassword_andOnlyForThatAccount(
        _ backend: Backend
    ) async throws {
        let policy = LoginThrottlePolicy(
            accountFreeFailures: 3, addressFreeFailures: 1_000, baseDelay: 60, accountMaxDelay: 60)
        try await TestServer.run(backend, { $0.loginThrottle = policy }) { api in
            _ = try await api.register("Ada")
            for _ in 0..<4 {
                #expect(try await api.loginStatus("ada@example.com", "wrong horse").status == .unauthorized)
            }
            let throttled = try await api.loginStatus("ada@example.com", "correct horse")
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.errorCode == "login_throttled")
            #expect(throttled.headers[.retryAfter].flatMap { Int($0) }.map { (1...60).contains($0) } == true)
            // The same answer for an email without an account, once it has failed as often.
            for _ in 0..<4 { _ = try await api.loginStatus("nobody@example.com", "wrong horse") }
            #expect(try await api.loginStatus("nobody@example.com", "wrong horse").errorCode == "login_throttled")
            // Another account from the same address is not held up by Ada's.
            _ = try await api.register("Bob")
            #expect(try await api.loginStatus("bob@example.com", "correct horse").status == .ok)
        }
    }

    /// Waiting out the delay is all it takes: the right password then signs in and clears the
    /// account's failures.
    @Test(arguments: Backend.allCases)
    func afterTheDelay_theRightPasswordSignsIn_andClearsTheFailures(_ backend: Backend) async throws {
        let policy = LoginThrottlePolicy(
            accountFreeFailures: 3, addressFreeFailures: 1_000, baseDelay: 1, accountMaxDelay: 1)
        try await TestServer.run(backend, { $0.loginThrottle = policy }) { api in
            _ = try await api.register("Ada")
            for _ in 0..<4 {
                #expect(try await api.loginStatus("ada@example.com", "wrong horse").status == .unauthorized)
            }
            try await Task.sleep(for: .milliseconds(1_100))
            #expect(try await api.loginStatus("ada@example.com", "correct horse").status == .ok)
            for _ in 0..<3 {
                #expect(try await api.loginStatus("ada@example.com", "wrong horse").status == .unauthorized)
            }
            // Three failures are free again: no delay stands before this one.
            #expect(try await api.loginStatus("ada@example.com", "correct horse").status == .ok)
        }
    }

    @Test(arguments: Backend.allCases)
    func failuresFrom1Address_overManyEmails_are429(_ backend: Backend) async throws {
        let policy = LoginThrottlePolicy(accountFreeFailures: 1_000, addressFreeFailures: 3, baseDelay: 60)
        try await TestServer.run(backend, { $0.loginThrottle = policy }) { api in
            for index in 0..<4 {
                #expect(try await api.loginStatus("nobody\(index)@example.com", "wrong horse").status == .unauthorized)
            }
            let throttled = try await api.loginStatus("someone.else@example.com", "whatever it is")
            #expect(throttled.status == .tooManyRequests && throttled.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: Backend.allCases)
    func aFailure_answersTheSame_whetherOrNotTheEmailHasAnAccount(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            _ = try await api.register("Ada")
            let known = try await api.loginStatus("ada@example.com", "wrong horse")
            let unknown = try await api.loginStatus("nobody@example.com", "wrong horse")
            #expect(known.status == .unauthorized && unknown.status == .unauthorized)
            #expect(known.body == unknown.body)
        }
    }

    /// A known email's failure runs bcrypt on its hash; an unknown one's on a dummy hash of the
    /// same cost. Over many tries, interleaved, the two times overlap: each median lies within the
    /// other's spread, and they differ by far less than one hash (without the dummy hash the
    /// unknown email answers in a small fraction of the known one's time).
    @Test(arguments: Backend.allCases)
    func aFailure_takesAsLong_whetherOrNotTheEmailHasAnAccount(_ backend: Backend) async throws {
        let configure: (inout ServerConfiguration) -> Void = { configuration in
            configuration.bcryptCost = 8
            configuration.loginThrottle = LoginThrottlePolicy(accountFreeFailures: 10_000, addressFreeFailures: 10_000)
            configuration.rateLimitBurst = 10_000
        }
        try await TestServer.run(backend, configure) { api in
            _ = try await api.register("Ada")
            var known: [Double] = []
            var unknown: [Double] = []
            let clock = ContinuousClock()
            for index in 0..<30 {
                for (email, times) in [("ada@example.com", 0), ("nobody\(index)@example.com", 1)] {
                    let start = clock.now
                    #expect(try await api.loginStatus(email, "wrong horse").status == .unauthorized)
                    let elapsed = (clock.now - start) / .milliseconds(1)
                    if times == 0 { known.append(elapsed) } else { unknown.append(elapsed) }
                }
            }
            known.sort()
            unknown.sort()
            let quartile = { (values: [Double], fraction: Double) in values[Int(Double(values.count - 1) * fraction)] }
            let knownMedian = quartile(known, 0.5)
            let unknownMedian = quartile(unknown, 0.5)
            #expect(
                abs(knownMedian - unknownMedian) < 0.5 * max(knownMedian, unknownMedian),
                "medians \(knownMedian) ms and \(unknownMedian) ms")
            #expect(
                quartile(known, 0.1) < quartile(unknown, 0.9) && quartile(unknown, 0.1) < quartile(known, 0.9),
                "known \(known), unknown \(unknown)")
        }
    }
}

extension APIClient {
    /// `POST /api/v1/auth/login` with `email` and `password`.
    func loginStatus(_ email: String, _ password: String) async throws -> APIResult {
        try await send(.post, "/api/v1/auth/login", json: LoginRequest(email: email, password: password))
    }
}
