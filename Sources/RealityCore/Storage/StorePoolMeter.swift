import Synchronization

/// A kind of pooled database connection.
public enum StorePoolKind: String, Sendable, Hashable, CaseIterable {
    /// A SQLite read connection.
    case reader
    /// SQLite's one write connection.
    case writer
    /// A PostgreSQL connection (used for reads and writes alike).
    case connection
}

/// How one kind of a store's pooled connections is used now (for `/metrics`).
public struct StorePoolUsage: Sendable, Hashable {
    /// The kind of connection.
    public var kind: StorePoolKind
    /// How many connections of this kind the pool may hold.
    public var size: Int
    /// Store operations holding, or waiting for, a connection of this kind now: at `size` and
    /// above, operations queue.
    public var inFlight: Int
    /// Operations that have used a connection of this kind since the store opened.
    public var total: Int

    /// A usage with the given parts.
    public init(kind: StorePoolKind, size: Int, inFlight: Int, total: Int) {
        self.kind = kind
        self.size = size
        self.inFlight = inFlight
        self.total = total
    }
}

/// A store that reports how its connection pool is used.
public protocol StorePoolReporting: Sendable {
    /// One entry per kind of connection the store pools.
    var poolUsage: [StorePoolUsage] { get }
}

/// Counts a store's operations by the kind of pooled connection they run on, so that the store
/// can report ``StorePoolUsage``: cheap enough for every transaction (one lock at each end).
public final class StorePoolMeter: Sendable {
    private struct Counts {
        var inFlight = 0
        var total = 0
    }

    private let sizes: [(kind: StorePoolKind, size: Int)]
    private let counts = Mutex<[StorePoolKind: Counts]>([:])

    /// A meter of a pool holding `sizes` connections of each kind, in the order reports list them.
    public init(sizes: [(kind: StorePoolKind, size: Int)]) {
        self.sizes = sizes
    }

    /// Runs `body`, counted as an operation on a connection of `kind` while it runs.
    public func measure<T>(_ kind: StorePoolKind, _ body: () async throws -> T) async rethrows -> T {
        begin(kind)
        defer { end(kind) }
        return try await body()
    }

    /// ``measure(_:_:)`` for work that runs on the calling thread.
    public func measureNow<T>(_ kind: StorePoolKind, _ body: () throws -> T) rethrows -> T {
        begin(kind)
        defer { end(kind) }
        return try body()
    }

    private func begin(_ kind: StorePoolKind) {
        counts.withLock { $0[kind, default: Counts()].inFlight += 1 }
    }

    private func end(_ kind: StorePoolKind) {
        counts.withLock {
            $0[kind, default: Counts()].inFlight -= 1
            $0[kind, default: Counts()].total += 1
        }
    }

    /// The usage of each kind of connection now.
    public var usage: [StorePoolUsage] {
        let now = counts.withLock { $0 }
        return sizes.map { kind, size in
            StorePoolUsage(kind: kind, size: size, inFlight: now[kind]?.inFlight ?? 0, total: now[kind]?.total ?? 0)
        }
    }
}
