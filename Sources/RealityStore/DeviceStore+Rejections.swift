import Foundation
import GRDB
import RealityCore

extension DeviceStore {
    /// The changes the server rejected that wait for the user, oldest first.
    public func syncRejections() async throws -> [SyncRejection] {
        try await read { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            return try HeldRejections.open(in: db).map { try Self.rejection($0, owner: owner, in: db) }
        }
    }

    /// Puts the selected rejected changes back in the outbox for the next sync, with the rejected
    /// records they go with (a note and its rejected layer, the comments on a rejected note), in
    /// the order they were made. Returns what it queued again.
    @discardableResult
    public func retryRejections(_ selection: RejectionSelection) async throws -> [SyncRejection] {
        try await writeTransaction { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            let open = try HeldRejections.open(in: db)
            let chosen = Self.select(selection, from: open)
            let group = selection == .all ? open : try RejectedRecords.group(of: chosen, among: open, in: db)
            let retried = try group.map { try Self.rejection($0, owner: owner, in: db) }
            try HeldRejections.release(group.map(\.id), in: db)
            return retried
        }
    }

    /// Drops the selected rejected changes and undoes them on the device: each record goes back
    /// to the server's version, or is removed if the server never had it. Refuses, changing
    /// nothing, to remove a record that other local records stay in (notes in a layer). Returns
    /// what it discarded.
    @discardableResult
    public func discardRejections(_ selection: RejectionSelection, at date: Date = Timestamp.now()) async throws
        -> [SyncRejection]
    {
        try await writeTransaction { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            let chosen = Self.select(selection, from: try HeldRejections.open(in: db))
            let discarded = try chosen.map { try Self.rejection($0, owner: owner, in: db) }
            var removals: [HeldRejections.RecordKey] = []
            for rejection in chosen.reversed() {
                try db.execute(sql: "DELETE FROM outbox WHERE rejectionID = ?", arguments: [rejection.id])
                try db.execute(sql: "DELETE FROM sync_rejections WHERE id = ?", arguments: [rejection.id])
                if let removal = try RejectedRecords.undo(rejection, owner: owner, at: date, in: db) {
                    removals.append(removal)
                }
            }
            try RejectedRecords.remove(removals, owner: owner, in: db)
            return discarded
        }
    }

    private static func select(_ selection: RejectionSelection, from open: [HeldRejections.OpenRejection])
        -> [HeldRejections.OpenRejection]
    {
        switch selection {
        case .all: open
        case .ids(let ids): open.filter { ids.contains($0.id) }
        }
    }

    private static func rejection(_ stored: HeldRejections.OpenRejection, owner: UserID?, in db: Database) throws
        -> SyncRejection
    {
        SyncRejection(
            id: stored.id, mutationID: stored.mutationID, recordType: stored.recordType, recordID: stored.recordID,
            operation: stored.operation,
            summary: try RejectedRecords.summary(of: stored.recordType, stored.recordID, owner: owner, in: db),
            code: stored.code, message: stored.message, field: stored.field, rejectedAt: stored.rejectedAt)
    }
}
