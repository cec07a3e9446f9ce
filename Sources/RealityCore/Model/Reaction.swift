import Foundation

/// One user's emoji reaction to an annotation; a user has at most one of each emoji
/// (seed 001 §2.1, SPEC M5).
public struct Reaction: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the reaction.
    public var id: UUID
    /// A single emoji grapheme.
    public var emoji: String
    /// Who reacted.
    public var userID: UserID
    /// When.
    public var createdAt: Date

    /// A reaction made now (or at `createdAt`).
    public init(id: UUID = .timeOrdered(), emoji: String, userID: UserID, createdAt: Date = Timestamp.now()) {
        self.id = id
        self.emoji = emoji
        self.userID = userID
        self.createdAt = createdAt
    }
}
