import Foundation
import GRDB
import RealityAPI
import RealityCore
import RealitySync
import Testing

@_spi(Testing) @testable import RealityStore

/// A revoke on a device (issue 17): the grantee's device drops the notes it lost with everything
/// that came down with them (comments, reactions, attachments, their sync records), and learns
/// nothing of what the owner adds afterwards.
extension DeviceSyncTests {
    @Suite struct RevokedAccessSyncTests {
        @Test(arguments: Backend.allCases)
        func revoke_dropsTheLostNotesWithTheirComments_reactionsAndAttachments(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let bo = try await server.register("Bo")
                let anaPhone = try await server.device("ana-phone", as: ana)
                let boPhone = try await server.device("bo-phone", as: bo)
                let layer = try await anaPhone.services.layerService().createLayer(
                    name: "Shared", icon: "tag", color: .green)
                let note = try await anaPhone.services.annotationService().createAnnotation(
                    AnnotationDraft(
                        type: .text, content: AnnotationContent(text: "for Bo"), position: .zero, layerID: layer.id,
                        attachments: [Attachment(fileName: "plan.pdf", fileType: "application/pdf", fileSize: 1_024)]))
                _ = try await anaPhone.services.collaborationService().addComment(to: note.id, text: "from Ana")
                try await anaPhone.sync()
                try await server.grant(.commenter, to: bo.user.id, onLayer: layer.id, as: ana)
                try await boPhone.sync()
                let boComment = try await boPhone.services.collaborationService().addComment(
                    to: note.id, text: "from Bo")
                try await boPhone.services.collaborationService().addReaction(to: note.id, emoji: "👍")
                try await boPhone.sync()
                #expect(
                    try await Self.counts(on: boPhone, note: note.id)
                        == Counts(
                            annotations: 1, comments: 2, reactions: 1, attachments: 1, syncRecords: 3))

                try await anaPhone.sync()
                try await anaPhone.services.permissionService().revokePermission(from: bo.user.id, forLayer: layer.id)
                let later = try await anaPhone.services.annotationService().createAnnotation(
                    content: AnnotationContent(text: "after Bo left"), type: .text, position: .zero, layerID: layer.id)
                try await anaPhone.sync()
                try await boPhone.sync()

                #expect(
                    try await Self.counts(on: boPhone, note: note.id)
                        == Counts(
                            annotations: 0, comments: 0, reactions: 0, attachments: 0, syncRecords: 0))
                #expect(try await boPhone.store.annotation(id: later.id) == nil)
                #expect(try await boPhone.store.layer(id: layer.id) == nil)
                #expect(try await boPhone.store.pendingSyncCount() == 0)
                // Ana's device keeps everything, Bo's comment included.
                let anaComments = try await anaPhone.services.collaborationService().getComments(for: note.id)
                #expect(anaComments.map(\.id).contains(boComment.id))
            }
        }

        /// What a device holds of one note: rows of it and of what hangs off it, and sync records
        /// (the note's and its comments').
        struct Counts: Equatable {
            var annotations: Int
            var comments: Int
            var reactions: Int
            var attachments: Int
            var syncRecords: Int
        }

        static func counts(on device: TestDevice, note: AnnotationID) async throws -> Counts {
            try await device.store.inspect { db in
                let id = note.uuidString
                func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [id]) ?? 0 }
                return Counts(
                    annotations: try count("SELECT count(*) FROM annotations WHERE id = ?"),
                    comments: try count("SELECT count(*) FROM comments WHERE annotationID = ?"),
                    reactions: try count("SELECT count(*) FROM reactions WHERE annotationID = ?"),
                    attachments: try count("SELECT count(*) FROM attachments WHERE annotationID = ?"),
                    syncRecords: try count(
                        """
                        SELECT count(*) FROM sync_metadata WHERE (recordType = 'annotation' AND recordID = ?1)
                        OR (recordType = 'comment' AND recordID IN (SELECT id FROM comments WHERE annotationID = ?1))
                        OR (recordType = 'comment' AND recordID NOT IN (SELECT id FROM comments))
                        """))
            }
        }
    }
}
