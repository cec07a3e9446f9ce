import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// People, invitations and members (issue 20), on both backends.
@Suite("People and invitations")
struct PeopleRouteTests {
    @Test(arguments: Backend.allCases) func findUser_byExactEmail_answersOnlyIDAndName_andIsRateLimited(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let found = try await api.send(.get, "/api/v1/users?email=BOB%40example.com", token: a.token)
            #expect(found.status == .ok)
            #expect(try found.decode(UserSummary.self) == UserSummary(id: b.id, displayName: "Bob"))
            let keys = try JSONSerialization.jsonObject(with: found.body) as? [String: Any]
            #expect(Set(keys?.keys ?? [:].keys) == ["id", "displayName"], "never the email or anything else")
            #expect(
                try await api.send(.get, "/api/v1/users?email=nobody%40example.com", token: a.token).status == .notFound
            )
            let c = try await api.register("Carol")
            for bad in ["", "not-an-email", String(repeating: "x", count: 300) + "%40example.com"] {
                let result = try await api.send(.get, "/api/v1/users?email=\(bad)", token: c.token)
                #expect(result.status == .badRequest && result.errorField == "email", "\(bad)")
            }
            #expect(try await api.send(.get, "/api/v1/users?email=bob%40example.com").status == .unauthorized)
            // Bad emails spent nothing: Carol still has her ten.
            try await Self.expectLookupsLimited(token: c.token, via: [api])
            // Ten at once, then one every six seconds: no listing by guessing.
            try await Self.expectLookupsLimited(token: b.token, via: [api])
        }
    }

    /// Looks up unknown emails with `token` through each of `clients` by turns until refused:
    /// ten are served, then a 429 says when to try again. A slow machine may earn a refill or two
    /// while asking, so the bound counts the time the asking took.
    static func expectLookupsLimited(
        token: String, via clients: [APIClient], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let start = ContinuousClock.now
        var served = 0
        var limited: APIResult?
        for index in 0..<40 {
            let api = clients[index % clients.count]
            let result = try await api.send(.get, "/api/v1/users?email=p\(index)%40example.com", token: token)
            if result.status == .tooManyRequests {
                limited = result
                break
            }
            #expect(result.status == .notFound, sourceLocation: sourceLocation)
            served += 1
        }
        let refills = Int((ContinuousClock.now - start) / .seconds(6)) + 1
        #expect(
            limited?.errorCode == "rate_limited" && limited?.headers[.retryAfter] != nil,
            "refused, with when to try again", sourceLocation: sourceLocation)
        #expect(served >= 10 && served <= 10 + refills, "\(served) served", sourceLocation: sourceLocation)
    }

    @Test(arguments: Backend.allCases) func invitations_becomeGrants_atOnceOrWhenTheEmailRegisters(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.pro, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a, name: "Garden")
            func invite(_ email: String, _ level: PermissionLevel, layer: LayerID? = nil, note: AnnotationID? = nil)
                async throws -> APIResult
            {
                try await api.send(
                    .post, "/api/v1/invitations", token: a.token,
                    json: InvitationRequest(email: email, layerID: layer, annotationID: note, level: level))
            }
            // Bob has an account: a grant at once, and a notification.
            let atOnce = try await invite("Bob@Example.com", .viewer, layer: layer.id)
            #expect(atOnce.status == .created)
            let accepted = try atOnce.decode(Invitation.self)
            #expect(accepted.status == .accepted && accepted.acceptedBy == b.id && accepted.email == "bob@example.com")
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: b.token).status == .ok)
            #expect(try await api.notifications(b).contains { $0.type == .shared })

            // Carol has none yet: pending until she registers.
            let pending = try await invite("carol@example.com", .commenter, layer: layer.id).decode(Invitation.self)
            #expect(pending.status == .pending)
            #expect(abs(pending.expiresAt.timeIntervalSince(pending.createdAt) - Invitation.defaultLifetime) < 1)
            let c = try await api.register("Carol")
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: c.token).status == .ok)
            let sent = try await api.send(.get, "/api/v1/invitations", token: a.token).decode(Page<Invitation>.self)
            #expect(sent.items.first { $0.id == pending.id }?.status == .accepted)
            #expect(sent.items.first { $0.id == pending.id }?.acceptedBy == c.id)

            // An annotation by email.
            let note = try await api.createNote(a, in: layer.id)
            let hidden = try await api.createLayer(a, name: "Private")
            let secret = try await api.createNote(a, in: hidden.id)
            #expect(try await invite("dan@example.com", .viewer, note: secret.id).status == .created)
            let d = try await api.register("Dan")
            #expect(try await api.send(.get, "/api/v1/annotations/\(secret.id)", token: d.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/layers/\(hidden.id)", token: d.token).status == .notFound)

            // Withdrawn before Erin registers: nothing for her. Withdrawn twice: 409. Not Bob's to withdraw.
            let withdrawn = try await invite("erin@example.com", .editor, layer: layer.id).decode(Invitation.self)
            #expect(
                try await api.send(.delete, "/api/v1/invitations/\(withdrawn.id)", token: b.token).status == .notFound)
            #expect(
                try await api.send(.delete, "/api/v1/invitations/\(withdrawn.id)", token: a.token).status == .noContent)
            #expect(
                try await api.send(.delete, "/api/v1/invitations/\(withdrawn.id)", token: a.token).status == .conflict)
            let e = try await api.register("Erin")
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: e.token).status == .notFound)
            // An accepted one cannot be withdrawn (revoke the grant instead).
            #expect(
                try await api.send(.delete, "/api/v1/invitations/\(pending.id)", token: a.token).status == .conflict)

            // A lapsed invitation is not taken.
            try await api.store.saveInvitation(
                Invitation(
                    inviterID: a.id, email: "fay@example.com", layerID: layer.id, level: .viewer,
                    createdAt: Date().addingTimeInterval(-40 * 86_400), expiresAt: Date().addingTimeInterval(-1)))
            let f = try await api.register("Fay")
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: f.token).status == .notFound)

            // A pending one for an account that exists (its email was free when it was sent) is
            // taken at the next sign-in.
            let quiet = try await api.createLayer(a, name: "Quiet")
            try await api.store.saveInvitation(
                Invitation(
                    inviterID: a.id, email: "fay@example.com", layerID: quiet.id, level: .commenter,
                    createdAt: Date(), expiresAt: Date().addingTimeInterval(86_400)))
            #expect(try await api.send(.get, "/api/v1/layers/\(quiet.id)", token: f.token).status == .notFound)
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "fay@example.com", password: "correct horse"))
            let signedIn = try login.decode(AuthResponse.self)
            let taken = try await api.send(.get, "/api/v1/layers/\(quiet.id)", token: signedIn.token)
            #expect(taken.status == .ok && (try? taken.decode(Layer.self).myPermission) == .commenter)
            _ = note
        }
    }

    @Test(arguments: Backend.allCases) func invitations_refuseWhatTheInviterCannotShare_andBadInput(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.pro, for: a.id)
            let b = try await api.register("Bob")
            try await api.setTier(.pro, for: b.id)
            let layer = try await api.createLayer(a)
            try await api.share(layer.id, by: a, with: b, as: .viewer)
            let theirs = try await api.createLayer(b, name: "Bob's")
            func invite(_ session: Session, _ body: String) async throws -> APIResult {
                try await api.send(.post, "/api/v1/invitations", token: session.token, raw: body)
            }
            // A viewer cannot share; a layer one cannot see is not found.
            #expect(
                try await invite(b, #"{"email":"x@example.com","layerID":"\#(layer.id)","level":"viewer"}"#).status
                    == .forbidden)
            #expect(
                try await invite(a, #"{"email":"x@example.com","layerID":"\#(theirs.id)","level":"viewer"}"#).status
                    == .notFound)
            let cases: [(String, String?)] = [
                (#"{"email":"x@example.com","level":"viewer"}"#, "layerID"),
                (
                    #"{"email":"x@example.com","layerID":"\#(layer.id)","annotationID":"\#(UUID())","level":"viewer"}"#,
                    "layerID"
                ),
                (#"{"email":"","layerID":"\#(layer.id)","level":"viewer"}"#, "email"),
                (#"{"email":"no-at-sign","layerID":"\#(layer.id)","level":"viewer"}"#, "email"),
                (#"{"email":"x@example.com","layerID":"\#(layer.id)","level":"emperor"}"#, nil),
                (#"{"email":42,"layerID":"\#(layer.id)","level":"viewer"}"#, nil),
                ("not json", nil),
            ]
            for (body, field) in cases {
                let result = try await invite(a, body)
                #expect(result.status == .badRequest, "\(body)")
                if let field { #expect(result.errorField == field, "\(body)") }
            }
            #expect(
                try await api.send(.get, "/api/v1/invitations", token: a.token).decode(Page<Invitation>.self).items
                    .isEmpty)

            // An invitation must pass the rules the grant will: the plan, and no level above one's own.
            let c = try await api.register("Carol")
            let carols = try await api.createLayer(c, name: "Carol's")
            let free = try await invite(c, #"{"email":"x@example.com","layerID":"\#(carols.id)","level":"viewer"}"#)
            #expect(free.status == .forbidden && free.errorCode == "sharing_not_allowed_on_tier")
            let shared = try await api.createLayer(a, name: "Shared")
            try await api.share(shared.id, by: a, with: b, as: .editor)
            let above = try await invite(b, #"{"email":"x@example.com","layerID":"\#(shared.id)","level":"owner"}"#)
            #expect(above.status == .forbidden && above.errorCode == "cannot_grant_above_own_level")
            let within = try await invite(b, #"{"email":"x@example.com","layerID":"\#(shared.id)","level":"editor"}"#)
            #expect(within.status == .created)
        }
    }

    @Test(arguments: Backend.allCases) func members_listOwnerAndGrants_andArePutAndRemoved(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.pro, for: a.id)
            let b = try await api.register("Bob")
            let c = try await api.register("Carol")
            let layer = try await api.createLayer(a)
            let path = "/api/v1/layers/\(layer.id)/members"
            let put = try await api.send(
                .put, "\(path)/\(b.id)", token: a.token, json: MemberRequest(level: .commenter))
            #expect(put.status == .ok)
            #expect(try put.decode(Permission.self).level == .commenter)
            var members = try await api.send(.get, path, token: a.token).decode(Page<Member>.self).items
            #expect(members.map(\.userID) == [a.id, b.id])
            #expect(members.map(\.level) == [.owner, .commenter] && members.map(\.isOwner) == [true, false])
            #expect(members.map(\.displayName) == ["Alice", "Bob"])
            // A commenter may not see who else is in, nor add anyone.
            #expect(try await api.send(.get, path, token: b.token).status == .forbidden)
            #expect(
                try await api.send(.put, "\(path)/\(c.id)", token: b.token, json: MemberRequest(level: .viewer)).status
                    == .forbidden)
            #expect(try await api.send(.get, path, token: c.token).status == .notFound)
            #expect(
                try await api.send(.put, "\(path)/\(UUID())", token: a.token, json: MemberRequest(level: .viewer))
                    .status
                    == .notFound)
            #expect(try await api.send(.delete, "\(path)/\(b.id)", token: a.token).status == .noContent)
            members = try await api.send(.get, path, token: a.token).decode(Page<Member>.self).items
            #expect(members.map(\.userID) == [a.id])
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: b.token).status == .notFound)
        }
    }
}
