import Foundation
import RealityAPI
import RealityCore

/// The OpenAPI 3.1 document of the API (SPEC C4): its paths and operations built from the route
/// declarations (``APIRoute/all``), which the router registers, with the schemas of the main wire
/// types.
enum OpenAPIDocument {
    /// The document as JSON, built once.
    static let json: Data = {
        // Only plain JSON values go in, so serialisation cannot fail.
        (try? JSONSerialization.data(withJSONObject: build(), options: [.sortedKeys])) ?? Data("{}".utf8)
    }()

    /// The document as a JSON object.
    static func build() -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for operation in APIRoute.all {
            paths[operation.path, default: [:]][operation.method.rawValue.lowercased()] = describe(operation)
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Reality Annotation Platform API",
                "version": "1.0.0",
                "description": "Annotations pinned to places, layers, sharing, collaboration and assets. "
                    + "A resource the caller may not see answers 404; one it may see but not change answers 403.",
            ],
            "servers": [["url": "/"]],
            "security": [["bearerAuth": [String]()]],
            "paths": paths,
            "components": [
                "securitySchemes": [
                    "bearerAuth": [
                        "type": "http", "scheme": "bearer", "description": "A token from register or login.",
                    ],
                    "adminToken": ["type": "http", "scheme": "bearer", "description": "The server's admin token."],
                ],
                "schemas": schemas.merging(syncSchemas) { first, _ in first }.merging(recordSchemas) { first, _ in first
                }.merging(outOfBoxSchemas) { first, _ in first }.merging(socialSchemas) { first, _ in first },
                "responses": [
                    "Error": [
                        "description": "An error (400, 401, 403, 404, 409, 413, 429).",
                        "content": ["application/json": ["schema": ref("Error")]],
                    ]
                ],
            ],
        ]
    }

    private static func describe(_ operation: APIRoute) -> [String: Any] {
        var parameters: [[String: Any]] = []
        for name in operation.pathParameters {
            var schema: [String: Any] = ["type": "string"]
            if !operation.textParameters.contains(name) { schema["format"] = "uuid" }
            parameters.append(["name": name, "in": "path", "required": true, "schema": schema])
        }
        for query in operation.query {
            var schema: [String: Any] = ["type": query.type]
            if let format = query.format { schema["format"] = format }
            if let size = query.pageSize {
                schema["minimum"] = size.range.lowerBound
                schema["maximum"] = size.range.upperBound
                schema["default"] = size.defaultValue
            }
            parameters.append([
                "name": query.name, "in": "query", "required": false, "schema": schema,
                "description": query.description,
            ])
        }
        var result: [String: Any] = [
            "summary": operation.summary,
            "tags": [operation.tag],
            "operationId": operationID(operation),
            "parameters": parameters,
        ]
        switch operation.access {
        case .anonymous: result["security"] = [[String: Any]]()
        case .user: break
        case .admin: result["security"] = [["adminToken": [String]()]]
        }
        switch operation.body {
        case .json(let name):
            result["requestBody"] = [
                "required": true, "content": ["application/json": ["schema": ref(name.description)]],
            ]
        case .raw:
            result["requestBody"] = [
                "required": true,
                "content": ["*/*": ["schema": ["type": "string", "contentEncoding": "binary"]]],
            ]
        case nil: break
        }
        let success: [String: Any] =
            switch operation.answer {
            case .json(let name):
                ["description": "OK", "content": ["application/json": ["schema": ref(name.description)]]]
            case .page(let name):
                ["description": "One page", "content": ["application/json": ["schema": page(of: name.description)]]]
            case .raw:
                // No schema: the bytes come in the media type they show, and are not a JSON string
                // (OpenAPI 3.1 describes binary content without one).
                [
                    "description": "The bytes, in the media type they show",
                    "content": ["*/*": [String: Any]()],
                ]
            case .text:
                ["description": "Prometheus text", "content": ["text/plain": ["schema": ["type": "string"]]]]
            case .empty:
                ["description": "Done"]
            case .webApp:
                [
                    "description": "The file",
                    "content": Dictionary(
                        uniqueKeysWithValues: ["text/html", "text/javascript", "text/css"].map {
                            ($0, ["schema": ["type": "string"]])
                        }),
                ]
            case .webSocket(let name):
                [
                    "description": "Switching to a WebSocket; each text frame is one JSON message.",
                    "content": ["application/json": ["schema": ref(name.description)]],
                ]
            }
        var responses: [String: Any] = [
            "\(operation.status)": success, "default": ["$ref": "#/components/responses/Error"],
        ]
        if case .raw = operation.answer {
            responses["206"] = [
                "description": "The bytes of the one range `Range` asked for (`Content-Range` says which)",
                "content": ["*/*": [String: Any]()],
            ]
            responses["304"] = ["description": "`If-None-Match` names the asset's ETag"]
            responses["416"] = ["description": "The range starts past the end (`Content-Range: bytes */size`)"]
        }
        for (status, schema) in operation.errors {
            responses["\(status)"] = [
                "description": "An error with details",
                "content": ["application/json": ["schema": ref(schema.description)]],
            ]
        }
        result["responses"] = responses
        return result
    }

    private static func operationID(_ operation: APIRoute) -> String {
        let path = operation.path
        let words = path.dropFirst(path.hasPrefix(APIRoute.versionPrefix + "/") ? APIRoute.versionPrefix.count : 0)
            .split(separator: "/")
            .map {
                $0.hasPrefix("{")
                    ? "By" + $0.dropFirst().dropLast().capitalized : $0.replacingOccurrences(of: ".", with: "")
            }
        return operation.method.rawValue.lowercased()
            + words.map { $0.prefix(1).uppercased() + String($0.dropFirst()) }.joined()
    }

    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }

    private static func page(of name: String) -> [String: Any] {
        object(
            ["items": ["type": "array", "items": ref(name)], "nextCursor": ["type": ["string", "null"]]],
            required: ["items", "nextCursor"])
    }

    static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        ["type": "object", "properties": properties, "required": required]
    }

    static var uuid: [String: Any] { ["type": "string", "format": "uuid"] }
    private static var optionalUUID: [String: Any] { ["type": ["string", "null"], "format": "uuid"] }
    static var date: [String: Any] { ["type": "string", "format": "date-time"] }
    private static var optionalDate: [String: Any] { ["type": ["string", "null"], "format": "date-time"] }
    static var string: [String: Any] { ["type": "string"] }
    static var optionalString: [String: Any] { ["type": ["string", "null"]] }
    static var bool: [String: Any] { ["type": "boolean"] }
    static var integer: [String: Any] { ["type": "integer"] }
    static var number: [String: Any] { ["type": "number"] }
    static var assetID: [String: Any] { ["type": "string", "pattern": "^[0-9a-f]{64}$"] }
    static func enumeration(_ values: [String]) -> [String: Any] { ["type": "string", "enum": values] }
    static func array(_ items: [String: Any]) -> [String: Any] { ["type": "array", "items": items] }
    private static var vector3: [String: Any] { ["type": "array", "items": number, "minItems": 3, "maxItems": 3] }
    /// The raw values of `type`'s cases: an enumeration as the model declares it.
    static func enumeration<T: CaseIterable & RawRepresentable<String>>(of type: T.Type) -> [String: Any] {
        enumeration(T.allCases.map(\.rawValue))
    }
    private static var level: [String: Any] { enumeration(of: PermissionLevel.self) }
    private static var annotationType: [String: Any] { enumeration(of: AnnotationType.self) }
    private static var status: [String: Any] { enumeration(of: AnnotationStatus.self) }
    private static var tier: [String: Any] { enumeration(of: SubscriptionTier.self) }
    private static var color: [String: Any] { enumeration(of: LayerColor.self) }

    private static var schemas: [String: Any] {
        [
            "Error": object(
                [
                    "error": object(
                        ["code": string, "message": string, "field": optionalString],
                        required: ["code", "message", "field"])
                ], required: ["error"]),
            "HealthReport": object([
                "status": enumeration(["healthy", "degraded", "unhealthy"]),
                "services": array(["type": "object"]),
            ]),
            "OpenAPIDocument": ["type": "object"],
            "RegisterRequest": object(
                ["email": string, "password": string, "displayName": string, "deviceName": string],
                required: ["email", "password", "displayName"]),
            "LoginRequest": object(
                ["email": string, "password": string, "deviceName": string],
                required: ["email", "password"]),
            "PasswordChangeRequest": object(
                ["currentPassword": string, "newPassword": string],
                required: ["currentPassword", "newPassword"]),
            "SessionInfo": object(
                [
                    "id": uuid, "deviceName": optionalString, "createdAt": date, "lastUsedAt": date, "current": bool,
                ], required: ["id", "createdAt", "lastUsedAt", "current"]),
            "RevokedSessions": object(["revoked": integer], required: ["revoked"]),
            "AuthResponse": object(["token": string, "user": ref("User")], required: ["token", "user"]),
            "TierRequest": object(["tier": tier, "expiresAt": optionalDate], required: ["tier"]),
            "ProfilePatch": object(["displayName": string, "avatarURL": string]),
            "UserPreferences": object([
                "defaultLayerColor": color, "showAnnotationsOnStartup": bool, "enableNotifications": bool,
                "annotationDisplayDistance": number, "theme": string, "timeZone": optionalString,
            ]),
            "UsageStats": object([
                "annotationCount": integer, "layerCount": integer, "storageUsed": integer,
                "limits": object([
                    "maxAnnotations": ["type": ["integer", "null"]], "maxLayers": ["type": ["integer", "null"]],
                    "maxStorage": integer, "canShare": bool,
                ]),
            ]),
            "AccountExport": [
                "type": "object",
                "description": """
                Everything the user owns or did: the account, layers, annotations (with comments),                     comments written, world maps, every notification, stars, reads, reactions and grants                     given, invitations sent, and under records every owned kind's records (saved searches); and under outOfBox the person's Out of Box preferences,                     assignments and stats.
                """,
                "properties": [
                    "exportedAt": date, "user": ref("User"), "layers": array(["type": "object"]),
                    "annotations": array(["type": "object"]), "comments": array(["type": "object"]),
                    "worldMaps": array(["type": "object"]), "notifications": array(["type": "object"]),
                    "stars": array(["type": "object"]), "reads": array(["type": "object"]),
                    "reactionsGiven": array(["type": "object"]), "grantsGiven": array(["type": "object"]),
                    "invitations": array(["type": "object"]), "outOfBox": ref("OutOfBoxExport"),
                    "records": object(
                        Dictionary(
                            uniqueKeysWithValues: RecordType.ownedKinds.map {
                                ($0.recordType.rawValue, array(ref($0.schemaName)))
                            })),
                ],
                "required": ["exportedAt", "user", "outOfBox"],
            ],
            "Permission": object(
                [
                    "id": uuid, "userID": uuid, "level": level, "grantedAt": date, "grantedBy": uuid,
                    "expiresAt": optionalDate,
                ], required: ["userID", "level"]),
            "GrantRequest": object(["userID": uuid, "level": level, "expiresAt": date], required: ["userID"]),
            "FieldStamps": [
                "type": "object", "additionalProperties": integer,
                "description": "When each field was last edited (ms since 1970), for fields edited after creation.",
            ],
            "CreateLayerRequest": object(
                ["name": string, "icon": string, "color": color, "parentLayerID": uuid],
                required: ["name"]),
            "AnnotationContent": object([
                "text": string, "drawingData": string, "mediaURL": string, "cloudAssetID": assetID,
                "richTextData": string,
            ]),
            "Attachment": object([
                "id": uuid, "fileName": string, "fileType": string, "fileSize": integer, "cloudAssetID": assetID,
                "localURL": optionalString, "thumbnailURL": optionalString, "uploadedAt": optionalDate,
            ]),
            "VisibilityRules": [
                "type": "object", "description": "Time and location rules, expiresAt, expiresAfterViews.",
            ],
            "Reaction": object(["id": uuid, "emoji": string, "userID": uuid, "createdAt": date]),
            "MoveRequest": object(["layerID": uuid], required: ["layerID"]),
            "CommentRequest": object(["text": string, "parentCommentID": uuid], required: ["text"]),
            "CommentEdit": object(["text": string], required: ["text"]),
            "ReactionRequest": object(["emoji": string], required: ["emoji"]),
            "Activity": object([
                "id": uuid, "kind": string, "actorID": uuid, "annotationID": optionalUUID, "layerID": optionalUUID,
                "commentID": optionalUUID, "summary": string, "createdAt": date,
            ]),
            "AppNotification": object([
                "id": uuid, "recipientID": uuid,
                "type": enumeration(of: NotificationType.self),
                "title": string, "body": string, "actorID": optionalUUID, "annotationID": optionalUUID,
                "layerID": optionalUUID, "commentID": optionalUUID, "createdAt": date, "isRead": bool,
            ]),
            "AssetResponse": object(
                ["id": assetID, "sha256": assetID, "size": integer, "contentType": string],
                required: ["id", "sha256", "size", "contentType"]),
            "AssetInfo": object(
                [
                    "sha256": assetID, "size": integer, "contentType": string, "uploadedAt": date,
                    "width": ["type": ["integer", "null"]], "height": ["type": ["integer", "null"]],
                    "durationSeconds": ["type": ["number", "null"]],
                    "renditions": array(enumeration(RenditionKind.allCases.map(\.rawValue))), "pending": bool,
                ], required: ["sha256", "size", "contentType", "uploadedAt", "renditions", "pending"]),
            "CreateUploadRequest": object(["size": ["type": "integer", "minimum": 1]], required: ["size"]),
            "NearbyAnnotation": object(
                ["distance": number, "annotation": ref("Annotation")], required: ["distance", "annotation"]),
            "TrashEntry": object(
                [
                    "kind": enumeration(TrashEntry.Kind.allCases.map(\.rawValue)), "id": uuid,
                    "title": optionalString, "type": annotationType, "deletedAt": date, "purgeAt": date,
                ], required: ["kind", "id", "deletedAt", "purgeAt"]),
            "UserSummary": object(["id": uuid, "displayName": optionalString], required: ["id"]),
            "InvitationRequest": object(
                ["email": string, "layerID": uuid, "annotationID": uuid, "level": level, "expiresAt": date],
                required: ["email", "level"]),
            "Invitation": object(
                [
                    "id": uuid, "inviterID": uuid, "email": string, "layerID": optionalUUID,
                    "annotationID": optionalUUID, "level": level, "grantExpiresAt": optionalDate, "createdAt": date,
                    "expiresAt": date, "status": enumeration(Invitation.Status.allCases.map(\.rawValue)),
                    "acceptedBy": optionalUUID,
                ], required: ["id", "inviterID", "email", "level", "createdAt", "expiresAt", "status"]),
            "Member": object(
                [
                    "userID": uuid, "displayName": optionalString, "level": level, "isOwner": bool,
                    "grantedBy": optionalUUID, "expiresAt": optionalDate,
                ], required: ["userID", "level", "isOwner"]),
            "MemberRequest": object(["level": level, "expiresAt": date], required: ["level"]),
            "UploadStatus": object(
                ["id": uuid, "offset": integer, "size": integer, "asset": ref("AssetResponse")],
                required: ["id", "offset", "size"]),
            "WorldAnchor": object(["id": uuid, "transform": array(number), "annotationID": optionalUUID]),
            "CurrentWorldMapRequest": object(["worldMapID": uuid], required: ["worldMapID"]),
            "RelocalizeReport": object(["annotationsUpdated": integer], required: ["annotationsUpdated"]),
            "CreateWorldMapRequest": object(
                [
                    "id": uuid, "worldMapAssetID": assetID, "anchors": array(ref("WorldAnchor")),
                    "locationName": string,
                    "locationDescription": string, "thumbnailAssetID": assetID, "sharedWith": array(uuid),
                ], required: ["worldMapAssetID"]),
        ]
    }
}
