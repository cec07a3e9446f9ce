import Foundation

extension PostgresMigrations {
    /// "nearby24": the position index becomes an SP-GiST quadtree on the horizontal point
    /// `point(x, z)` over live rows, in place of v1's GiST on `cube(array[x, y, z])`.
    ///
    /// The cube index's splits left its boxes overlapping: at 1,000,000 annotations a nearby box
    /// of 20 m read 280–630 index pages to find 15 rows (1–5 ms), where the quadtree reads about
    /// 7 (0.03 ms), and maintaining it cost each insert about four times as much (a million
    /// inserts: 22.1 s against 5.0 s), paid twice per new note since the change log rewrites the
    /// row. Height is left to the query's exact distance: a scene's height is small beside its
    /// extent, so the horizontal box already picks few rows. `EXPLAIN (ANALYZE, BUFFERS)` figures
    /// are in docs/performance.md.
    static let horizontalPositionIndex = PostgresMigration(
        name: "nearby24: a quadtree on the horizontal position",
        statements: [
            "DROP INDEX annotations_position",
            "CREATE INDEX annotations_position ON annotations USING spgist (point(x, z)) WHERE NOT isDeleted",
        ])
}
