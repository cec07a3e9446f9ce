import Foundation
import RealityCore

/// The data of a mutation; which case a mutation carries follows from its record type and
/// operation (the table in docs/sync-protocol.md, "Push").
public enum SyncMutationFields: Hashable, Sendable {
    /// Nothing (deletes, notification reads): `{}`.
    case none
    /// The annotation as the device has it.
    case annotation(Annotation)
    /// The layer as the device has it.
    case layer(Layer)
    /// The comment as the device has it.
    case comment(Comment)
    /// The world map as the device has it.
    case worldMap(WorldMap)
    /// A grant to add or remove.
    case grant(GrantFields)
    /// A reaction to add or remove.
    case reaction(ReactionFields)
    /// The annotation a view, read or star is about: `{annotationID}`.
    case annotationReference(AnnotationID)
    /// Profile fields of the caller's own user record.
    case profile(ProfileFields)
    /// A record of an owned kind as the device has it.
    case owned(AnyOwnedRecord)

    /// The shape the fields of a (record type, operation) pair take.
    enum Shape {
        case none, annotation, layer, comment, worldMap, grant, reaction, annotationReference, profile
        case owned(any OwnedRecord.Type)

        init?(recordType: RecordType, op: SyncOperation) {
            if let owned = recordType.owned {
                switch op {
                case .save: self = .owned(owned)
                case .delete: self = .none
                default: return nil
                }
                return
            }
            switch (recordType, op) {
            case (.annotation, .save): self = .annotation
            case (.layer, .save): self = .layer
            case (.comment, .save): self = .comment
            case (.worldMap, .save): self = .worldMap
            case (.annotation, .delete), (.layer, .delete), (.comment, .delete), (.worldMap, .delete),
                (.notification, .read):
                self = .none
            case (.grant, .save), (.grant, .delete): self = .grant
            case (.reaction, .save), (.reaction, .delete): self = .reaction
            case (.view, .view), (.view, .read), (.star, .save), (.star, .delete): self = .annotationReference
            case (.user, .save): self = .profile
            default: return nil
            }
        }
    }

    private struct Reference: Codable {
        var annotationID: AnnotationID
    }

    private struct Empty: Codable {}

    init(shape: Shape, from decoder: any Decoder) throws {
        switch shape {
        case .none:
            _ = try Empty(from: decoder)
            self = .none
        case .annotation: self = .annotation(try Annotation(from: decoder))
        case .layer: self = .layer(try Layer(from: decoder))
        case .comment: self = .comment(try Comment(from: decoder))
        case .worldMap: self = .worldMap(try WorldMap(from: decoder))
        case .grant: self = .grant(try GrantFields(from: decoder))
        case .reaction: self = .reaction(try ReactionFields(from: decoder))
        case .annotationReference: self = .annotationReference(try Reference(from: decoder).annotationID)
        case .profile: self = .profile(try ProfileFields(from: decoder))
        case .owned(let kind): self = .owned(try AnyOwnedRecord(kind, from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .none: try Empty().encode(to: encoder)
        case .annotation(let value): try value.encode(to: encoder)
        case .layer(let value): try value.encode(to: encoder)
        case .comment(let value): try value.encode(to: encoder)
        case .worldMap(let value): try value.encode(to: encoder)
        case .grant(let value): try value.encode(to: encoder)
        case .reaction(let value): try value.encode(to: encoder)
        case .annotationReference(let id): try Reference(annotationID: id).encode(to: encoder)
        case .profile(let value): try value.encode(to: encoder)
        case .owned(let value): try value.encode(to: encoder)
        }
    }
}

/// The fields of a grant mutation.
public struct GrantFields: Codable, Hashable, Sendable {
    /// What a grant applies to.
    public enum TargetType: String, Codable, Hashable, Sendable {
        case layer, annotation
    }

    /// The kind of target.
    public var targetType: TargetType
    /// The layer or annotation.
    public var targetID: UUID
    /// The grantee.
    public var userID: UserID
    /// The level (required to save, ignored to delete).
    public var level: PermissionLevel?
    /// When the grant ends; nil for never.
    public var expiresAt: Date?

    /// Fields with the given parts.
    public init(
        targetType: TargetType, targetID: UUID, userID: UserID, level: PermissionLevel? = nil, expiresAt: Date? = nil
    ) {
        self.targetType = targetType
        self.targetID = targetID
        self.userID = userID
        self.level = level
        self.expiresAt = expiresAt
    }

    /// The target as the core names it.
    public var target: GrantTarget {
        switch targetType {
        case .layer: .layer(LayerID(targetID))
        case .annotation: .annotation(AnnotationID(targetID))
        }
    }
}

/// The fields of a reaction mutation.
public struct ReactionFields: Codable, Hashable, Sendable {
    /// The annotation reacted to.
    public var annotationID: AnnotationID
    /// The emoji.
    public var emoji: String

    /// Fields with the given parts.
    public init(annotationID: AnnotationID, emoji: String) {
        self.annotationID = annotationID
        self.emoji = emoji
    }
}

/// The fields of a profile mutation; absent fields stay as they are.
public struct ProfileFields: Codable, Hashable, Sendable {
    /// The new display name.
    public var displayName: String?
    /// The new avatar address.
    public var avatarURL: URL?
    /// The new preferences.
    public var preferences: UserPreferences?

    /// Fields with the given parts.
    public init(displayName: String? = nil, avatarURL: URL? = nil, preferences: UserPreferences? = nil) {
        self.displayName = displayName
        self.avatarURL = avatarURL
        self.preferences = preferences
    }
}
