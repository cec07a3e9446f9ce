import Foundation
import RealityCore
import Testing

@testable import RealityStore

@Suite struct CollaborationServiceTests {
    /// Ana's note shared with Ben and Cy as commenters, and with Dee as a viewer.
    struct Thread {
        let ana: UserServices, ben: UserServices, cy: UserServices, dee: UserServices
        let layer: Layer, note: Annotation
    }

    static func thread(_ h: Harness) async throws -> Thread {
        let ana = try await h.user("Ana")
        let ben = try await h.user("Ben")
        let cy = try await h.user("Cy")
        let dee = try await h.user("Dee")
        let layer = try await ana.layer()
        let note = try await ana.note("Discuss", in: layer.id, title: "Plan")
        for (user, level) in [(ben, PermissionLevel.commenter), (cy, .commenter), (dee, .viewer)] {
            _ = try await ana.permissions.grantPermission(to: user.userID, level: level, for: note.id, expiresAt: nil)
        }
        return Thread(ana: ana, ben: ben, cy: cy, dee: dee, layer: layer, note: note)
    }

    @Test(arguments: StoreKind.allCases)
    func commentsAndReplies_areListedOldestFirst(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await Self.thread(h)
            let first = try await t.ben.collaboration.addComment(to: t.note.id, text: "Looks good")
            #expect(first.authorID == t.ben.userID && first.authorName == "Ben" && first.annotationID == t.note.id)
            #expect(first.createdAt == h.clock.now && first.parentCommentID == nil)
            h.clock.advance(by: 1)
            let reply = try await t.ana.collaboration.replyToComment(first.id, text: "Thanks")
            #expect(reply.parentCommentID == first.id && reply.annotationID == t.note.id)
            #expect(try await t.dee.collaboration.getComments(for: t.note.id) == [first, reply])
            #expect(try await t.ana.annotations.fetchAnnotation(id: t.note.id)?.comments == [first, reply])
            await #expect(throws: PermissionError.cannotComment) {
                _ = try await t.dee.collaboration.replyToComment(first.id, text: "me too")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deleteComment_isForItsAuthor_andForWhoeverMayDeleteTheAnnotation(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await Self.thread(h)
            let bens = try await t.ben.collaboration.addComment(to: t.note.id, text: "by Ben")
            let cys = try await t.cy.collaboration.addComment(to: t.note.id, text: "by Cy")
            let another = try await t.cy.collaboration.addComment(to: t.note.id, text: "by Cy again")

            let before = try await h.store.snapshot()
            await #expect(throws: PermissionError.cannotDelete) { try await t.ben.collaboration.deleteComment(cys.id) }
            await #expect(throws: PermissionError.cannotDelete) { try await t.dee.collaboration.deleteComment(cys.id) }
            #expect(try await h.store.snapshot() == before)

            try await t.ben.collaboration.deleteComment(bens.id)
            try await t.ana.collaboration.deleteComment(cys.id)
            #expect(try await t.ana.collaboration.getComments(for: t.note.id).map(\.id) == [another.id])
            #expect(try await h.store.comment(id: bens.id)?.isDeleted == true, "soft-deleted, for sync")
            await #expect(throws: ServiceError.notFound(.comment, id: bens.id.uuidString)) {
                try await t.ben.collaboration.deleteComment(bens.id)
            }
            await #expect(throws: ServiceError.notFound(.comment, id: bens.id.uuidString)) {
                _ = try await t.cy.collaboration.replyToComment(bens.id, text: "to a deleted comment")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func reactions_addOnce_andRemove(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await Self.thread(h)
            try await t.ben.collaboration.addReaction(to: t.note.id, emoji: "👍")
            let once = try await h.store.snapshot()
            try await t.ben.collaboration.addReaction(to: t.note.id, emoji: "👍")
            #expect(try await h.store.snapshot() == once, "a duplicate reaction changes nothing, notifies nobody")
            h.clock.advance(by: 1)
            try await t.ben.collaboration.addReaction(to: t.note.id, emoji: "🎉")
            h.clock.advance(by: 1)
            try await t.cy.collaboration.addReaction(to: t.note.id, emoji: "👍")
            let reactions = try #require(try await t.ana.annotations.fetchAnnotation(id: t.note.id)).reactions
            #expect(reactions.map(\.emoji) == ["👍", "🎉", "👍"])
            #expect(reactions.map(\.userID) == [t.ben.userID, t.ben.userID, t.cy.userID])

            try await t.ben.collaboration.removeReaction(from: t.note.id, emoji: "👍")
            try await t.ben.collaboration.removeReaction(from: t.note.id, emoji: "👍")
            let left = try #require(try await t.ana.annotations.fetchAnnotation(id: t.note.id)).reactions
            #expect(left.map(\.emoji) == ["🎉", "👍"] && left.last?.userID == t.cy.userID)
            await #expect(throws: PermissionError.cannotComment) {
                try await t.dee.collaboration.addReaction(to: t.note.id, emoji: "👀")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func status_changesNeedEditor_andResolvedIsAStatus(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await Self.thread(h)
            await #expect(throws: PermissionError.cannotEdit) {
                try await t.ben.collaboration.markAsResolved(t.note.id)
            }
            _ = try await t.ana.permissions.grantPermission(
                to: t.ben.userID, level: .editor, for: t.note.id, expiresAt: nil)
            h.clock.advance(by: 5)
            try await t.ben.collaboration.setStatus(t.note.id, to: .inProgress)
            #expect(try await t.ana.annotations.fetchAnnotation(id: t.note.id)?.status == .inProgress)
            try await t.ben.collaboration.markAsResolved(t.note.id)
            let resolved = try #require(try await t.ana.annotations.fetchAnnotation(id: t.note.id))
            #expect(resolved.status == .resolved && resolved.updatedAt == h.clock.now)
            let unchanged = try await h.store.snapshot()
            try await t.ben.collaboration.markAsResolved(t.note.id)
            #expect(try await h.store.snapshot() == unchanged, "setting the same status again is a no-op")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func activityFeed_showsOnlyWhatTheViewerMaySee(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let shared = try await ana.layer("Shared")
            h.clock.advance(by: 1)
            let secret = try await ana.layer("Secret")
            h.clock.advance(by: 1)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .commenter, forLayer: shared.id, expiresAt: nil)
            h.clock.advance(by: 1)
            let open = try await ana.note("open", in: shared.id)
            h.clock.advance(by: 1)
            let hidden = try await ana.note("hidden", in: secret.id)
            h.clock.advance(by: 1)
            _ = try await ben.collaboration.addComment(to: open.id, text: "seen")
            h.clock.advance(by: 1)
            try await ana.collaboration.addReaction(to: hidden.id, emoji: "🔒")

            let anas = try await ana.collaboration.getActivityFeed(limit: 50)
            #expect(
                anas.map(\.kind) == [
                    .reacted, .commented, .annotationCreated, .annotationCreated, .shared, .layerCreated, .layerCreated,
                ])
            let bens = try await ben.collaboration.getActivityFeed(limit: 50)
            #expect(!bens.contains { $0.annotationID == hidden.id || $0.layerID == secret.id })
            #expect(bens.map(\.kind) == [.commented, .annotationCreated, .shared, .layerCreated])
            #expect(try await cy.collaboration.getActivityFeed(limit: 50).isEmpty)
            #expect(try await ana.collaboration.getActivityFeed(limit: 2).map(\.kind) == [.reacted, .commented])

            try await ana.permissions.revokePermission(from: ben.userID, forLayer: shared.id)
            #expect(try await ben.collaboration.getActivityFeed(limit: 50).map(\.kind) == [.commented], "only his own")
        }
    }
}
