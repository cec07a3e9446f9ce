import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

extension PostgresServerTests {
    /// How soon every instance must refuse or show what another changed: the bound stated in
    /// docs/performance.md ("Read caches on PostgreSQL"). Well under an entry's lifetime (5 s), so
    /// that only the change's notice can meet it.
    static let noticeBound: Duration = .seconds(2)

    /// Each instance answers sessions and annotations from memory while it hears the others
    /// (issue 24), and forgets them when another instance changes them: an edit, a revoked grant, a
    /// logout, a revoked session, "sign out everywhere", a password change and a deleted account on
    /// one instance are seen on the other within ``noticeBound``; so is the new sync epoch the
    /// deletion starts (a token issued before it answers 410).
    @Test func readCaches_forgetWhatAnotherInstanceChanged_withinTheBound() async throws {
        try await withTwoInstances { viaOne, viaTwo in
            let ada = try await viaOne.register("Ada")
            let bob = try await viaOne.register("Bob")
            try await viaOne.setTier(.pro, for: ada.id)
            let layer = try await viaOne.createLayer(ada)
            let note = try await viaOne.createNote(ada, in: layer.id)
            try await viaOne.share(layer.id, by: ada, with: bob, as: .viewer)
            let path = "/api/v1/annotations/\(note.id)"
            // Instance one answers from memory once its relay listens.
            #expect(
                try await Self.within(.seconds(30)) {
                    _ = try await viaOne.send(.get, path, token: bob.token)
                    let annotations = try await Self.hits(viaOne, "annotations")
                    let sessions = try await Self.hits(viaOne, "sessions")
                    return annotations > 0 && sessions > 0
                }, "instance one keeps what it read")

            #expect(try await viaTwo.send(.patch, path, token: ada.token, raw: #"{"title": "Freezer"}"#).status == .ok)
            #expect(
                try await Self.within(Self.noticeBound) {
                    try await viaOne.send(.get, path, token: ada.token).decode(Annotation.self).title == "Freezer"
                }, "an edit on two")

            #expect(try await viaOne.send(.get, path, token: bob.token).status == .ok)
            let revoke = "/api/v1/layers/\(layer.id)/permissions/\(bob.id)"
            #expect(try await viaTwo.send(.delete, revoke, token: ada.token).status == .noContent)
            #expect(
                try await Self.within(Self.noticeBound) {
                    try await viaOne.send(.get, path, token: bob.token).status == .notFound
                }, "a grant revoked on two")

            for ending in Ending.allCases {
                let victim = try await Self.login(viaOne, "ada", device: "victim")
                let actor = try await Self.login(viaOne, "ada", device: "actor")
                #expect(try await viaOne.send(.get, "/api/v1/me", token: victim).status == .ok, "\(ending)")
                #expect(try await viaOne.send(.get, "/api/v1/me", token: victim).status == .ok, "\(ending)")
                try await ending.end(victim, by: actor, via: viaTwo)
                #expect(
                    try await Self.within(Self.noticeBound) {
                        try await viaOne.send(.get, "/api/v1/me", token: victim).status == .unauthorized
                    }, "\(ending) on two")
            }
            let ended = try await Self.login(viaOne, "ada", device: "last")
            #expect(try await viaOne.send(.get, path, token: ended).status == .ok)
            // Bob's pulls on one keep the epoch in memory.
            let token = try await viaOne.pull(bob, .private).token
            #expect(try await viaOne.pullResult(bob, .private, since: token).status == .ok)
            #expect(try await Self.hits(viaOne, "epoch") > 0, "instance one keeps the epoch")
            #expect(try await viaTwo.send(.delete, "/api/v1/me", token: ended).status == .noContent)
            #expect(
                try await Self.within(Self.noticeBound) {
                    let bobsLook = try await viaOne.send(.get, path, token: bob.token).status
                    let adasLook = try await viaOne.send(.get, "/api/v1/me", token: ended).status
                    let bobsPull = try await viaOne.pullResult(bob, .private, since: token).status
                    return bobsLook == .notFound && adasLook == .unauthorized && bobsPull == .gone
                }, "an account deleted on two")
        }
    }

    /// The ways a session ends, each done on the other instance.
    enum Ending: CaseIterable {
        case logout, revokeByID, revokeOthers, passwordChange

        func end(_ victim: String, by actor: String, via api: APIClient) async throws {
            switch self {
            case .logout:
                #expect(try await api.send(.post, "/api/v1/auth/logout", token: victim).status == .noContent)
            case .revokeByID:
                let sessions = try await api.send(.get, "/api/v1/me/sessions", token: actor).decode(
                    Page<SessionInfo>.self)
                let target = try #require(sessions.items.first { $0.deviceName == "victim" })
                #expect(
                    try await api.send(.delete, "/api/v1/me/sessions/\(target.id)", token: actor).status == .noContent)
            case .revokeOthers:
                #expect(try await api.send(.post, "/api/v1/me/sessions/revoke-others", token: actor).status == .ok)
            case .passwordChange:
                let change = PasswordChangeRequest(currentPassword: "correct horse", newPassword: "correct horse")
                let changed = try await api.send(.post, "/api/v1/me/password", token: actor, json: change)
                #expect(changed.status == .noContent, "\(String(decoding: changed.body, as: UTF8.self))")
            }
        }
    }

    private static func login(_ api: APIClient, _ name: String, device: String) async throws -> String {
        let result = try await api.send(
            .post, "/api/v1/auth/login",
            json: LoginRequest(email: "\(name)@example.com", password: "correct horse", deviceName: device))
        return try result.decode(AuthResponse.self).token
    }

    /// The hits so far of the store cache `name`, from `/metrics`.
    private static func hits(_ api: APIClient, _ name: String) async throws -> Double {
        let exposition = String(decoding: try await api.send(.get, "/metrics").body, as: UTF8.self)
        return OperationsTests.value(of: #"store_cache_hits_total{cache="\#(name)"}"#, in: exposition) ?? 0
    }

    /// Whether `condition` holds within `bound`, asked every 10 ms.
    static func within(_ bound: Duration, _ condition: () async throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + bound
        while clock.now < end {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try await condition()
    }
}
