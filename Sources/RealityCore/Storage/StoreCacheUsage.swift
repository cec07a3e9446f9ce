/// How one of a store's in-memory caches is used (for `/metrics`).
public struct StoreCacheUsage: Sendable, Hashable {
    /// The cache's name: `sessions`, `annotations`.
    public var name: String
    /// Entries held now.
    public var entries: Int
    /// Lookups answered from the cache since the store opened.
    public var hits: Int
    /// Lookups that had to read the database since the store opened.
    public var misses: Int

    /// A usage with the given parts.
    public init(name: String, entries: Int, hits: Int, misses: Int) {
        self.name = name
        self.entries = entries
        self.hits = hits
        self.misses = misses
    }
}

/// A store that reports how its in-memory caches are used.
public protocol StoreCacheReporting: Sendable {
    /// One entry per cache; none for a store that keeps none.
    var cacheUsage: [StoreCacheUsage] { get }
}
