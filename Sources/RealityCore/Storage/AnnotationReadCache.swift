import Foundation
import Synchronization

/// Annotations a store has recently read with their layer chains, so that the point read every
/// annotation route makes (`annotationWithLayerChain(id:includingComments:)`, both stores) need
/// not read the database while nothing has been written.
///
/// What is kept is stored data only, the same for every reader: who may see it is judged on each
/// request, from these records and the current time (`PermissionResolver`), so expiring grants
/// and visibility windows are never cached.
///
/// On SQLite, safe because one process serves a SQLite file (`reality serve` locks its data
/// directory), and every commit on the store's writer connection empties the cache
/// (`CommitObserver`, told by GRDB after each commit, whatever the code path that wrote). On
/// PostgreSQL, the store trusts it only while it hears every instance's commits
/// (`PostgresReadCaches`). A read that misses reads the database outside the lock; a commit made
/// meanwhile must not be undone by that read putting its possibly older answer into the cache, so
/// each commit advances a generation, and an answer read under an older generation is dropped.
/// Entries also expire after ``lifetime``, which bounds how long a change made by another process
/// that says nothing (an operator with `sqlite3`) goes unnoticed, as for sessions (``SessionCache``).
///
/// Memory is bounded by an estimate of each entry's size: at most ``capacityBytes`` in all, and
/// an annotation estimated above ``maximumEntryBytes`` (a large drawing, a long thread of
/// comments) is not kept at all.
public final class AnnotationReadCache: Sendable {
    /// How long an entry is trusted without reading the database again, unless the store is
    /// opened with another lifetime.
    public static let defaultLifetime: Duration = .seconds(5)
    /// The most bytes (estimated) the entries hold together.
    public static let capacityBytes = 16 << 20
    /// The largest entry (estimated) that is kept.
    public static let maximumEntryBytes = 256 << 10

    /// An annotation read with or without its comments.
    public struct Key: Hashable, Sendable {
        public var id: AnnotationID
        public var includingComments: Bool

        public init(id: AnnotationID, includingComments: Bool) {
            self.id = id
            self.includingComments = includingComments
        }
    }

    /// What the point read answers.
    public typealias Value = (annotation: Annotation, chain: LayerChain)

    /// A kept answer and its estimated size.
    private struct Sized {
        var value: Value
        var bytes: Int
    }

    private struct State {
        var table = ReadCacheTable<Key, Sized>()
        /// The estimated bytes of all entries.
        var bytes = 0
    }

    /// How long an entry is trusted without reading the database again.
    public let lifetime: Duration
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// An empty cache whose entries are trusted for `lifetime`.
    public init(lifetime: Duration = AnnotationReadCache.defaultLifetime) {
        self.lifetime = lifetime
    }

    /// The cached answer for `key` if there is a fresh one; otherwise nil and the generation to
    /// pass to ``insert(_:for:generation:)`` after reading.
    public func lookup(_ key: Key) -> (value: Value?, generation: UInt64) {
        let now = clock.now
        let (found, generation) = state.withLock { $0.table.lookup(key, at: now) }
        return (found?.value, generation)
    }

    /// Keeps `value` for `key`, unless a commit happened since `generation` was looked up (the
    /// value may predate it) or the value is too large to keep.
    public func insert(_ value: Value, for key: Key, generation: UInt64) {
        let bytes = Self.estimatedBytes(of: value)
        guard bytes <= Self.maximumEntryBytes else { return }
        let sized = Sized(value: value, bytes: bytes)
        let expires = clock.now + lifetime
        // Entries dropped to make room are returned, to be released after the lock, not under it.
        _ = state.withLock { state -> [Key: ReadCacheTable<Key, Sized>.Entry]? in
            let (kept, replaced) = state.table.insert(sized, for: key, expires: expires, generation: generation)
            guard kept else { return nil }
            state.bytes += bytes - (replaced?.bytes ?? 0)
            guard state.bytes > Self.capacityBytes else { return nil }
            // Full: start again with only the new entry. Simpler than tracking use, and a full
            // cache is refilled by the reads that need it.
            let dropped = state.table.drop { otherKey, _ in otherKey != key }
            state.bytes = bytes
            return dropped
        }
    }

    /// Forgets every entry and advances the generation: something was committed.
    public func invalidate() {
        // The entries are returned, to be released after the lock, not under it.
        _ = state.withLock { state in
            state.bytes = 0
            return state.table.advance()
        }
    }

    /// How many entries are kept, fresh or not.
    public var count: Int { state.withLock { $0.table.entries.count } }

    /// The cache's entries and lookups so far.
    public var usage: StoreCacheUsage { state.withLock { $0.table.usage(name: "annotations") } }

    /// A rough size in bytes of `value`: the annotation's by its declaration (each field's
    /// variable-length parts by their lengths, each nested record by a fixed overhead), and its
    /// layer chain's.
    public static func estimatedBytes(of value: Value) -> Int {
        let record = estimatedRecordBytes
        return estimatedRecordBytes + Annotation.declaration.estimatedBytes(of: value.annotation)
            + value.chain.layers.reduce(0) { $0 + record + $1.name.utf8.count + $1.permissions.count * record }
    }
}
