import Foundation
import GRDB
import RealityCore

/// Gives the records made offline under the device's local profile to the account it signs in as
/// (issue 16: merged, not replaced). Every record keeps its ID and dates, with one exception: the
/// local default layer becomes the account's default layer, whose ID is derived from the
/// account's user ID (``Identifier/defaultLayer(of:)``), so that every device of the account
/// arrives at the same layer and the notes in it travel with it.
enum LocalProfileHandover {
    /// Every column that names the local profile names `account` afterwards, the local default
    /// layer becomes the account's, and the profile's own edits (preferences) are kept and queued
    /// when the device made any; returns the user record to save for the account.
    static func reown(from old: String, to account: User, in db: Database) throws -> User {
        let new = account.id.uuidString
        let columns = [
            ("annotations", "ownerID"), ("layers", "ownerID"), ("comments", "authorID"), ("world_maps", "ownerID"),
            ("reactions", "userID"), ("views", "userID"), ("stars", "userID"), ("grants", "grantedBy"),
            ("notifications", "recipientID"), ("activities", "actorID"),
        ]
        for (table, column) in columns {
            try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE \(column) = ?", arguments: [new, old])
        }
        if let oldID = UserID(uuidString: old) {
            try rekeyDefaultLayer(
                from: LayerID.defaultLayer(of: oldID).uuidString, to: LayerID.defaultLayer(of: account.id).uuidString,
                in: db)
        }
        let localProfile = try Row.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [old])
            .map(UserRecord.user(from:))
        let profileEdited =
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM outbox WHERE recordType = 'user' AND recordID = ?", arguments: [old]) ?? false
        try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [old])
        try db.execute(
            sql:
                "UPDATE outbox SET recordID = replace(recordID, ?, ?) WHERE recordType IN ('reaction', 'view', 'star')",
            arguments: [old, new])
        try db.execute(
            sql: "UPDATE outbox SET recordID = ? WHERE recordType = 'user' AND recordID = ?", arguments: [new, old])
        var merged = account
        if profileEdited, let localProfile {
            // What the person set on this device before signing in (a time zone, a colour) is
            // newer than a fresh account's defaults; the queued user save pushes it.
            merged.preferences = localProfile.preferences
            if localProfile.displayName != User.localDisplayName { merged.displayName = localProfile.displayName }
            if localProfile.avatarURL != nil { merged.avatarURL = localProfile.avatarURL }
        }
        return merged
    }

    /// Renames the local default layer `old` to the account's `new`, with everything that names
    /// it: its annotations, nested layers, grants, inbox and activity rows, its sync metadata and
    /// its queued mutations. When the store already holds `new` (never, for a store that was not
    /// signed in before) the notes move into it and `old` goes.
    private static func rekeyDefaultLayer(from old: String, to new: String, in db: Database) throws {
        guard old != new, try Bool.fetchOne(db, sql: "SELECT 1 FROM layers WHERE id = ?", arguments: [old]) == true
        else { return }
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM layers WHERE id = ?", arguments: [new]) == true {
            try db.execute(sql: "DELETE FROM layers WHERE id = ?", arguments: [old])
            try db.execute(sql: "DELETE FROM outbox WHERE recordType = 'layer' AND recordID = ?", arguments: [old])
        } else {
            try db.execute(sql: "UPDATE layers SET id = ? WHERE id = ?", arguments: [new, old])
            try db.execute(
                sql: "UPDATE outbox SET recordID = ? WHERE recordType = 'layer' AND recordID = ?",
                arguments: [new, old])
        }
        try db.execute(sql: "UPDATE layers SET parentLayerID = ? WHERE parentLayerID = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE annotations SET layerID = ? WHERE layerID = ?", arguments: [new, old])
        try db.execute(
            sql: "UPDATE grants SET targetID = ? WHERE targetType = 'layer' AND targetID = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE notifications SET layerID = ? WHERE layerID = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE activities SET layerID = ? WHERE layerID = ?", arguments: [new, old])
        try db.execute(
            sql: "DELETE FROM sync_metadata WHERE recordType = 'layer' AND recordID = ?", arguments: [old])
        try db.execute(
            sql: "UPDATE outbox SET recordID = replace(recordID, ?, ?) WHERE recordType = 'grant'",
            arguments: [old, new])
    }
}
