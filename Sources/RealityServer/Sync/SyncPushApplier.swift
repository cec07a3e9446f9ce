import Foundation
import RealityAPI
import RealityCore

/// Applies one push mutation through the core's services, for one user (docs/sync-protocol.md,
/// "Push"): the same validation, permissions and plan limits as the REST API. An edit carries
/// its base change tag into the commit (``ServiceContext/pushing``), so a stale one fails as a conflict.
struct SyncPushApplier<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let userID: UserID
    /// Where the commit that records the mutation reports its number.
    var receipt: PushReceipt?

    /// Applies `mutation`; throws the core's errors (a `StoreError.conflict` for a stale base).
    func apply(_ mutation: SyncMutation) async throws {
        switch mutation.fields {
        case .annotation(let annotation): try await saveAnnotation(annotation, mutation)
        case .layer(let layer): try await saveLayer(layer, mutation)
        case .comment(let comment): try await saveComment(comment, mutation)
        case .worldMap(let map):
            try checkID(map.id.uuidString, mutation)
            try await run(mutation) { try await $0.anchors(userID).saveWorldMap(map) }
        case .grant(let grant): try await applyGrant(grant, mutation)
        case .reaction(let reaction):
            try await run(mutation) { services in
                let collaboration = services.collaboration(userID)
                if mutation.op == .save {
                    try await collaboration.addReaction(to: reaction.annotationID, emoji: reaction.emoji)
                } else {
                    try await collaboration.removeReaction(from: reaction.annotationID, emoji: reaction.emoji)
                }
            }
        case .annotationReference(let id): try await applyReference(id, mutation)
        case .profile(let profile): try await saveProfile(profile, mutation)
        case .owned(let record): try await saveOwned(record.base, mutation)
        case .none:
            if let kind = mutation.recordType.owned {
                try await deleteOwned(kind, mutation)
            } else {
                try await applyDelete(mutation)
            }
        }
    }

    /// Runs `body` as the application of `mutation`, over services whose commits record the
    /// mutation and, when `tag` is given, require the record to still have it.
    private func run(
        _ mutation: SyncMutation, expecting tag: String? = nil, _ body: (ServiceContainer<Store>) async throws -> Void
    ) async throws {
        let expected = tag.map {
            ExpectedChangeTag(recordType: mutation.recordType, recordID: mutation.recordID, tag: $0)
        }
        try await body(
            services.applying([
                PushedMutation(userID: userID, mutationID: mutation.mutationID, expectedTag: expected, receipt: receipt)
            ]))
    }

    private func checkID(_ id: String, _ mutation: SyncMutation) throws {
        guard id == mutation.recordID else {
            throw ValidationError(field: "fields.id", reason: .notAllowed(detail: "the record's ID must be recordID"))
        }
    }

    private func requireBase(_ mutation: SyncMutation, current: String?) throws -> String {
        guard let base = mutation.baseChangeTag, let current, base == current else {
            throw StoreError.conflict(recordType: mutation.recordType, id: mutation.recordID)
        }
        return base
    }

    private func saveAnnotation(_ annotation: Annotation, _ mutation: SyncMutation) async throws {
        try checkID(annotation.id.uuidString, mutation)
        guard let current = try await services.store.annotation(id: annotation.id) else {
            guard mutation.baseChangeTag == nil else { throw ServiceError.notFound(.annotation, id: mutation.recordID) }
            try await run(mutation) {
                _ = try await $0.annotations(userID).createAnnotation(AnnotationDraft(creating: annotation))
            }
            if annotation.isDeleted {
                try await run(mutation) { try await $0.annotations(userID).deleteAnnotation(id: annotation.id) }
            }
            return
        }
        if current.isDeleted {
            // Delete against edit: the deletion wins (docs/sync-protocol.md). Say so to whoever
            // could see the annotation before it went; to anyone else it does not exist.
            var before = current
            before.isDeleted = false
            guard try await services.permissions(userID).canView(before) else {
                throw ServiceError.notFound(.annotation, id: mutation.recordID)
            }
            throw ServiceError.invalidOperation(
                reason: "The annotation was deleted on another device; a deletion wins over later edits.")
        }
        guard try await services.permissions(userID).canView(current) else {
            throw ServiceError.notFound(.annotation, id: mutation.recordID)
        }
        let tag = try await services.store.changeTag(of: .annotation, id: mutation.recordID)
        let base = try requireBase(mutation, current: tag)
        if annotation.editableFieldsDiffer(from: current) {
            try await run(mutation, expecting: base) { try await $0.annotations(userID).updateAnnotation(annotation) }
        }
        if annotation.isDeleted && !current.isDeleted {
            try await run(mutation) { try await $0.annotations(userID).deleteAnnotation(id: annotation.id) }
        }
    }

    private func saveLayer(_ layer: Layer, _ mutation: SyncMutation) async throws {
        try checkID(layer.id.uuidString, mutation)
        guard let current = try await services.store.layer(id: layer.id) else {
            guard mutation.baseChangeTag == nil else { throw ServiceError.notFound(.layer, id: mutation.recordID) }
            try await run(mutation) {
                _ = try await $0.layers(userID).createLayer(
                    id: layer.id, name: layer.name, icon: layer.icon, color: layer.color,
                    parentLayerID: layer.parentLayerID, createdAt: layer.createdAt)
            }
            try await finishLayer(layer, mutation)
            return
        }
        guard try await services.layers(userID).fetchLayer(id: layer.id) != nil else {
            throw ServiceError.notFound(.layer, id: mutation.recordID)
        }
        let tag = try await services.store.changeTag(of: .layer, id: mutation.recordID)
        let base = try requireBase(mutation, current: tag)
        try await run(mutation, expecting: base) { try await $0.layers(userID).updateLayer(layer) }
        if layer.isDeleted && !current.isDeleted {
            try await run(mutation) { try await $0.layers(userID).deleteLayer(id: layer.id) }
        }
    }

    /// After a pushed create: the fields `createLayer` does not take, then a delete if the device
    /// deleted the layer before it first synced.
    private func finishLayer(_ layer: Layer, _ mutation: SyncMutation) async throws {
        guard let created = try await services.layers(userID).fetchLayer(id: layer.id) else { return }
        if created.isPublic != layer.isPublic || created.isVisible != layer.isVisible
            || created.autoExpireDays != layer.autoExpireDays || created.defaultPermission != layer.defaultPermission
        {
            try await run(mutation) { try await $0.layers(userID).updateLayer(layer) }
        }
        if layer.isDeleted {
            try await run(mutation) { try await $0.layers(userID).deleteLayer(id: layer.id) }
        }
    }

    private func saveComment(_ comment: Comment, _ mutation: SyncMutation) async throws {
        try checkID(comment.id.uuidString, mutation)
        let collaboration = services.collaboration(userID)
        guard let current = try await services.store.comment(id: comment.id) else {
            guard mutation.baseChangeTag == nil else { throw ServiceError.notFound(.comment, id: mutation.recordID) }
            guard comment.authorID == userID else { throw PermissionError.notOwner }
            try await run(mutation) {
                _ = try await $0.collaboration(userID).addComment(
                    id: comment.id, to: comment.annotationID, text: comment.text, replyingTo: comment.parentCommentID,
                    createdAt: comment.createdAt, isEdited: comment.isEdited)
            }
            if comment.isDeleted {
                try await run(mutation) { try await $0.collaboration(userID).deleteComment(comment.id) }
            }
            return
        }
        // A save of an existing comment may change its text (its author only) and delete it; where
        // it hangs never changes.
        guard
            try await collaboration.getComments(for: current.annotationID).contains(where: { $0.id == current.id })
                || current.isDeleted
        else { throw ServiceError.notFound(.comment, id: mutation.recordID) }
        if comment.parentCommentID != current.parentCommentID || comment.annotationID != current.annotationID {
            throw ValidationError(
                field: "fields.annotationID", reason: .notAllowed(detail: "a comment cannot move"))
        }
        if comment.text != current.text && !current.isDeleted {
            try await run(mutation) {
                _ = try await $0.collaboration(userID).editComment(comment.id, text: comment.text)
            }
        }
        if comment.isDeleted && !current.isDeleted {
            try await run(mutation) { try await $0.collaboration(userID).deleteComment(comment.id) }
        }
    }

    /// A save of an owned record: a create when the caller has none with its ID (someone else's
    /// is not found), else a change of theirs from the base they name.
    private func saveOwned<Record: OwnedRecord>(_ record: Record, _ mutation: SyncMutation) async throws {
        try checkID(record.recordID, mutation)
        let stored = try await services.store.ownedRecord(Record.recordType, id: record.uuid)?.typed(Record.self)
        guard let current = stored else {
            guard mutation.baseChangeTag == nil else {
                throw ServiceError.notFound(Record.recordType, id: mutation.recordID)
            }
            try await run(mutation) { try await $0.records(Record.self, userID).save(record) }
            return
        }
        guard current.ownerID == userID else { throw ServiceError.notFound(Record.recordType, id: mutation.recordID) }
        let tag = try await services.store.changeTag(of: Record.recordType, id: mutation.recordID)
        let base = try requireBase(mutation, current: tag)
        guard record != current else { return }
        try await run(mutation, expecting: base) { try await $0.records(Record.self, userID).save(record) }
    }

    /// A delete of one of the caller's owned records.
    private func deleteOwned<Record: OwnedRecord>(_ kind: Record.Type, _ mutation: SyncMutation) async throws {
        guard let id = Identifier<Record>(uuidString: mutation.recordID) else { throw Self.badID }
        try await run(mutation) { try await $0.records(kind, userID).delete(id: id) }
    }

    private func applyGrant(_ grant: GrantFields, _ mutation: SyncMutation) async throws {
        try await run(mutation) { services in
            let permissions = services.permissions(userID)
            switch (mutation.op, grant.target) {
            case (.save, .annotation(let id)):
                guard let level = grant.level else { throw Self.missingLevel }
                _ = try await permissions.grantPermission(
                    to: grant.userID, level: level, for: id, expiresAt: grant.expiresAt)
            case (.save, .layer(let id)):
                guard let level = grant.level else { throw Self.missingLevel }
                _ = try await permissions.grantPermission(
                    to: grant.userID, level: level, forLayer: id, expiresAt: grant.expiresAt)
            case (_, .annotation(let id)):
                try await permissions.revokePermission(from: grant.userID, for: id)
            case (_, .layer(let id)):
                try await permissions.revokePermission(from: grant.userID, forLayer: id)
            }
        }
    }

    private static var missingLevel: ValidationError {
        ValidationError(field: "fields.level", reason: .notAllowed(detail: "a grant needs a level"))
    }

    private func applyReference(_ id: AnnotationID, _ mutation: SyncMutation) async throws {
        try await run(mutation) { services in
            switch (mutation.recordType, mutation.op) {
            case (.view, .view): try await services.annotations(userID).recordView(id: id)
            case (.view, _): try await services.search(userID).markAsRead(id)
            default: try await services.search(userID).setStarred(id, starred: mutation.op == .save)
            }
        }
    }

    private func saveProfile(_ profile: ProfileFields, _ mutation: SyncMutation) async throws {
        guard mutation.recordID == userID.uuidString else { throw ServiceError.notFound(.user, id: mutation.recordID) }
        try await run(mutation) { services in
            let users = services.users(userID)
            if profile.displayName != nil || profile.avatarURL != nil {
                let current = try await users.getCurrentUser()
                _ = try await users.updateProfile(
                    displayName: profile.displayName ?? current.displayName,
                    avatarURL: profile.avatarURL ?? current.avatarURL)
            }
            if let preferences = profile.preferences {
                _ = try await users.updatePreferences(preferences)
            }
        }
    }

    private func applyDelete(_ mutation: SyncMutation) async throws {
        try await run(mutation) { services in
            switch mutation.recordType {
            case .annotation:
                guard let id = AnnotationID(uuidString: mutation.recordID) else { throw Self.badID }
                try await services.annotations(userID).deleteAnnotation(id: id)
            case .layer:
                guard let id = LayerID(uuidString: mutation.recordID) else { throw Self.badID }
                try await services.layers(userID).deleteLayer(id: id)
            case .comment:
                guard let id = CommentID(uuidString: mutation.recordID) else { throw Self.badID }
                try await services.collaboration(userID).deleteComment(id)
            case .worldMap:
                guard let id = WorldMapID(uuidString: mutation.recordID) else { throw Self.badID }
                try await services.anchors(userID).deleteWorldMap(id: id)
            default:
                guard let id = UUID(uuidString: mutation.recordID) else { throw Self.badID }
                try await services.notifications(userID).markAsRead(id)
            }
        }
    }

    private static var badID: ValidationError {
        ValidationError(field: "recordID", reason: .notAllowed(detail: "recordID is not an ID"))
    }
}
