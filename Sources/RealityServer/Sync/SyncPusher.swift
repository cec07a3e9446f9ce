import Foundation
import RealityAPI
import RealityCore

/// Turns one push mutation into its result (docs/sync-protocol.md, "Push"): a replay answers the
/// first result; otherwise the mutation is applied and answers saved, conflict or rejected.
struct SyncPusher<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let userID: UserID

    /// The results of `mutations`, in order. Runs of annotation creates are applied in one commit
    /// each (a device's offline creates arrive that way, hundreds at a time; a lone create is a
    /// run of one, which spares it the reads that look for the ID before the commit requires it
    /// absent); a run the rules refuse as a whole is applied again one mutation at a time, so
    /// each gets its own answer.
    func results(of mutations: [SyncMutation]) async throws -> [SyncMutationResult] {
        var results: [SyncMutationResult] = []
        results.reserveCapacity(mutations.count)
        var index = mutations.startIndex
        while index < mutations.endIndex {
            var end = index
            while end < mutations.endIndex, Self.batchableCreate(mutations[end]) != nil { end += 1 }
            if end > index {
                results += try await createRun(Array(mutations[index..<end]))
                index = end
            } else {
                results.append(try await result(of: mutations[index]))
                index += 1
            }
        }
        return results
    }

    /// The draft of a mutation that creates an annotation and nothing else, or nil.
    private static func batchableCreate(_ mutation: SyncMutation) -> AnnotationDraft? {
        guard mutation.recordType == .annotation, mutation.op == .save, mutation.baseChangeTag == nil,
            case .annotation(let annotation) = mutation.fields, annotation.id.uuidString == mutation.recordID,
            !annotation.isDeleted
        else { return nil }
        return AnnotationDraft(creating: annotation)
    }

    private func createRun(_ run: [SyncMutation]) async throws -> [SyncMutationResult] {
        let store = services.store
        let recorded = try await store.recordedSyncMutations(userID: userID, mutationIDs: run.map(\.mutationID))
        let fresh = run.filter { recorded[$0.mutationID] == nil }
        let distinct =
            Set(fresh.map(\.recordID)).count == fresh.count
            && Set(fresh.map(\.mutationID)).count == fresh.count
        if !fresh.isEmpty, distinct {
            do {
                let receipt = PushReceipt()
                let pushed = fresh.map { PushedMutation(userID: userID, mutationID: $0.mutationID, receipt: receipt) }
                _ = try await services.applying(pushed).annotations(userID)
                    .createAnnotations(fresh.compactMap(Self.batchableCreate))
                // The commit recorded every fresh mutation as saved under its number; the others
                // were recorded before.
                var applied = recorded
                if let sequence = receipt.sequence {
                    for mutation in fresh {
                        applied[mutation.mutationID] = RecordedSyncMutation(saved: true, sequence: sequence, error: nil)
                    }
                } else {
                    applied = try await store.recordedSyncMutations(userID: userID, mutationIDs: run.map(\.mutationID))
                }
                return run.map { mutation in
                    applied[mutation.mutationID].map { replay($0, mutation) }
                        ?? SyncMutationResult(mutationID: mutation.mutationID, status: .saved)
                }
            } catch {
                // A server-side failure fails the request; a rule that refused the run as a whole
                // is found out by applying each mutation on its own, which says which one.
                if APIError(error).status.code >= 500 { throw error }
            }
        }
        var results: [SyncMutationResult] = []
        for mutation in run {
            results.append(try await result(of: mutation))
        }
        return results
    }

    func result(of mutation: SyncMutation) async throws -> SyncMutationResult {
        let store = services.store
        if let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID) {
            return try await withCurrentRecord(replay(recorded, mutation), mutation)
        }
        let receipt = PushReceipt()
        do {
            try await SyncPushApplier(services: services, userID: userID, receipt: receipt).apply(mutation)
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
        if let sequence = receipt.sequence {
            return replay(RecordedSyncMutation(saved: true, sequence: sequence, error: nil), mutation)
        }
        if let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID) {
            return replay(recorded, mutation)
        }
        // Nothing needed writing (a reaction already there, an unchanged record): remember it anyway.
        try await store.commit(
            ChangeSet(changes: [.recordSyncMutation(userID: userID, mutationID: mutation.mutationID)]))
        let recorded = try await store.recordedSyncMutation(userID: userID, mutationID: mutation.mutationID)
        return try await withCurrentRecord(
            SyncMutationResult(
                mutationID: mutation.mutationID, status: .saved, changeTag: recorded?.sequence.map(String.init)),
            mutation)
    }

    /// `result` (a saved record save) with the record as the server holds it and its own tag, when
    /// the commit that saved the mutation did not give the record its current tag: nothing needed
    /// writing (the device's edit equalled the server's version), or the record changed again
    /// since. The device then takes the server's version (its dates included) instead of keeping
    /// its own, which the feed would never correct.
    private func withCurrentRecord(_ result: SyncMutationResult, _ mutation: SyncMutation) async throws
        -> SyncMutationResult
    {
        guard result.status == .saved, mutation.op == .save, mutation.recordType.sync.answeredWithCurrentVersion,
            let tag = try await services.store.changeTag(of: mutation.recordType, id: mutation.recordID),
            tag != result.changeTag, let record = try await visibleRecord(mutation)
        else { return result }
        var current = result
        current.changeTag = tag
        current.record = record
        return current
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
            return SyncMutationResult(
                mutationID: mutation.mutationID, status: .conflict, changeTag: tag, record: record)
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
            guard let kind = mutation.recordType.owned else { return nil }
            return try await ownedRecord(kind, mutation)
        }
    }

    /// The caller's own record of an owned kind.
    private func ownedRecord<Record: OwnedRecord>(_ kind: Record.Type, _ mutation: SyncMutation) async throws
        -> SyncRecord?
    {
        guard let id = Identifier<Record>(uuidString: mutation.recordID) else { return nil }
        return try await services.records(kind, userID).fetch(id: id).map { .owned(AnyOwnedRecord($0)) }
    }
}
