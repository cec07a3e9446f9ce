import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box's friends over HTTP (issue 22), on both backends: friend requests in every state,
/// privacy settings deciding who may find and ask whom, blocks, and bad input refused with nothing
/// changed.
@Suite struct SocialRouteTests {
    @Test(arguments: Backend.allCases)
    func friendRequests_moveThroughEveryState(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let cleo = try await api.register("Cleo")

            // Ana asks Bob by email: it waits, and Bob is told.
            let asked = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "Bob@Example.com"))
            #expect(asked.status == .created)
            let request = try asked.decode(FriendRequest.self)
            #expect(request.status == .pending && request.fromID == ana.id.rawValue && request.toID == bob.id.rawValue)
            #expect(request.fromName == "Ana" && request.toName == "Bob")
            let told = try await api.send(.get, "/api/v1/notifications", token: bob.token)
                .decode(Page<AppNotification>.self).items.filter { $0.type == .social }
            #expect(told.map(\.actorID) == [ana.id], "Bob hears of it")
            for session in [ana, bob] {
                let waiting = try await api.send(.get, "/api/v1/social/requests", token: session.token)
                    .decode(Page<FriendRequest>.self).items
                #expect(waiting.map(\.id) == [request.id], "both see it waiting")
            }
            #expect(try await requests(api, cleo).isEmpty, "nobody else does")

            // Asking again, either way round, while it waits.
            let again = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(userID: bob.id.rawValue))
            #expect(again.status == .conflict && again.errorCode == "request_pending")

            // Only its recipient answers it, only its sender cancels it.
            for (session, action) in [
                (cleo, FriendRequestAction.accept), (ana, .accept), (bob, .cancel), (cleo, .cancel),
            ] {
                let refused = try await act(api, session, action, request.id)
                #expect(refused.status == .notFound && refused.errorCode == "friend_request_not_found", "\(action)")
            }
            let declined = try await act(api, bob, .decline, request.id)
            #expect(try declined.decode(FriendRequest.self).status == .declined)
            #expect(try await act(api, bob, .accept, request.id).status == .notFound, "settled once")
            let soon = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "bob@example.com"))
            #expect(soon.status == .conflict && soon.errorCode == "request_declined", "no asking again at once")

            // Ana asks Cleo and takes it back.
            let toCleo = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "cleo@example.com")
            ).decode(FriendRequest.self)
            #expect(try await act(api, ana, .cancel, toCleo.id).decode(FriendRequest.self).status == .cancelled)
            #expect(try await requests(api, cleo).isEmpty)

            // Cleo asks Ana; Ana asking Cleo then accepts Cleo's: they are friends, and Cleo is told.
            let fromCleo = try await api.send(
                .post, "/api/v1/social/requests", token: cleo.token, json: SendFriendRequest(userID: ana.id.rawValue)
            ).decode(FriendRequest.self)
            let crossed = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "cleo@example.com"))
            let accepted = try crossed.decode(FriendRequest.self)
            #expect(accepted.id == fromCleo.id && accepted.status == .accepted)
            #expect(try await friends(api, ana) == [cleo.id.rawValue])
            #expect(try await friends(api, cleo) == [ana.id.rawValue])
            let cleoTold = try await api.send(.get, "/api/v1/notifications", token: cleo.token)
                .decode(Page<AppNotification>.self).items.filter { $0.type == .social }
            #expect(cleoTold.contains { $0.title == "New friend" && $0.actorID == ana.id })
            let twice = try await api.send(
                .post, "/api/v1/social/requests", token: cleo.token, json: SendFriendRequest(userID: ana.id.rawValue))
            #expect(twice.status == .conflict && twice.errorCode == "already_friends")

            // Unfriending.
            #expect(
                try await api.send(.delete, "/api/v1/social/friends/\(cleo.id)", token: ana.token).status
                    == .noContent)
            #expect(try await friends(api, cleo).isEmpty, "both ways")
            let gone = try await api.send(.delete, "/api/v1/social/friends/\(cleo.id)", token: ana.token)
            #expect(gone.status == .notFound && gone.errorCode == "not_friends")

            // Bad input: refused, nothing kept.
            for bad in [
                "{}", #"{"email": "bob@example.com", "userID": "\#(bob.id)"}"#, #"{"email": "not an email"}"#,
                #"{"email": ""}"#, #"{"userID": "nope"}"#, #"{"email": "\#(String(repeating: "a", count: 400))@x.io"}"#,
                #"{"userID": "\#(ana.id)"}"#, "[]", "nope",
            ] {
                let refused = try await api.send(.post, "/api/v1/social/requests", token: ana.token, raw: bad)
                #expect(refused.status == .badRequest, "\(bad.prefix(60)): \(refused.status)")
            }
            // Asking is rate-limited (asking by email must not list who has an account); a
            // fresh caller has ten at once.
            let dan = try await api.register("Dan")
            for unknown in [SendFriendRequest(email: "nobody@example.com"), SendFriendRequest(userID: UUID())] {
                let refused = try await api.send(.post, "/api/v1/social/requests", token: dan.token, json: unknown)
                #expect(refused.status == .notFound && refused.errorCode == "person_not_found")
            }
            var limited = false
            for n in 0..<30 where !limited {
                let probe = try await api.send(
                    .post, "/api/v1/social/requests", token: dan.token,
                    json: SendFriendRequest(email: "x\(n)@example.com"))
                limited = probe.status == .tooManyRequests
            }
            #expect(limited, "the limit holds")
            let badAction = try await api.send(
                .post, "/api/v1/social/requests/\(request.id)", token: bob.token, raw: #"{"action": "maybe"}"#)
            #expect(badAction.status == .badRequest)
            #expect(try await api.send(.delete, "/api/v1/social/friends/nope", token: ana.token).status == .badRequest)
            #expect(try await requests(api, ana).isEmpty)
            #expect(try await requests(api, bob).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func privacySettings_andBlocks_decideWhoMayAsk(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let cleo = try await api.register("Cleo")
            let dan = try await api.register("Dan")

            // Bob cannot be found by email; by ID he can still be asked.
            try await setPrivacy(api, bob) { $0.findableBy = .nobody }
            let byEmail = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "bob@example.com"))
            #expect(byEmail.status == .notFound && byEmail.errorCode == "person_not_found", "as if no one had it")
            let byID = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(userID: bob.id.rawValue))
            #expect(byID.status == .created)
            _ = try await act(api, bob, .accept, try byID.decode(FriendRequest.self).id)

            // Cleo takes requests from friends of friends only: Dan (none in common) cannot ask,
            // Bob (Ana's friend, as is Cleo once she accepts Ana) can.
            try await setPrivacy(api, cleo) { $0.friendRequestsFrom = .friendsOfFriends }
            let fromDan = try await api.send(
                .post, "/api/v1/social/requests", token: dan.token, json: SendFriendRequest(userID: cleo.id.rawValue))
            #expect(fromDan.status == .notFound)
            let anaToCleo = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "cleo@example.com"))
            #expect(anaToCleo.status == .notFound, "no friend in common yet")
            let cleoToAna = try await api.send(
                .post, "/api/v1/social/requests", token: cleo.token, json: SendFriendRequest(email: "ana@example.com"))
            _ = try await act(api, ana, .accept, try cleoToAna.decode(FriendRequest.self).id)
            let bobToCleo = try await api.send(
                .post, "/api/v1/social/requests", token: bob.token, json: SendFriendRequest(userID: cleo.id.rawValue))
            #expect(bobToCleo.status == .created, "Ana is their friend in common")

            // No one may ask Dan.
            try await setPrivacy(api, dan) { $0.friendRequestsFrom = .nobody }
            let toDan = try await api.send(
                .post, "/api/v1/social/requests", token: ana.token, json: SendFriendRequest(email: "dan@example.com"))
            #expect(toDan.status == .notFound)

            // Cleo declines Bob's request and blocks him: neither can ask the other.
            let blocked = try await act(api, cleo, .block, try bobToCleo.decode(FriendRequest.self).id)
            #expect(try blocked.decode(FriendRequest.self).status == .declined)
            let blocks = try await api.send(.get, "/api/v1/social/blocks", token: cleo.token).decode(Page<Friend>.self)
            #expect(blocks.items.map(\.userID) == [bob.id.rawValue] && blocks.items[0].displayName == "Bob")
            for (from, to) in [(bob, cleo), (cleo, bob)] {
                let refused = try await api.send(
                    .post, "/api/v1/social/requests", token: from.token, json: SendFriendRequest(userID: to.id.rawValue)
                )
                #expect(refused.status == .notFound, "a block keeps both apart")
            }

            // Ana blocks Bob, her friend: the friendship ends.
            let block = try await api.send(
                .post, "/api/v1/social/blocks", token: ana.token, json: BlockRequest(userID: bob.id.rawValue))
            #expect(block.status == .created)
            #expect(try await friends(api, ana) == [cleo.id.rawValue])
            #expect(try await friends(api, bob).isEmpty)
            let again = try await api.send(
                .post, "/api/v1/social/blocks", token: ana.token, json: BlockRequest(userID: bob.id.rawValue))
            #expect(again.status == .created, "blocking twice keeps one block")
            for bad in [
                BlockRequest(userID: ana.id.rawValue), BlockRequest(userID: UUID()),
            ] {
                let refused = try await api.send(.post, "/api/v1/social/blocks", token: ana.token, json: bad)
                #expect([400, 404].contains(refused.status.code))
            }
            #expect(
                try await api.send(.delete, "/api/v1/social/blocks/\(bob.id)", token: ana.token).status == .noContent)
            #expect(
                try await api.send(.delete, "/api/v1/social/blocks/\(bob.id)", token: ana.token).status == .notFound)
            #expect(
                try await api.send(.get, "/api/v1/social/blocks", token: ana.token).decode(Page<Friend>.self).items
                    .isEmpty)
            let bad = try await api.send(
                .put, "/api/v1/user/preferences", token: ana.token,
                raw:
                    #"{"privacySettings": {"shareCompletionsWithFriends": false, "allowAnalytics": true, "findableBy": "aliens"}}"#
            )
            #expect(bad.status == .badRequest)
        }
    }

    /// An acceptance and a block racing never leave two people friends while one blocks the other.
    @Test(arguments: Backend.allCases)
    func anAcceptanceRacingABlock_neverLeavesFriendsWhoBlockedEachOther(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            for round in 0..<6 {
                let asked = try await api.send(
                    .post, "/api/v1/social/requests", token: bob.token, json: SendFriendRequest(userID: ana.id.rawValue)
                )
                #expect(asked.status == .created, "round \(round): \(String(decoding: asked.body, as: UTF8.self))")
                let id = try asked.decode(FriendRequest.self).id
                async let accepting = act(api, ana, .accept, id)
                async let blocking = api.send(
                    .post, "/api/v1/social/blocks", token: bob.token, json: BlockRequest(userID: ana.id.rawValue))
                let (accepted, blocked) = try await (accepting, blocking)
                #expect(blocked.status == .created)
                #expect([200, 404].contains(accepted.status.code))
                #expect(try await friends(api, ana).isEmpty, "round \(round): a block stands, so no friendship")
                #expect(try await friends(api, bob).isEmpty)
                _ = try await api.send(.delete, "/api/v1/social/blocks/\(ana.id)", token: bob.token)
            }
        }
    }

    // MARK: Helpers

    static func befriend(_ api: APIClient, _ a: Session, _ b: Session) async throws {
        let asked = try await api.send(
            .post, "/api/v1/social/requests", token: a.token, json: SendFriendRequest(userID: b.id.rawValue)
        ).decode(FriendRequest.self)
        let accepted = try await api.send(
            .post, "/api/v1/social/requests/\(asked.id)", token: b.token,
            json: FriendRequestActionBody(action: .accept))
        #expect(accepted.status == .ok)
    }

    private func act(_ api: APIClient, _ session: Session, _ action: FriendRequestAction, _ id: UUID)
        async throws -> APIResult
    {
        try await api.send(
            .post, "/api/v1/social/requests/\(id.uuidString.lowercased())", token: session.token,
            json: FriendRequestActionBody(action: action))
    }

    private func requests(_ api: APIClient, _ session: Session) async throws -> [FriendRequest] {
        try await api.send(.get, "/api/v1/social/requests", token: session.token).decode(Page<FriendRequest>.self)
            .items
    }

    private func friends(_ api: APIClient, _ session: Session) async throws -> [UUID] {
        try await api.send(.get, "/api/v1/social/friends", token: session.token).decode(Page<Friend>.self).items
            .map(\.userID)
    }

    static func setPrivacy(
        _ api: APIClient, _ session: Session, _ change: (inout PrivacySettingsDTO) -> Void
    ) async throws {
        var preferences = try await api.send(.get, "/api/v1/user/preferences", token: session.token)
            .decode(UserPreferencesDTO.self)
        change(&preferences.privacySettings)
        let saved = try await api.send(.put, "/api/v1/user/preferences", token: session.token, json: preferences)
        #expect(saved.status == .ok)
    }

    private func setPrivacy(
        _ api: APIClient, _ session: Session, _ change: (inout PrivacySettingsDTO) -> Void
    ) async throws {
        try await Self.setPrivacy(api, session, change)
    }
}
