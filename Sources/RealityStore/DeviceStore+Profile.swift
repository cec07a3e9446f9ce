import Foundation
import GRDB
import RealityCore

extension DeviceStore {
    /// The key under which the device store remembers whose store it is.
    static var profileKey: String { "profile.userID" }

    /// The user this device store belongs to: the account it was linked to, or else a local
    /// profile on the free tier (seed 001: every user starts free), created on first use.
    public func localProfile() async throws -> UserID {
        let now = Timestamp.now()
        return try await writeTransaction { db in
            if let text = try db.value(
                String.self, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.profileKey]),
                let id = UserID(uuidString: text)
            {
                return id
            }
            let user = User(displayName: User.localDisplayName, createdAt: now)
            try UserRecord.save(user, in: db)
            try db.execute(
                sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [Self.profileKey, user.id.uuidString])
            return user.id
        }
    }
}

extension User {
    /// The name of a device's local profile before it signs in to an account.
    static let localDisplayName = "Me"
}
