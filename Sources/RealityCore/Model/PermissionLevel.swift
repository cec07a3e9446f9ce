/// How much a user may do with an annotation or layer: viewer < commenter < editor < owner
/// (seed 001 §2.1).
///
/// The capability table is the seed's: everyone with a level may view; commenters and above
/// comment; editors and above edit and share; only owners delete.
public enum PermissionLevel: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    case viewer
    case commenter
    case editor
    case owner

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .commenter: 1
        case .editor: 2
        case .owner: 3
        }
    }

    public static func < (lhs: PermissionLevel, rhs: PermissionLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    /// May see it.
    public var canView: Bool { true }
    /// May comment and react.
    public var canComment: Bool { self >= .commenter }
    /// May change it.
    public var canEdit: Bool { self >= .editor }
    /// May delete it.
    public var canDelete: Bool { self == .owner }
    /// May grant others access to it.
    public var canShare: Bool { self >= .editor }

    /// True when this level allows `capability`.
    public func allows(_ capability: Capability) -> Bool {
        switch capability {
        case .view: canView
        case .comment: canComment
        case .edit: canEdit
        case .delete: canDelete
        case .share: canShare
        }
    }
}

/// Something a user may try to do with an annotation or a layer.
public enum Capability: String, Codable, Hashable, Sendable, CaseIterable {
    case view, comment, edit, delete, share

    /// The lowest level that allows it.
    public var minimumLevel: PermissionLevel {
        switch self {
        case .view: .viewer
        case .comment: .commenter
        case .edit, .share: .editor
        case .delete: .owner
        }
    }
}
