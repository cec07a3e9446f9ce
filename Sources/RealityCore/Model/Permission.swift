import Foundation

/// A grant of a permission level to one user on an annotation or a layer (seed 001 §2.1, SPEC M3).
public struct Permission: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the grant itself.
    public var id: UUID
    /// Who receives the grant.
    public var userID: UserID
    /// What it allows.
    public var level: PermissionLevel
    /// When it was made.
    public var grantedAt: Date
    /// Who made it.
    public var grantedBy: UserID
    /// When it stops counting; nil for never.
    public var expiresAt: Date?

    /// A grant made now (or at `grantedAt`).
    public init(
        id: UUID = .timeOrdered(),
        userID: UserID,
        level: PermissionLevel,
        grantedBy: UserID,
        grantedAt: Date = Timestamp.now(),
        expiresAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.level = level
        self.grantedAt = grantedAt
        self.grantedBy = grantedBy
        self.expiresAt = expiresAt
    }

    /// True when the grant counts at `date`: an expired grant grants nothing. Expiry is exclusive:
    /// at `expiresAt` the grant has already lapsed.
    public func isActive(at date: Date) -> Bool {
        guard let expiresAt else { return true }
        return date < expiresAt
    }
}
