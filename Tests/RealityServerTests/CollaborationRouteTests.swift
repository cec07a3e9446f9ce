import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// Comments, reactions, views and stars over HTTP (SPEC S4, S5).
@Suite("Collaboration routes")
struct CollaborationRouteTests {
    @Test(arguments: Backend.allCases) func comments_replies_list_andDelete(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let first = try await api.comment(a, on: note.id, "First!")
            #expect(first.status == .created)
            let comment = try first.decode(RealityCore.Comment.self)
            let reply = try await api.comment(a, on: note.id, "A reply", replyTo: comment.id)
            #expect(reply.status == .created)
            #expect(try reply.decode(RealityCore.Comment.self).parentCommentID == comment.id)

            let list = try await api.send(.get, "/api/v1/annotations/\(note.id)/comments", token: a.token)
            #expect(try list.decode(Page<RealityCore.Comment>.self).items.map(\.text) == ["First!", "A reply"])
            let paged = try await api.send(.get, "/api/v1/annotations/\(note.id)/comments?limit=1", token: a.token)
            #expect(try paged.decode(Page<RealityCore.Comment>.self).nextCursor != nil)

            #expect(try await api.send(.delete, "/api/v1/comments/\(comment.id)", token: a.token).status == .noContent)
            #expect(try await api.send(.delete, "/api/v1/comments/\(comment.id)", token: a.token).status == .notFound)
            let after = try await api.send(.get, "/api/v1/annotations/\(note.id)/comments", token: a.token)
            #expect(try after.decode(Page<RealityCore.Comment>.self).items.map(\.text) == ["A reply"])
        }
    }

    @Test(arguments: Backend.allCases) func comments_refuseBadInput(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let other = try await api.createNote(a, in: layer.id, text: "Eggs")
            let elsewhere = try await api.comment(a, on: other.id, "On the other note").decode(RealityCore.Comment.self)
            let path = "/api/v1/annotations/\(note.id)/comments"
            let cases: [(String?, HTTPResponse.Status, String?)] = [
                (#"{"text": ""}"#, .badRequest, "text"),
                (#"{"text": "   "}"#, .badRequest, "text"),
                (#"{"text": 42}"#, .badRequest, "text"),
                (#"{}"#, .badRequest, "text"),
                (#"{"text": "x""#, .badRequest, nil),
                (#"{"text": "x", "parentCommentID": "nope"}"#, .badRequest, "parentCommentID"),
                (#"{"text": "x", "parentCommentID": "\#(elsewhere.id)"}"#, .badRequest, "parentCommentID"),
                (#"{"text": "x", "parentCommentID": "\#(UUID())"}"#, .badRequest, "parentCommentID"),
                (#"{"text": "\#(String(repeating: "x", count: 20_000))"}"#, .badRequest, "text"),
            ]
            for (body, status, field) in cases {
                let result = try await api.send(.post, path, token: a.token, raw: body)
                #expect(result.status == status, "\(body?.prefix(60) ?? "") → \(result.status)")
                if let field { #expect(result.errorField == field, "\(body?.prefix(60) ?? "")") }
            }
            #expect(try await api.comment(a, on: AnnotationID(), "Hello").status == .notFound)
            #expect(
                try await api.send(
                    .post, "/api/v1/annotations/nope/comments", token: a.token,
                    raw: #"{"text":"x"}"#
                ).status == .badRequest)
            #expect(try await api.send(.delete, "/api/v1/comments/\(UUID())", token: a.token).status == .notFound)
            let list = try await api.send(.get, path, token: a.token)
            #expect(try list.decode(Page<RealityCore.Comment>.self).items.isEmpty)
        }
    }

    @Test(arguments: Backend.allCases) func reactions_addOnce_removeByPercentEncodedEmoji_refuseBadEmoji(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let path = "/api/v1/annotations/\(note.id)/reactions"
            let added = try await api.send(.post, path, token: a.token, json: ReactionRequest(emoji: "👍🏽"))
            #expect(added.status == .ok)
            #expect(try added.decode(Annotation.self).reactions.map(\.emoji) == ["👍🏽"])
            let again = try await api.send(.post, path, token: a.token, json: ReactionRequest(emoji: "👍🏽"))
            #expect(try again.decode(Annotation.self).reactions.count == 1)
            for bad in [#"{"emoji":""}"#, #"{"emoji":"👍👍"}"#, #"{"emoji":"ab"}"#, #"{"emoji":1}"#, #"{}"#, "{"] {
                let result = try await api.send(.post, path, token: a.token, raw: bad)
                #expect(result.status == .badRequest, "\(bad) → \(result.status)")
            }
            let encoded = "👍🏽".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try await api.send(.delete, "\(path)/\(encoded)", token: a.token).status == .noContent)
            let bad = "ab".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try await api.send(.delete, "\(path)/\(bad)", token: a.token).status == .badRequest)
            let shown = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: a.token)
            #expect(try shown.decode(Annotation.self).reactions.isEmpty)
            #expect(
                try await api.send(
                    .post, "/api/v1/annotations/\(AnnotationID())/reactions", token: a.token,
                    json: ReactionRequest(emoji: "🎉")
                ).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases) func views_countTowardExpiry_andMarkRead_starsListAndClear(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            try await api.share(layer.id, by: a, with: b, as: .viewer)
            let unread = try await api.send(.get, "/api/v1/annotations/unread", token: b.token)
            #expect(try unread.decode(Page<Annotation>.self).items.map(\.id) == [note.id])
            #expect(
                try await api.send(.post, "/api/v1/annotations/\(note.id)/views", token: b.token).status == .noContent)
            let afterView = try await api.send(.get, "/api/v1/annotations/unread", token: b.token)
            #expect(try afterView.decode(Page<Annotation>.self).items.isEmpty)
            let shown = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: a.token).decode(
                Annotation.self)
            #expect(shown.viewedBy.contains(b.id))

            #expect(
                try await api.send(.put, "/api/v1/annotations/\(note.id)/star", token: b.token).status == .noContent)
            let starred = try await api.send(.get, "/api/v1/annotations/starred", token: b.token)
            #expect(try starred.decode(Page<Annotation>.self).items.map(\.id) == [note.id])
            #expect(
                try await api.send(.delete, "/api/v1/annotations/\(note.id)/star", token: b.token).status == .noContent)
            let none = try await api.send(.get, "/api/v1/annotations/starred", token: b.token)
            #expect(try none.decode(Page<Annotation>.self).items.isEmpty)
            #expect(
                try await api.send(.put, "/api/v1/annotations/\(AnnotationID())/star", token: b.token).status
                    == .notFound)
            #expect(try await api.send(.post, "/api/v1/annotations/x/views", token: b.token).status == .badRequest)

            // A note that expires after one view disappears once it has been seen.
            let once = try await api.send(
                .post, "/api/v1/annotations", token: a.token,
                raw:
                    #"{"type":"text","content":{"text":"once"},"position":[0,0,0],"layerID":"\#(layer.id)","visibilityRules":{"expiresAfterViews":1}}"#
            )
            #expect(once.status == .created, "\(String(decoding: once.body, as: UTF8.self))")
            let onceID = try once.decode(Annotation.self).id
            // Marking it read is not seeing it: it stays (issue 20).
            #expect(
                try await api.send(.post, "/api/v1/annotations/\(onceID)/read", token: b.token).status == .noContent)
            let stillThere = try await api.send(
                .get, "/api/v1/annotations?layerID=\(layer.id)&visibleAt=\(Timestamp.format(Date()))", token: b.token)
            #expect(try stillThere.decode(Page<Annotation>.self).items.map(\.id).contains(onceID))
            let unreadAfter = try await api.send(.get, "/api/v1/annotations/unread", token: b.token)
            #expect(try !unreadAfter.decode(Page<Annotation>.self).items.map(\.id).contains(onceID))
            #expect(try await api.send(.post, "/api/v1/annotations/\(UUID())/read", token: b.token).status == .notFound)
            #expect(
                try await api.send(.post, "/api/v1/annotations/\(onceID)/views", token: b.token).status == .noContent)
            let visible = try await api.send(
                .get, "/api/v1/annotations?layerID=\(layer.id)&visibleAt=\(Timestamp.format(Date()))", token: b.token)
            #expect(try !visible.decode(Page<Annotation>.self).items.map(\.id).contains(onceID))
        }
    }
}
