import Foundation
import GRDB
import RealityCore

/// Where a device store stands in sync, for `reality status`.
public struct DeviceSyncStatus: Hashable, Sendable {
    /// One scope's feed.
    public struct ScopeState: Hashable, Sendable {
        /// The scope.
        public var scope: SyncScope
        /// When a page of it was last applied; nil if never.
        public var lastSyncedAt: Date?
        /// Whether it has a token (false: the next pull starts from scratch).
        public var hasToken: Bool
    }

    /// The account, if the store was ever signed in.
    public var account: DeviceAccount?
    /// Outbox entries waiting to be pushed (not counting the rejected ones).
    public var pendingChanges: Int
    /// Open conflicts.
    public var openConflicts: Int
    /// Each scope's state, in `SyncScope.allCases` order.
    public var scopes: [ScopeState]
    /// Rejected changes waiting for the user (`reality rejections`).
    public var rejections: Int
}

extension DeviceStore {
    /// The store's sync state.
    public func deviceSyncStatus() async throws -> DeviceSyncStatus {
        try await read { db in
            let rows = try db.rows(sql: "SELECT scope, token, lastSyncedAt FROM sync_scopes")
            var byScope: [String: Row] = [:]
            for row in rows { byScope[row["scope"]] = row }
            let scopes = SyncScope.allCases.map { scope in
                let row = byScope[scope.rawValue]
                return DeviceSyncStatus.ScopeState(
                    scope: scope,
                    lastSyncedAt: (row?["lastSyncedAt"] as Int64?).map(Timestamp.date(milliseconds:)),
                    hasToken: (row?["token"] as String?) != nil)
            }
            return DeviceSyncStatus(
                account: try Self.deviceAccount(in: db),
                pendingChanges: try db.value(Int.self, sql: "SELECT count(*) FROM outbox WHERE rejectionID IS NULL")
                    ?? 0,
                openConflicts: try db.value(
                    Int.self, sql: "SELECT count(*) FROM sync_metadata WHERE syncStatus = 'conflict'") ?? 0,
                scopes: scopes, rejections: try HeldRejections.count(in: db))
        }
    }
}
