import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// The account's own sessions over HTTP: listing them (never their tokens), ending one, ending
/// all the others, and their idle and maximum lifetimes, on both backends.
@Suite("Session management")
struct SessionManagementTests {
    @Test(arguments: Backend.allCases)
    func sessions_listEachDevice_markTheCurrentOne_andNeverShowATokenOrItsHash(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let tablet = try await api.login("ada@example.com", deviceName: "Ada's tablet")
            let answer = try await api.send(.get, "/api/v1/me/sessions", token: ada.token)
            #expect(answer.status == .ok)
            let sessions = try answer.decode(Page<SessionInfo>.self).items
            #expect(sessions.count == 2)
            #expect(sessions.filter(\.current).count == 1)
            #expect(sessions.first { !$0.current }?.deviceName == "Ada's tablet")
            let text = String(decoding: answer.body, as: UTF8.self)
            for token in [ada.token, tablet] {
                #expect(!text.contains(token))
                #expect(!text.contains(TokenDigest.sha256(token)))
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func revokingASession_endsThatOneOnly_andAnotherUsersSession_is404(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let bob = try await api.register("Bob")
            let tablet = try await api.login("ada@example.com", deviceName: "tablet")
            let sessions = try await api.send(.get, "/api/v1/me/sessions", token: ada.token)
                .decode(Page<SessionInfo>.self).items
            let tabletID = try #require(sessions.first { !$0.current }).id

            #expect(
                try await api.send(.delete, "/api/v1/me/sessions/\(tabletID)", token: bob.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/me", token: tablet).status == .ok, "Bob ended nothing")
            #expect(try await api.send(.delete, "/api/v1/me/sessions/\(UUID())", token: ada.token).status == .notFound)
            let badID = try await api.send(.delete, "/api/v1/me/sessions/not-an-id", token: ada.token)
            #expect(badID.status == .badRequest && badID.errorField == "id")

            #expect(
                try await api.send(.delete, "/api/v1/me/sessions/\(tabletID)", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: tablet).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok)
            #expect(
                try await api.send(.delete, "/api/v1/me/sessions/\(tabletID)", token: ada.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases)
    func revokeOthers_endsEverySessionButTheCallers_andNoOtherUsers(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let bob = try await api.register("Bob")
            let others = [try await api.login("ada@example.com"), try await api.login("ada@example.com")]
            for token in others { #expect(try await api.send(.get, "/api/v1/me", token: token).status == .ok) }

            let answer = try await api.send(.post, "/api/v1/me/sessions/revoke-others", token: ada.token)
            #expect(answer.status == .ok)
            #expect(try answer.decode(RevokedSessions.self).revoked == 2)
            for token in others {
                #expect(try await api.send(.get, "/api/v1/me", token: token).status == .unauthorized)
            }
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/me", token: bob.token).status == .ok)
            let left = try await api.send(.get, "/api/v1/me/sessions", token: ada.token).decode(Page<SessionInfo>.self)
            #expect(left.items.count == 1 && left.items[0].current)
        }
    }

    @Test(arguments: Backend.allCases)
    func anIdleSession_expires_with401SessionExpired(_ backend: Backend) async throws {
        try await TestServer.run(backend, { $0.sessionLifetimes = SessionLifetimes(idle: 2, maximum: 3_600) }) { api in
            let ada = try await api.register("Ada")
            try await Task.sleep(for: .milliseconds(2_500))
            let expired = try await api.send(.get, "/api/v1/me", token: ada.token)
            #expect(expired.status == .unauthorized)
            #expect(expired.errorCode == "session_expired")
            #expect(try await api.send(.get, "/api/v1/layers", token: ada.token).errorCode == "session_expired")
        }
    }

    /// Use keeps a session past its idle lifetime (each use recorded once per touch interval),
    /// but not past its maximum.
    @Test(arguments: Backend.allCases)
    func aSessionInUse_outlivesItsIdleLifetime_butNotItsMaximum(_ backend: Backend) async throws {
        try await TestServer.run(backend, { $0.sessionLifetimes = SessionLifetimes(idle: 10, maximum: 30) }) { api in
            let ada = try await api.register("Ada")
            // The session's own start, as the server recorded it: the lifetimes count from it.
            let began = try #require(
                try await api.send(.get, "/api/v1/me/sessions", token: ada.token).decode(Page<SessionInfo>.self)
                    .items.first
            ).createdAt
            // Used every 400 ms until 11.5 s after it began: past its idle lifetime (10 s), and each
            // request sent 18.5 s before its maximum (30 s), so a loaded full run that stalls for
            // seconds still reads the session before it ends.
            while Date() < began.addingTimeInterval(11.5) {
                #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok)
                try await Task.sleep(for: .milliseconds(400))
            }
            let sessions = try await api.send(.get, "/api/v1/me/sessions", token: ada.token).decode(
                Page<SessionInfo>.self)
            let session = try #require(sessions.items.first)
            // Each use is recorded once per touch interval (2.5 s here): the last recorded one is
            // well after the session began.
            #expect(session.lastUsedAt > session.createdAt.addingTimeInterval(6), "use was recorded: \(sessions.items)")
            try await Task.sleep(for: .seconds(max(0, began.addingTimeInterval(30.2).timeIntervalSinceNow)))
            let ended = try await api.send(.get, "/api/v1/me", token: ada.token)
            #expect(
                ended.status == .unauthorized && ended.errorCode == "session_expired",
                "\(ended.status) \(String(decoding: ended.body, as: UTF8.self))")
        }
    }

    /// With the default lifetimes a session's last use is recorded at most once a minute: a burst
    /// of requests writes nothing.
    @Test(arguments: Backend.allCases)
    func aBurstOfRequests_doesNotRecordEachUse(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            for _ in 0..<5 { #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok) }
            let session = try #require(
                try await api.send(.get, "/api/v1/me/sessions", token: ada.token).decode(Page<SessionInfo>.self).items
                    .first)
            #expect(session.lastUsedAt == session.createdAt)
            #expect(SessionLifetimes().touchInterval == 60)
        }
    }
}

extension APIClient {
    /// Signs in again as an existing test user (password "correct horse"); the new token.
    func login(_ email: String, deviceName: String? = nil) async throws -> String {
        let result = try await send(
            .post, "/api/v1/auth/login",
            json: LoginRequest(email: email, password: "correct horse", deviceName: deviceName))
        guard result.status == .ok else { throw TestFailure("login \(email): \(result.status)") }
        return try result.decode(AuthResponse.self).token
    }
}
