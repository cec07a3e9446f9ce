import Foundation
import RealityAPI
import RealityCore
import RealityStore

extension OutgoingMutation {
    /// The mutation as the push request carries it (docs/sync-protocol.md, "Push"), or nil when
    /// there is nothing left to send (a record saved and since removed on the device).
    public func wireMutation() -> SyncMutation? {
        guard let op = SyncOperation(rawValue: operation), let fields = wireFields(op) else { return nil }
        let wireID = recordType == .star ? annotationReference?.uuidString ?? recordID : recordID
        return SyncMutation(
            mutationID: mutationID, recordType: recordType, recordID: wireID, op: op, baseChangeTag: baseChangeTag,
            fields: fields)
    }

    private func wireFields(_ op: SyncOperation) -> SyncMutationFields? {
        switch (recordType, op) {
        case (let type, .save) where RecordType.savedWhole.contains(type):
            switch record {
            case .annotation(let annotation)?: return .annotation(annotation)
            case .layer(let layer)?: return .layer(layer)
            case .comment(let comment)?: return .comment(comment)
            case .worldMap(let map)?: return .worldMap(map)
            case .owned(let record)?: return .owned(record)
            case .user(let user)?:
                return .profile(
                    ProfileFields(
                        displayName: user.displayName, avatarURL: user.avatarURL, preferences: user.preferences))
            default: return nil
            }
        // An account is deleted by its own route, never by a push.
        case (let type, .delete) where RecordType.savedWhole.contains(type) && type != .user:
            return SyncMutationFields.none
        case (.notification, .read):
            return SyncMutationFields.none
        case (.grant, _):
            return grantFields(op).map(SyncMutationFields.grant)
        case (.reaction, _):
            let parts = recordID.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3, let annotationID = AnnotationID(uuidString: parts[0]) else { return nil }
            return .reaction(ReactionFields(annotationID: annotationID, emoji: parts[2]))
        case (.view, _), (.star, _):
            return annotationReference.map(SyncMutationFields.annotationReference)
        default:
            return nil
        }
    }

    /// The annotation a view (`annotation:user`) or star (`user:annotation`) is about.
    private var annotationReference: AnnotationID? {
        let parts = recordID.split(separator: ":").map(String.init)
        guard parts.count == 2 else { return nil }
        return AnnotationID(uuidString: recordType == .star ? parts[1] : parts[0])
    }

    /// A grant's fields from its outbox key (`type:targetID:userID`) and, for saves, the payload.
    private func grantFields(_ op: SyncOperation) -> GrantFields? {
        let parts = recordID.split(separator: ":").map(String.init)
        guard parts.count == 3, let type = GrantFields.TargetType(rawValue: parts[0]),
            let targetID = UUID(uuidString: parts[1]), let userID = UserID(uuidString: parts[2])
        else { return nil }
        guard op == .save else { return GrantFields(targetType: type, targetID: targetID, userID: userID) }
        guard let permission = try? RealityJSON.decode(Permission.self, from: payload) else { return nil }
        return GrantFields(
            targetType: type, targetID: targetID, userID: userID, level: permission.level,
            expiresAt: permission.expiresAt)
    }
}

extension PushOutcome {
    /// The store's record of a push result.
    init(_ result: SyncMutationResult) {
        switch result.status {
        case .saved: self = .saved(changeTag: result.changeTag, record: result.record)
        case .conflict: self = .conflict(changeTag: result.changeTag, record: result.record)
        case .rejected:
            self = .rejected(
                code: result.error?.code ?? "rejected", message: result.error?.message ?? "The server refused it.",
                field: result.error?.field)
        }
    }
}
