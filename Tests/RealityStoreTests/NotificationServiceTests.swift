import Foundation
import RealityCore
import Testing

@testable import RealityStore

/// Who is told about what (SPEC S7): never the actor, never someone who turned notifications off.
@Suite struct NotificationServiceTests {
    typealias Thread = CollaborationServiceTests.Thread

    /// A user's inbox as notification types, newest first.
    static func inbox(_ user: UserServices) async throws -> [NotificationType] {
        try await user.notifications.getNotifications(limit: 100, unreadOnly: false).map(\.type)
    }

    /// The inbox without the `shared` notifications that setting up a thread sends.
    static func talk(_ user: UserServices) async throws -> [NotificationType] {
        try await inbox(user).filter { $0 != .shared }
    }

    @Test(arguments: StoreKind.allCases)
    func aComment_notifiesTheOwnerAndTheThreadsParticipants_neverTheAuthor(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await CollaborationServiceTests.thread(h)
            let bens = try await t.ben.collaboration.addComment(to: t.note.id, text: "first")
            #expect(try await Self.talk(t.ana) == [.comment])
            #expect(try await Self.talk(t.ben).isEmpty)
            let note = try #require(try await t.ana.notifications.getNotifications(limit: 1, unreadOnly: true).first)
            #expect(note.actorID == t.ben.userID && note.annotationID == t.note.id && note.commentID == bens.id)
            #expect(note.recipientID == t.ana.userID && note.createdAt == h.clock.now && !note.isRead)

            h.clock.advance(by: 1)
            _ = try await t.cy.collaboration.replyToComment(bens.id, text: "second")
            #expect(try await Self.talk(t.ana) == [.comment, .comment])
            #expect(try await Self.talk(t.ben) == [.comment], "Ben takes part in the thread")
            #expect(try await Self.talk(t.cy).isEmpty)
            #expect(try await Self.talk(t.dee).isEmpty, "Dee only reads")

            h.clock.advance(by: 1)
            _ = try await t.ana.collaboration.addComment(to: t.note.id, text: "owner speaking")
            #expect(try await Self.talk(t.ana).count == 2, "not told about her own comment")
            #expect(try await Self.talk(t.ben) == [.comment, .comment])
            #expect(try await Self.talk(t.cy) == [.comment])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func mentions_byNameOrEmail_notifyOnlyPeopleWhoMaySeeTheAnnotation(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await CollaborationServiceTests.thread(h)
            let eve = try await h.user("Eve")
            _ = try await t.ben.collaboration.addComment(
                to: t.note.id, text: "@Dee and @cy@EXAMPLE.com, see this. @eve too. @Ana! email@ben.com")
            #expect(try await Self.talk(t.dee) == [.mention])
            #expect(try await Self.talk(t.cy) == [.mention])
            #expect(try await Self.inbox(eve).isEmpty, "Eve may not see the note, so she is not told of it")
            #expect(
                try await Self.talk(t.ana) == [.mention], "a mentioned owner gets the mention instead of the comment")
            #expect(try await Self.talk(t.ben).isEmpty, "email@ben.com is not a mention, and Ben is the author")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aParticipantWhoLostAccess_isNoLongerToldAboutTheThread(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await CollaborationServiceTests.thread(h)
            _ = try await t.ben.collaboration.addComment(to: t.note.id, text: "I was here")
            try await t.ana.permissions.revokePermission(from: t.ben.userID, for: t.note.id)
            _ = try await t.cy.collaboration.addComment(to: t.note.id, text: "after Ben left")
            #expect(try await Self.talk(t.ben).isEmpty, "a notification would name an annotation Ben may no longer see")
            #expect(try await Self.talk(t.ana) == [.comment, .comment])
        }
    }

    @Test func mentionParser_findsHandles_byTheDocumentedRule() {
        #expect(
            MentionParser.handles(in: "@ana hi @ana.silva, @ana@example.com. (@bo) x@no @-") == [
                "ana", "ana.silva", "ana@example.com", "bo",
            ])
        #expect(MentionParser.handles(in: "@Ana @Ana @ana").count == 2, "repeats dropped, case kept")
        #expect(
            MentionParser.handles(
                in: String(repeating: "@u ", count: 3) + (0..<40).map { "@u\($0)" }.joined(separator: " ")
            ).count
                == MentionParser.maxMentions)
        #expect(MentionParser.handles(in: "").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func sharingReactingAndStatusChanges_notifyTheRightPerson(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let note = try await ana.note("n", in: layer.id)
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: .editor, for: note.id, expiresAt: nil)
            #expect(try await Self.inbox(ben) == [.shared])
            #expect(
                try await ben.notifications.getNotifications(limit: 1, unreadOnly: false).first?.annotationID == note.id
            )
            h.clock.advance(by: 1)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .viewer, forLayer: layer.id, expiresAt: nil)
            #expect(
                try await ben.notifications.getNotifications(limit: 1, unreadOnly: false).first?.layerID == layer.id)

            h.clock.advance(by: 1)
            try await ben.collaboration.addReaction(to: note.id, emoji: "❤️")
            #expect(try await Self.inbox(ana) == [.reaction])
            h.clock.advance(by: 1)
            try await ben.collaboration.setStatus(note.id, to: .inProgress)
            #expect(try await Self.inbox(ana) == [.statusChange, .reaction])
            h.clock.advance(by: 1)
            var edit = try #require(try await ben.annotations.fetchAnnotation(id: note.id))
            edit.status = .resolved
            try await ben.annotations.updateAnnotation(edit)
            #expect(
                try await Self.inbox(ana) == [.statusChange, .statusChange, .reaction],
                "an edit that changes status counts")

            // The owner acting on her own note tells nobody.
            try await ana.collaboration.addReaction(to: note.id, emoji: "👍")
            try await ana.collaboration.setStatus(note.id, to: .open)
            #expect(try await Self.inbox(ana).count == 3)
            #expect(try await Self.inbox(ben).count == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aUserWhoTurnedNotificationsOff_getsNone(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await CollaborationServiceTests.thread(h)
            var quiet = UserPreferences()
            quiet.enableNotifications = false
            _ = try await t.ana.users.updatePreferences(quiet)
            _ = try await t.cy.users.updatePreferences(quiet)
            _ = try await t.ben.collaboration.addComment(to: t.note.id, text: "hello @Cy")
            try await t.ben.collaboration.addReaction(to: t.note.id, emoji: "👋")
            try await t.ana.permissions.revokePermission(from: t.dee.userID, for: t.note.id)
            _ = try await t.ana.permissions.grantPermission(
                to: t.dee.userID, level: .viewer, for: t.note.id, expiresAt: nil)
            #expect(try await Self.talk(t.ana).isEmpty)
            #expect(try await Self.talk(t.cy).isEmpty)
            #expect(try await Self.inbox(t.dee) == [.shared, .shared], "Dee kept hers on")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func markAsRead_worksOnlyOnOnesOwnNotifications(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let t = try await CollaborationServiceTests.thread(h)
            _ = try await t.ben.collaboration.addComment(to: t.note.id, text: "ping")
            let anas = try #require(try await t.ana.notifications.getNotifications(limit: 10, unreadOnly: true).first)
            let before = try await h.store.snapshot()
            await #expect(throws: ServiceError.notFound(.notification, id: anas.id.uuidString.lowercased())) {
                try await t.ben.notifications.markAsRead(anas.id)
            }
            await #expect(throws: ServiceError.self) { try await t.ana.notifications.markAsRead(UUID()) }
            #expect(try await h.store.snapshot() == before)

            try await t.ana.notifications.markAsRead(anas.id)
            #expect(try await t.ana.notifications.getNotifications(limit: 10, unreadOnly: true).isEmpty)
            #expect(try await t.ana.notifications.getNotifications(limit: 10, unreadOnly: false).first?.isRead == true)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func send_deliversToOthers_butNotToTheSender(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            try await ana.notifications.send(
                to: ben.userID, type: .shared, title: "Hi", body: "Look", annotationID: nil)
            try await ana.notifications.send(
                to: ana.userID, type: .shared, title: "Me", body: "Myself", annotationID: nil)
            try await ana.notifications.send(
                to: UserID(), type: .shared, title: "Nobody", body: "there", annotationID: nil)
            let bens = try await ben.notifications.getNotifications(limit: 10, unreadOnly: false)
            #expect(bens.map(\.title) == ["Hi"] && bens.first?.actorID == ana.userID)
            #expect(try await Self.inbox(ana).isEmpty)
            #expect(try await h.store.count("notifications") == 1)
        }
    }
}
