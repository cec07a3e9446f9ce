import Foundation

extension PostgresMigrations {
    /// "search24": the text index's pending list is kept to GIN's smallest (64 kB). GIN gathers new
    /// entries in a pending list that every search reads whole until a VACUUM or a full list merges
    /// it into the index; at the default 4 MB, a store that takes writes between vacuums kept about
    /// 370 pages there, and a search for a rare word read all of them: 1.6–2.6 ms in the index
    /// scan instead of 0.014 ms once merged (`EXPLAIN (ANALYZE, BUFFERS)` of the search at 100,000
    /// annotations; docs/performance.md). Writes now merge small lists more often instead.
    static let searchPendingList = PostgresMigration(
        name: "search24: a small pending list for the text index",
        statements: ["ALTER INDEX annotations_search SET (gin_pending_list_limit = 64)"])
}
