import Foundation

/// Which part of the caller's data a change feed covers (SPEC C2, docs/sync-protocol.md).
public enum SyncScope: String, Codable, Hashable, Sendable, CaseIterable {
    /// Records the caller owns, and the caller's own stars, notifications, profile and world maps.
    case `private`
    /// Records of others the caller may see through a layer they own or an active grant.
    case shared
    /// Records the caller may see only because a layer above them is public.
    case `public`
}

/// An annotation the caller starred, as the private feed carries it.
public struct StarRecord: Codable, Hashable, Sendable {
    /// The starred annotation.
    public var annotationID: AnnotationID
    /// When it was starred.
    public var createdAt: Date

    /// A star with the given parts.
    public init(annotationID: AnnotationID, createdAt: Date) {
        self.annotationID = annotationID
        self.createdAt = createdAt
    }
}
