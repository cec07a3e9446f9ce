import Foundation
import RealityCore

/// Reads an ``Annotation`` as the platform's JSON dialect writes it, several times faster than
/// `JSONDecoder` (a first sync decodes a hundred thousand of them).
///
/// It answers an annotation only when `JSONDecoder` would decode the same one from the same
/// text, and nil for anything it does not read (a malformed or unexpected value, a missing or
/// repeated key, an unknown key, or visibility rules, which are left to `JSONDecoder`): the
/// caller then decodes the text with `RealityJSON`, which reports any error.
enum AnnotationJSONReader {
    /// The annotation written in `text`, or nil (see above).
    static func annotation(from text: Data) -> Annotation? {
        text.withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes: bytes)
            guard let annotation = cursor.readAnnotation(), cursor.isAtEnd() else { return nil }
            return annotation
        }
    }
}

extension JSONCursor {
    /// An annotation object (see ``AnnotationJSONReader``).
    mutating func readAnnotation() -> Annotation? {
        var id: AnnotationID?
        var type: AnnotationType?
        var content: AnnotationContent?
        var title: String?
        var position: SIMD3<Float>?
        var orientation: Quaternion?
        var scale: Float?
        var anchorID: AnchorID?
        var layerID: LayerID?
        var ownerID: UserID?
        var permissions: [Permission]?
        var createdAt: Date?
        var updatedAt: Date?
        var isDeleted: Bool?
        var lastSyncedAt: Date?
        var comments: [RealityCore.Comment]?
        var reactions: [Reaction]?
        var viewedBy: [UserID]?
        var viewCount: Int?
        var status: AnnotationStatus?
        var attachments: [Attachment]?
        var fieldStamps: FieldStamps?
        var myPermission: PermissionLevel?
        let complete = object(of: AnnotationKey.self) { key, cursor in
            switch key {
            case .id: id = cursor.readIdentifier()
            case .type: type = cursor.readString().flatMap(AnnotationType.init(rawValue:))
            case .content: content = cursor.readContent()
            case .title: return cursor.readOptional(&title) { $0.readString() }
            case .position:
                guard let vector = cursor.readFloats(count: 3) else { return false }
                position = SIMD3(vector[0], vector[1], vector[2])
            case .orientation:
                guard let vector = cursor.readFloats(count: 4) else { return false }
                orientation = Quaternion(x: vector[0], y: vector[1], z: vector[2], w: vector[3])
            case .scale: scale = cursor.readFloat()
            case .anchorID: anchorID = cursor.readIdentifier()
            case .layerID: layerID = cursor.readIdentifier()
            case .ownerID: ownerID = cursor.readIdentifier()
            case .permissions: permissions = cursor.readArray { $0.readPermission() }
            case .visibilityRules: return cursor.readNull()
            case .createdAt: createdAt = cursor.readDate()
            case .updatedAt: updatedAt = cursor.readDate()
            case .isDeleted: isDeleted = cursor.readBool()
            case .lastSyncedAt: return cursor.readOptional(&lastSyncedAt) { $0.readDate() }
            case .comments: comments = cursor.readArray { $0.readComment() }
            case .reactions: reactions = cursor.readArray { $0.readReaction() }
            case .viewedBy: viewedBy = cursor.readArray { $0.readIdentifier() }
            case .viewCount: viewCount = cursor.readInt()
            case .status: status = cursor.readString().flatMap(AnnotationStatus.init(rawValue:))
            case .attachments: attachments = cursor.readArray { $0.readAttachment() }
            case .fieldStamps:
                fieldStamps = cursor.readFieldStamps()
                return fieldStamps != nil
            case .myPermission:
                myPermission = cursor.readString().flatMap(PermissionLevel.init(rawValue:))
                return myPermission != nil
            }
            return true
        }
        guard complete, let id, let type, let content, let position, let orientation, let scale, let anchorID,
            let layerID, let ownerID, let permissions, let createdAt, let updatedAt, let isDeleted, let comments,
            let reactions, let viewedBy, let viewCount, let status, let attachments
        else { return nil }
        var annotation = Annotation(
            id: id, type: type, content: content, title: title, position: position, orientation: orientation,
            scale: scale, anchorID: anchorID, layerID: layerID, ownerID: ownerID, permissions: permissions,
            visibilityRules: nil, createdAt: createdAt, updatedAt: updatedAt, isDeleted: isDeleted,
            lastSyncedAt: lastSyncedAt, comments: comments, reactions: reactions, viewedBy: viewedBy,
            viewCount: viewCount, status: status, attachments: attachments, fieldStamps: fieldStamps)
        annotation.myPermission = myPermission
        return annotation
    }

    /// An object of field names and integer stamps.
    private mutating func readFieldStamps() -> FieldStamps? {
        var values: [String: Int64] = [:]
        let complete = object { key, cursor in
            guard let key, values[key] == nil, let stamp = cursor.readInt() else { return false }
            values[key] = Int64(stamp)
            return true
        }
        return complete ? FieldStamps(values) : nil
    }

    private mutating func readContent() -> AnnotationContent? {
        var content = AnnotationContent()
        let complete = object(of: ContentKey.self) { key, cursor in
            switch key {
            case .text: return cursor.readOptional(&content.text) { $0.readString() }
            case .drawingData: return cursor.readOptional(&content.drawingData) { $0.readBase64() }
            case .mediaURL: return cursor.readOptional(&content.mediaURL) { $0.readURL() }
            case .cloudAssetID: return cursor.readOptional(&content.cloudAssetID) { $0.readString() }
            case .richTextData: return cursor.readOptional(&content.richTextData) { $0.readBase64() }
            }
        }
        return complete ? content : nil
    }

    private mutating func readPermission() -> Permission? {
        var id: UUID?
        var userID: UserID?
        var level: PermissionLevel?
        var grantedAt: Date?
        var grantedBy: UserID?
        var expiresAt: Date?
        let complete = object(of: PermissionKey.self) { key, cursor in
            switch key {
            case .id: id = cursor.readUUID()
            case .userID: userID = cursor.readIdentifier()
            case .level: level = cursor.readString().flatMap(PermissionLevel.init(rawValue:))
            case .grantedAt: grantedAt = cursor.readDate()
            case .grantedBy: grantedBy = cursor.readIdentifier()
            case .expiresAt: return cursor.readOptional(&expiresAt) { $0.readDate() }
            }
            return true
        }
        guard complete, let id, let userID, let level, let grantedAt, let grantedBy else { return nil }
        return Permission(
            id: id, userID: userID, level: level, grantedBy: grantedBy, grantedAt: grantedAt, expiresAt: expiresAt)
    }

    private mutating func readReaction() -> Reaction? {
        var id: UUID?
        var emoji: String?
        var userID: UserID?
        var createdAt: Date?
        let complete = object(of: ReactionKey.self) { key, cursor in
            switch key {
            case .id: id = cursor.readUUID()
            case .emoji: emoji = cursor.readString()
            case .userID: userID = cursor.readIdentifier()
            case .createdAt: createdAt = cursor.readDate()
            }
            return true
        }
        guard complete, let id, let emoji, let userID, let createdAt else { return nil }
        return Reaction(id: id, emoji: emoji, userID: userID, createdAt: createdAt)
    }

    private mutating func readAttachment() -> Attachment? {
        var id: UUID?
        var fileName: String?
        var fileType: String?
        var fileSize: Int64?
        var localURL: URL?
        var cloudAssetID: String?
        var thumbnailURL: URL?
        var uploadedAt: Date?
        let complete = object(of: AttachmentKey.self) { key, cursor in
            switch key {
            case .id: id = cursor.readUUID()
            case .fileName: fileName = cursor.readString()
            case .fileType: fileType = cursor.readString()
            case .fileSize: fileSize = cursor.readInt().map(Int64.init)
            case .localURL: return cursor.readOptional(&localURL) { $0.readURL() }
            case .cloudAssetID: return cursor.readOptional(&cloudAssetID) { $0.readString() }
            case .thumbnailURL: return cursor.readOptional(&thumbnailURL) { $0.readURL() }
            case .uploadedAt: return cursor.readOptional(&uploadedAt) { $0.readDate() }
            }
            return true
        }
        guard complete, let id, let fileName, let fileType, let fileSize else { return nil }
        return Attachment(
            id: id, fileName: fileName, fileType: fileType, fileSize: fileSize, localURL: localURL,
            cloudAssetID: cloudAssetID, thumbnailURL: thumbnailURL, uploadedAt: uploadedAt)
    }

    private mutating func readComment() -> RealityCore.Comment? {
        var id: CommentID?
        var text: String?
        var authorID: UserID?
        var authorName: String?
        var annotationID: AnnotationID?
        var parentCommentID: CommentID?
        var createdAt: Date?
        var updatedAt: Date?
        var isDeleted: Bool?
        var isEdited: Bool?
        let complete = object(of: CommentKey.self) { key, cursor in
            switch key {
            case .id: id = cursor.readIdentifier()
            case .text: text = cursor.readString()
            case .authorID: authorID = cursor.readIdentifier()
            case .authorName: return cursor.readOptional(&authorName) { $0.readString() }
            case .annotationID: annotationID = cursor.readIdentifier()
            case .parentCommentID: return cursor.readOptional(&parentCommentID) { $0.readIdentifier() }
            case .createdAt: createdAt = cursor.readDate()
            case .updatedAt: updatedAt = cursor.readDate()
            case .isDeleted: isDeleted = cursor.readBool()
            case .isEdited: isEdited = cursor.readBool()
            }
            return true
        }
        guard complete, let id, let text, let authorID, let annotationID, let createdAt, let updatedAt, let isDeleted,
            let isEdited
        else { return nil }
        return RealityCore.Comment(
            id: id, text: text, authorID: authorID, authorName: authorName, annotationID: annotationID,
            parentCommentID: parentCommentID, createdAt: createdAt, updatedAt: updatedAt, isDeleted: isDeleted,
            isEdited: isEdited)
    }

    // MARK: Leaves

    /// Reads an optional value into `value`: `null` leaves it nil; false when neither `null` nor
    /// a value `read` accepts comes next.
    private mutating func readOptional<T>(_ value: inout T?, _ read: (inout JSONCursor) -> T?) -> Bool {
        if readNull() { return true }
        value = read(&self)
        return value != nil
    }

    /// An array whose every element `element` reads.
    private mutating func readArray<T>(_ element: (inout JSONCursor) -> T?) -> [T]? {
        var values: [T] = []
        let complete = array { cursor in
            guard let value = element(&cursor) else { return false }
            values.append(value)
            return true
        }
        return complete ? values : nil
    }

    /// An array of exactly `count` finite floats.
    private mutating func readFloats(count: Int) -> [Float]? {
        guard let values = readArray({ $0.readFloat() }), values.count == count else { return nil }
        return values
    }

    private mutating func readIdentifier<Entity>() -> Identifier<Entity>? {
        readUUID().map(Identifier<Entity>.init)
    }

    /// A UUID as `UUID.parse` reads it.
    private mutating func readUUID() -> UUID? {
        readParsed(UUID.parse(utf8:), UUID.parse)
    }

    /// A date as `Timestamp.parse` reads it.
    private mutating func readDate() -> Date? {
        readParsed(Timestamp.parse(utf8:), Timestamp.parse)
    }

    /// A string parsed by `fromBytes` straight from the text when it holds no escapes, else
    /// decoded and parsed by `fromString` (the same parser over a `String`).
    private mutating func readParsed<T>(
        _ fromBytes: (UnsafeRawBufferPointer) -> T?, _ fromString: (String) -> T?
    ) -> T? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        if let content = plainString() { return fromBytes(content.bytes) }
        return readString().flatMap(fromString)
    }

    private mutating func readURL() -> URL? {
        readString().flatMap { URL(string: $0) }
    }

    private mutating func readBase64() -> Data? {
        readString().flatMap { Data(base64Encoded: $0) }
    }
}

// MARK: Keys
// The keys each object is written with (`JSONEncoder`'s, from the types' coding keys);
// FastPageDecoderTests fail when one is missing here, since the fast path then gives up.

private enum AnnotationKey: String, JSONObjectKey {
    case id, type, content, title, position, orientation, scale, anchorID, layerID, ownerID, permissions
    case visibilityRules, createdAt, updatedAt, isDeleted, lastSyncedAt, comments, reactions, viewedBy, viewCount
    case status, attachments, fieldStamps, myPermission
    static let table = JSONKeyTable<Self>()
}

private enum ContentKey: String, JSONObjectKey {
    case text, drawingData, mediaURL, cloudAssetID, richTextData
    static let table = JSONKeyTable<Self>()
}

private enum PermissionKey: String, JSONObjectKey {
    case id, userID, level, grantedAt, grantedBy, expiresAt
    static let table = JSONKeyTable<Self>()
}

private enum ReactionKey: String, JSONObjectKey {
    case id, emoji, userID, createdAt
    static let table = JSONKeyTable<Self>()
}

private enum AttachmentKey: String, JSONObjectKey {
    case id, fileName, fileType, fileSize, localURL, cloudAssetID, thumbnailURL, uploadedAt
    static let table = JSONKeyTable<Self>()
}

private enum CommentKey: String, JSONObjectKey {
    case id, text, authorID, authorName, annotationID, parentCommentID, createdAt, updatedAt, isDeleted, isEdited
    static let table = JSONKeyTable<Self>()
}
