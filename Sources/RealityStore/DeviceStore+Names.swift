import Foundation
import GRDB
import RealityCore

/// The names the device knows for users and layers, for tables that show names, not IDs.
public struct RecordNames: Sendable, Hashable {
    /// Display names by user: from the user's profile when the device holds it, else the name
    /// the user last wrote a comment under.
    public var users: [UserID: String] = [:]
    /// Layer names by layer.
    public var layers: [LayerID: String] = [:]

    /// No names.
    public init() {}
}

extension DeviceStore {
    /// The names of `users` and `layers` the store holds (point reads on primary keys and the
    /// comments' author index); IDs it knows no name for are left out.
    public func names(users: Set<UserID>, layers: Set<LayerID>) async throws -> RecordNames {
        try await read { db in
            var names = RecordNames()
            for user in users {
                let id = user.uuidString
                let profile = try String.fetchOne(
                    db, sql: "SELECT displayName FROM users WHERE id = ? AND displayName <> ''", arguments: [id])
                let written =
                    try profile == nil
                    ? String.fetchOne(
                        db,
                        sql: """
                            SELECT authorName FROM comments WHERE authorID = ? AND authorName IS NOT NULL AND authorName <> ''
                            ORDER BY createdAt DESC LIMIT 1
                            """,
                        arguments: [id]) : nil
                if let name = profile ?? written { names.users[user] = name }
            }
            for layer in layers {
                if let name = try String.fetchOne(
                    db, sql: "SELECT name FROM layers WHERE id = ?", arguments: [layer.uuidString])
                {
                    names.layers[layer] = name
                }
            }
            return names
        }
    }
}
