import Foundation
import RealityAPI
import RealityCore

/// Turns one push mutation into its result (docs/sync-protocol.md, "Push"): a replay answers the
/// first result; otherwise the mutation is applied and answers saved, conflict or rejected.
struct SyncPusher<Store: ServerStore>: Sendable {
    let services: Services<Store>
    let userID: UserID

    func result(of mutation: SyncMutation) async throws -> SyncMutationResult {
        let store = services.store
        if let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID) {
            return replay(recorded, mutation)
        }
        do {
            try await SyncPushApplier(services: services, userID: userID).apply(mutation)
        } catch StoreError.conflict {
            return try await conflict(mutation)
        } catch {
            let apiError = APIError(error)
            // A server-side failure is not the mutation's fault: fail the request so the device retries.
            guard apiError.status.code < 500 else { throw error }
            let detail = apiError.body.error
            try await store.recordSyncRejection(
                userID: userID, mutationID: mutation.mutationID, error: try RealityJSON.encode(detail),
                at: Timestamp.now())
            return SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, error: detail)
        }
        if let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID) {
            return replay(recorded, mutation)
        }
        // Nothing needed writing (a reaction already there, an unchanged record): remember it anyway.
        try await store.commit(ChangeSet(changes: [.recordSyncMutation(userID: userID, mutationID: mutation.mutationID)]))
        let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID)
        return SyncMutationResult(
            mutationID: mutation.mutationID, status: .saved, changeTag: recorded?.sequence.map(String.init))
    }

    private func replay(_ recorded: RecordedSyncMutation, _ mutation: SyncMutation) -> SyncMutationResult {
        if recorded.saved {
            return SyncMutationResult(
                mutationID: mutation.mutationID, status: .saved, changeTag: recorded.sequence.map(String.init))
        }
        let detail = recorded.error.flatMap { try? RealityJSON.decode(APIErrorBody.Detail.self, from: $0) }
        return SyncMutationResult(
            mutationID: mutation.mutationID, status: .rejected,
            error: detail ?? .init(code: "rejected", message: "The server refused this mutation."))
    }

    /// The server's version of the record, if the caller may see it; otherwise a rejection, so
    /// that a conflict never shows a record to someone who may not see it.
    private func conflict(_ mutation: SyncMutation) async throws -> SyncMutationResult {
        if let record = try await visibleRecord(mutation),
            let tag = try await services.store.changeTag(of: mutation.recordType, id: mutation.recordID)
        {
            return SyncMutationResult(mutationID: mutation.mutationID, status: .conflict, changeTag: tag, record: record)
        }
        let detail = APIError.notFound.body.error
        return SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, error: detail)
    }

    private func visibleRecord(_ mutation: SyncMutation) async throws -> SyncRecord? {
        switch mutation.recordType {
        case .annotation:
            guard let id = AnnotationID(uuidString: mutation.recordID) else { return nil }
            return try await services.annotations(userID).fetchAnnotation(id: id).map(SyncRecord.annotation)
        case .layer:
            guard let id = LayerID(uuidString: mutation.recordID) else { return nil }
            return try await services.layers(userID).fetchLayer(id: id).map(SyncRecord.layer)
        case .comment:
            guard let id = CommentID(uuidString: mutation.recordID),
                let comment = try await services.store.comment(id: id),
                try await services.annotations(userID).fetchAnnotation(id: comment.annotationID) != nil
            else { return nil }
            return .comment(comment)
        case .worldMap:
            guard let id = WorldMapID(uuidString: mutation.recordID) else { return nil }
            return try await services.anchors(userID).worldMap(id: id).map(SyncRecord.worldMap)
        default:
            return nil
        }
    }
}
