/// The table behind the store's read caches (``SessionCache``, ``AnnotationReadCache``): answers
/// read from the database, each trusted until it expires, under a generation that advances
/// whenever something they may have been read from changes.
///
/// A read that misses goes to the database outside the cache's lock, so a change committed
/// meanwhile must not be undone by that read putting its possibly older answer in: ``lookup(_:at:)``
/// hands out the generation, and ``insert(_:for:expires:generation:)`` keeps nothing read under
/// an older one. A value type, kept by each cache behind its own lock.
public struct ReadCacheTable<Key: Hashable, Value> {
    /// A cached answer and when it stops being trusted.
    public struct Entry {
        public var value: Value
        public var expires: ContinuousClock.Instant
    }

    /// The answers kept, fresh or not.
    public private(set) var entries: [Key: Entry] = [:]
    private var generation: UInt64 = 0
    private var hits = 0, misses = 0

    /// An empty table.
    public init() {}

    /// The fresh answer for `key` at `now`, if any; otherwise nil and the generation to pass to
    /// ``insert(_:for:expires:generation:)`` after reading. Counted as a hit or a miss.
    public mutating func lookup(_ key: Key, at now: ContinuousClock.Instant) -> (value: Value?, generation: UInt64) {
        if let entry = entries[key], entry.expires > now {
            hits += 1
            return (entry.value, generation)
        }
        misses += 1
        return (nil, generation)
    }

    /// Whether answers read under `generation` may still be kept: nothing changed since.
    public func isCurrent(_ generation: UInt64) -> Bool { generation == self.generation }

    /// Keeps `value` for `key` until `expires`, unless the generation advanced since `generation`
    /// was handed out. Answers whether it was kept, and the answer it replaced.
    public mutating func insert(
        _ value: Value, for key: Key, expires: ContinuousClock.Instant, generation: UInt64
    ) -> (kept: Bool, replaced: Value?) {
        guard isCurrent(generation) else { return (false, nil) }
        return (true, entries.updateValue(Entry(value: value, expires: expires), forKey: key)?.value)
    }

    /// Advances the generation and drops the entries `isStale` picks (all when nil); answers the
    /// entries dropped, so that the caller may release them after its lock.
    @discardableResult
    public mutating func advance(dropping isStale: ((Key, Entry) -> Bool)? = nil) -> [Key: Entry] {
        generation &+= 1
        return drop(isStale)
    }

    /// Drops the entries `isStale` picks (all when nil), the generation unchanged; answers them.
    @discardableResult
    public mutating func drop(_ isStale: ((Key, Entry) -> Bool)? = nil) -> [Key: Entry] {
        let all = entries
        guard let isStale else {
            entries = [:]
            return all
        }
        entries = entries.filter { !isStale($0.key, $0.value) }
        return all
    }

    /// Drops one arbitrary entry.
    public mutating func dropAny() {
        if !entries.isEmpty { entries.remove(at: entries.startIndex) }
    }

    /// The entries and lookups so far, as `/metrics` shows them under `name`.
    public func usage(name: String) -> StoreCacheUsage {
        StoreCacheUsage(name: name, entries: entries.count, hits: hits, misses: misses)
    }
}
