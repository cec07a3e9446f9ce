import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// Notifications are made when the event happens, never for the actor (SPEC S7), and the inbox
/// and activity routes read them (SPEC S5).
@Suite("Notification routes")
struct NotificationRouteTests {
    @Test(arguments: Backend.allCases) func comment_notifiesOwnerAndParticipants_mentionNotifiesTheNamed_neverTheActor(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let c = try await api.register("Carol")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            try await api.share(layer.id, by: a, with: b, as: .commenter)
            try await api.share(layer.id, by: a, with: c, as: .commenter)
            #expect(try await api.notifications(b).map(\.type) == [.shared])

            #expect(try await api.comment(a, on: note.id, "My own note").status == .created)
            #expect(try await api.notifications(a).isEmpty, "the actor hears nothing")

            #expect(try await api.comment(b, on: note.id, "Bob here").status == .created)
            #expect(try await api.notifications(a).map(\.type) == [.comment])
            #expect(try await api.notifications(b).map(\.type) == [.shared], "not to the actor")

            #expect(try await api.comment(c, on: note.id, "Carol too, @Bob").status == .created)
            #expect(try await api.notifications(a).map(\.type) == [.comment, .comment])
            #expect(try await api.notifications(b).map(\.type) == [.mention, .shared])
            #expect(try await api.notifications(c).map(\.type) == [.shared])
        }
    }

    @Test(arguments: Backend.allCases) func reaction_share_andStatusChange_notifyTheOwner(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            try await api.share(layer.id, by: a, with: b, as: .editor)
            let shared = try #require(try await api.notifications(b).first)
            #expect(shared.type == .shared && shared.actorID == a.id)

            _ = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/reactions", token: b.token,
                json: ReactionRequest(emoji: "🎉"))
            let status = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: b.token,
                raw: #"{"status":"resolved"}"#)
            #expect(status.status == .ok)
            #expect(Set(try await api.notifications(a).map(\.type)) == [.statusChange, .reaction])
            // The owner reacting to their own note tells nobody.
            _ = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/reactions", token: a.token,
                json: ReactionRequest(emoji: "👍"))
            #expect(try await api.notifications(a).count == 2)
            #expect(try await api.notifications(b).count == 1)
        }
    }

    @Test(arguments: Backend.allCases) func inbox_unreadFilter_markRead_andActivity(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            try await api.share(layer.id, by: a, with: b, as: .commenter)
            _ = try await api.comment(b, on: note.id, "Hello")
            let inbox = try await api.notifications(a)
            let id = try #require(inbox.first?.id)
            let unread = try await api.send(.get, "/api/v1/notifications?unread=true", token: a.token)
            #expect(try unread.decode(Page<AppNotification>.self).items.map(\.id) == [id])
            #expect(try await api.send(.post, "/api/v1/notifications/\(id)/read", token: a.token).status == .noContent)
            let none = try await api.send(.get, "/api/v1/notifications?unread=true", token: a.token)
            #expect(try none.decode(Page<AppNotification>.self).items.isEmpty)
            #expect(try await api.notifications(a).first?.isRead == true)

            // Someone else's notification, an unknown one, and bad parameters.
            #expect(try await api.send(.post, "/api/v1/notifications/\(id)/read", token: b.token).status == .notFound)
            #expect(
                try await api.send(.post, "/api/v1/notifications/\(UUID())/read", token: a.token).status == .notFound)
            #expect(try await api.send(.post, "/api/v1/notifications/x/read", token: a.token).status == .badRequest)
            #expect(
                try await api.send(.get, "/api/v1/notifications?unread=maybe", token: a.token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/notifications?limit=0", token: a.token).status == .badRequest)

            let feed = try await api.send(.get, "/api/v1/activity", token: b.token)
            let kinds = try feed.decode(Page<Activity>.self).items.map(\.kind)
            #expect(kinds.contains(.commented) && kinds.contains(.annotationCreated))
            let stranger = try await api.register("Carol")
            let empty = try await api.send(.get, "/api/v1/activity", token: stranger.token)
            #expect(try empty.decode(Page<Activity>.self).items.isEmpty)
        }
    }
}
