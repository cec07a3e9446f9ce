import Foundation

/// The retention rules (seed 001 §11.2, SPEC D3, docs/seed-fixes.md "Retention"), one
/// implementation for the server's retention job and a device's `reality purge`.
///
/// - ``expire(now:)`` moves annotations that a rule retires into the trash: older than their
///   layer's `autoExpireDays`, past their `expiresAt`, or viewed `expiresAfterViews` times. It is
///   a change like any deletion, so every device learns of it through sync, and the owner may
///   restore it while it is in the trash. The server is the authority that runs it; a device runs
///   it only when it has no server.
/// - ``purge(now:)`` removes for good what has been in the trash longer than
///   ``RetentionPeriod/softDelete``. Both sides run it with the same rule on the same deletion
///   dates, so a device's purge never removes what the server keeps.
public struct Retention<Store: DataStore>: Sendable {
    let store: Store

    /// Retention over `store`.
    public init(store: Store) {
        self.store = store
    }

    /// How many records are read and written per transaction.
    static var batchSize: Int { 500 }

    /// What one call did.
    public struct Report: Codable, Hashable, Sendable {
        /// Annotations a rule moved into the trash.
        public var expired: Int
        /// Annotations removed.
        public var annotations: Int
        /// Layers removed.
        public var layers: Int
        /// Comments removed.
        public var comments: Int

        /// True when the call changed nothing.
        public var isEmpty: Bool { expired + annotations + layers + comments == 0 }
    }

    /// One sweep as of `now`: ``expire(now:)`` when `expiring` (on the server, or a device without
    /// one), then ``purge(now:)``.
    public func sweep(now: Date, expiring: Bool) async throws -> Report {
        let expired = expiring ? try await expire(now: now) : 0
        var report = try await purge(now: now)
        report.expired = expired
        return report
    }

    /// Purges everything in the trash longer than the retention period as of `now`, in batches,
    /// each batch one transaction. Run again after a crash, it carries on where it stopped.
    public func purge(now: Date) async throws -> Report {
        var report = Report(expired: 0, annotations: 0, layers: 0, comments: 0)
        let cutoff = now.addingTimeInterval(-RetentionPeriod.softDelete)
        while true {
            let due = try await store.trashedRecords(deletedBefore: cutoff, limit: Self.batchSize)
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

    /// Moves every annotation a rule retires as of `now` into the trash; answers how many. Each
    /// batch is one transaction that requires its annotations unchanged since they were read; when
    /// one changed meanwhile, the batch is written one by one and the changed one is left, so an
    /// edit racing the sweep is never lost (the next run looks at it again).
    public func expire(now: Date) async throws -> Int {
        var expired = 0
        var attempted: Set<AnnotationID> = []
        while true {
            let due = try await store.expiringAnnotations(now: now, limit: Self.batchSize)
                .filter { !attempted.contains($0) }
            guard !due.isEmpty else { break }
            attempted.formUnion(due)
            var trashed: [Trashing] = []
            for id in due {
                guard var annotation = try await store.annotation(id: id), !annotation.isDeleted else { continue }
                let previous = annotation.updatedAt
                annotation.isDeleted = true
                annotation.updatedAt = max(now, previous)
                trashed.append(Trashing(previous: previous, annotation: annotation))
            }
            do {
                try await store.commit(Trashing.changes(trashed[...]))
                expired += trashed.count
            } catch StoreError.conflict {
                for index in trashed.indices {
                    do {
                        try await store.commit(Trashing.changes(trashed[index...index]))
                        expired += 1
                    } catch StoreError.conflict {
                        continue
                    }
                }
            }
        }
        return expired
    }
}

/// An annotation on its way to the trash, with the `updatedAt` it was read at.
private struct Trashing {
    var previous: Date
    var annotation: Annotation

    /// One transaction trashing `part`, each required unchanged.
    static func changes(_ part: ArraySlice<Trashing>) -> ChangeSet {
        ChangeSet(
            preconditions: part.map { .annotationUnchanged($0.annotation.id, updatedAt: $0.previous) },
            changes: part.map { .saveAnnotation($0.annotation) })
    }
}
