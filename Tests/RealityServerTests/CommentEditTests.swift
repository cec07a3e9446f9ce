import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// Editing comments (issue 20): the author only, marked edited, with bad input refused.
@Suite("Comment edits")
struct CommentEditTests {
    @Test(arguments: Backend.allCases) func theAuthor_editsTheText_othersCannot(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.pro, for: a.id)
            let b = try await api.register("Bob")
            let c = try await api.register("Carol")
            let layer = try await api.createLayer(a)
            try await api.share(layer.id, by: a, with: b, as: .editor)
            let note = try await api.createNote(a, in: layer.id)
            let comment = try await api.comment(a, on: note.id, "Frist").decode(RealityCore.Comment.self)
            let path = "/api/v1/comments/\(comment.id)"
            let edited = try await api.send(.patch, path, token: a.token, json: CommentEdit(text: "First"))
            #expect(edited.status == .ok)
            let after = try edited.decode(RealityCore.Comment.self)
            #expect(after.text == "First" && after.isEdited && after.updatedAt >= comment.createdAt)
            let listed = try await api.send(.get, "/api/v1/annotations/\(note.id)/comments", token: b.token)
                .decode(Page<RealityCore.Comment>.self).items
            #expect(listed.first { $0.id == comment.id }?.text == "First")
            // Not the author, even an editor; not someone who cannot see it.
            #expect(
                try await api.send(.patch, path, token: b.token, json: CommentEdit(text: "Mine")).status == .forbidden)
            #expect(
                try await api.send(.patch, path, token: c.token, json: CommentEdit(text: "Mine")).status == .notFound)
            for body in [#"{"text":""}"#, #"{"text":42}"#, "{}", String(repeating: "x", count: 3)] {
                #expect(try await api.send(.patch, path, token: a.token, raw: body).status == .badRequest, "\(body)")
            }
            #expect(try await api.send(.delete, path, token: a.token).status == .noContent)
            #expect(
                try await api.send(.patch, path, token: a.token, json: CommentEdit(text: "Again")).status == .notFound)
        }
    }
}
