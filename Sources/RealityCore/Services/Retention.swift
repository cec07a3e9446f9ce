import Foundation

/// Removes what the platform no longer keeps (seed 001 §11.2, SPEC D3): records soft-deleted more
/// than ``softDeleteRetention`` ago, and annotations older than their layer's `autoExpireDays`.
///
/// One function for the app to call (at launch, or daily) and for the command line to expose.
public struct Retention<Store: DataStore>: Sendable {
    let store: Store

    /// Retention over `store`.
    public init(store: Store) {
        self.store = store
    }

    /// How long a soft-deleted record is kept before it is purged: 30 days, as the seed says.
    public static var softDeleteRetention: TimeInterval { 30 * 86_400 }

    /// What one call removed.
    public struct Report: Codable, Hashable, Sendable {
        /// Annotations removed.
        public var annotations: Int
        /// Layers removed.
        public var layers: Int
        /// Comments removed.
        public var comments: Int
    }

    /// Purges everything due as of `now`, in batches, each batch one transaction.
    public func purge(now: Date) async throws -> Report {
        var report = Report(annotations: 0, layers: 0, comments: 0)
        let cutoff = now.addingTimeInterval(-Self.softDeleteRetention)
        while true {
            let due = try await store.expiredRecords(deletedBefore: cutoff, now: now, limit: 500)
            guard !due.isEmpty else { break }
            var changes = ChangeSet()
            changes.changes += due.comments.map(Change.purgeComment)
            changes.changes += due.annotations.map(Change.purgeAnnotation)
            changes.changes += due.layers.map(Change.purgeLayer)
            try await store.commit(changes)
            report.annotations += due.annotations.count
            report.layers += due.layers.count
            report.comments += due.comments.count
        }
        return report
    }
}
