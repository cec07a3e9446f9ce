import Foundation

/// What settling a conflict gave: a record to keep (and push), or both versions kept for the user.
public enum ConflictOutcome<Record: Sendable & Hashable>: Sendable, Hashable {
    /// The record to store; when it differs from the remote, the device pushes it.
    case resolved(Record)
    /// The `manual` strategy: keep both versions until the user picks one.
    case keepBoth(local: Record, remote: Record)
}

/// Settles a conflict between a device's version of a record and the server's with one of the
/// strategies of seed 001 §10.2.
public enum ConflictResolver {
    /// The outcome of `strategy` for `local` against `remote`, from the last server version `base`.
    ///
    /// Sets (reactions, viewers) and counters (views) merge under every strategy but `manual`:
    /// they are operations the device pushes on their own, never last-writer-wins.
    public static func resolve<Record: Mergeable>(
        _ strategy: ConflictResolutionStrategy, base: Record?, local: Record, remote: Record
    ) -> ConflictOutcome<Record> {
        switch strategy {
        case .merge: .resolved(Record.merge(base: base, local: local, remote: remote))
        case .useLocal: .resolved(Record.merge(base: base, local: local, remote: remote, policy: .preferLocal))
        case .useRemote: .resolved(Record.merge(base: local, local: local, remote: remote, policy: .preferRemote))
        case .manual: .keepBoth(local: local, remote: remote)
        }
    }
}
