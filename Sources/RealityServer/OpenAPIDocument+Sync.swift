import Foundation
import RealityCore

extension OpenAPIDocument {
    /// The schemas of the sync API and live events (docs/sync-protocol.md).
    static var syncSchemas: [String: Any] {
        let scope = enumeration(of: SyncScope.self)
        let recordType = enumeration(of: RecordType.self)
        let owned = RecordType.ownedKinds.map { $0.schemaName }
        let published = RecordType.publishedKinds.compactMap { $0.published?.schemaName }
        let record: [String: Any] = [
            "description":
                "The record, shaped by recordType: Layer, Annotation, Comment, User, {annotationID, createdAt} "
                + "for a star, AppNotification, WorldMap, an owned kind's record ("
                + owned.joined(separator: ", ") + "), or a published kind's, in the public scope ("
                + published.joined(separator: ", ") + ").",
            "oneOf": [
                ref("Layer"), ref("Annotation"), ref("Comment"), ref("User"), ref("AppNotification"),
                ref("WorldMap"), object(["annotationID": uuid, "createdAt": date]),
            ] + owned.map(ref) + published.map(ref),
        ]
        let errorDetail = object(
            ["code": string, "message": string, "field": optionalString], required: ["code", "message"])
        return [
            "SyncLimits": object(
                ["maxMutations": integer, "maxBytes": integer], required: ["maxMutations", "maxBytes"]),
            "SyncBatchTooLarge": object(
                ["error": errorDetail, "limits": ref("SyncLimits")], required: ["error", "limits"]),
            "SyncChange": object(
                ["recordType": recordType, "recordID": string, "changeTag": string, "deleted": bool, "record": record],
                required: ["recordType", "recordID", "changeTag", "deleted"]),
            "SyncChangesPage": object(
                ["changes": array(ref("SyncChange")), "token": string, "moreComing": bool],
                required: ["changes", "token", "moreComing"]),
            "SyncMutation": object(
                [
                    "mutationID": string, "recordType": recordType, "recordID": string,
                    "op": enumeration(["save", "delete", "view", "read"]), "baseChangeTag": string,
                    "fields": [
                        "type": "object", "description": "Shaped by recordType and op (docs/sync-protocol.md).",
                    ],
                ],
                required: ["mutationID", "recordType", "recordID", "op", "fields"]),
            "SyncPushRequest": object(
                ["clientID": string, "mutations": array(ref("SyncMutation"))], required: ["clientID", "mutations"]),
            "SyncMutationResult": object(
                [
                    "mutationID": string, "status": enumeration(["saved", "conflict", "rejected"]),
                    "changeTag": string, "recordType": recordType, "record": record, "error": errorDetail,
                ],
                required: ["mutationID", "status"]),
            "SyncPushResponse": object(["results": array(ref("SyncMutationResult"))], required: ["results"]),
            "LiveEvent": object(
                [
                    "type": enumeration(["ready", "changes", "notification"]), "scopes": array(scope),
                    "notification": ref("AppNotification"),
                ],
                required: ["type"]),
        ]
    }
}
