import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

@Suite struct MigrationTests {
    static let expectedTables = [
        "activities", "anchors", "annotation_fts", "annotation_rtree", "annotations", "asset_blobs", "asset_refs",
        "attachments", "comments",
        "grants", "layers", "meta", "notifications", "outbox", "reactions", "stars", "sync_metadata", "sync_rejections",
        "sync_scopes", "users",
        "views", "world_maps",
    ]

    static let expectedIndexes = [
        "activities_actor", "activities_annotation", "activities_created", "activities_layer",
        "anchors_map", "annotations_created", "annotations_layer", "annotations_owner",
        "annotations_updated", "annotations_asset", "asset_refs_owner", "attachments_annotation", "attachments_asset",
        "comments_annotation", "comments_author", "comments_parent", "grants_user", "layers_expiring",
        "layers_owner", "layers_parent", "layers_public", "notifications_recipient", "notifications_unread",
        "outbox_record", "sync_metadata_scope", "sync_metadata_status", "sync_rejections_record", "users_displayName",
        "users_email", "views_user",
        "world_maps_asset", "world_maps_location", "world_maps_owner", "world_maps_thumbnail",
    ]

    @Test func emptyFile_migratesToTheFullSchema_inWALMode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("fresh.sqlite")
        #expect(!FileManager.default.fileExists(atPath: path))
        let store = try DeviceStore.open(path: path)
        let journal = try await store.inspect { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let applied = try await store.inspect { db in try StoreMigrations.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(StoreMigrations.migrator.migrations))
        #expect(try await store.inspect { db in try StoreMigrations.migrator.hasCompletedMigrations(db) })
    }

    @Test(arguments: StoreKind.allCases)
    func everyExpectedTableAndIndex_exists(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let (tables, indexes) = try await store.inspect { db in
                (
                    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
                    try String.fetchAll(
                        db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
                )
            }
            for table in Self.expectedTables {
                #expect(tables.contains(table), "missing table \(table)")
            }
            for index in Self.expectedIndexes {
                #expect(indexes.contains(index), "missing index \(index)")
            }
            let virtual = try await store.inspect { db in
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT sql FROM sqlite_master WHERE name IN ('annotation_fts', 'annotation_rtree') ORDER BY name"
                )
            }
            #expect(virtual.count == 2)
            #expect(virtual.first?.contains("USING fts5") == true)
            #expect(virtual.first?.contains("remove_diacritics") == true)
            #expect(virtual.last?.contains("USING rtree") == true)
        }
    }

    @Test func reopeningAnExistingFile_keepsItsData_andMigratesNothingAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("kept.sqlite")
        let owner = Samples.user("Ana")
        let layer = Samples.layer(owner: owner.id)
        let note = Samples.note("kept across restarts", owner: owner.id, layer: layer.id, at: SIMD3(1, 2, 3))
        do {
            let store = try DeviceStore.open(path: path)
            try await store.commit(ChangeSet(changes: [.saveUser(owner), .saveLayer(layer), .saveAnnotation(note)]))
            try await store.setMetadata("marker", to: "first run")
        }
        let reopened = try DeviceStore.open(path: path)
        #expect(try await reopened.annotation(id: note.id) == note)
        #expect(try await reopened.layer(id: layer.id) == layer)
        #expect(try await reopened.user(id: owner.id)?.annotationCount == 1)
        #expect(try await reopened.metadata("marker") == "first run")
        #expect(try await reopened.count("outbox") == 3)
        let found = try await reopened.annotations(
            matching: AnnotationQuery(
                viewer: owner.id, text: "restarts", near: .init(center: SIMD3(1, 2, 3), radius: 1)))
        #expect(found.map(\.id) == [note.id], "R*Tree and FTS rows survive a reopen")
        let applied = try await reopened.inspect { db in try StoreMigrations.migrator.appliedIdentifiers(db) }
        #expect(applied.count == StoreMigrations.migrator.migrations.count)
    }

    /// "catalog21": a store that kept the catalog by its own generation gets each challenge stamped
    /// by one commit numbered after both the clock and that generation, so a device whose token or
    /// catalog generation is past the old numbers still receives the catalog and every later change.
    @Test func catalog21_stampsTheCatalogAfterTheClockAndTheOldGeneration() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("catalog.sqlite")
        let queue = try DatabaseQueue(path: path)
        let before = try #require(
            StoreMigrations.migrator.migrations.firstIndex(of: "catalog21: the catalog in the change log"))
        try StoreMigrations.migrator.migrate(queue, upTo: StoreMigrations.migrator.migrations[before - 1])
        for (clock, generation) in [(40, 7), (3, 12)] {
            try await queue.write { db in
                try db.execute(sql: "DELETE FROM challenges")
                try db.execute(sql: "UPDATE sync_clock SET seq = ?", arguments: [clock])
                try db.execute(sql: "UPDATE challenge_catalog_generation SET generation = ?", arguments: [generation])
                for id in ["old-one", "old-two"] {
                    try db.execute(
                        sql: """
                            INSERT INTO challenges (id, title, description, category, timeInvestment, socialRequirement,
                                costLevel, difficultyLevel, tags, locationType, isActive, createdAt, updatedAt, generation)
                            VALUES (?, 'T', 'D', 'nature', 'quick', 'solo', 'free', 1, '', 'home', 1, 0, 0, ?)
                            """, arguments: [id, generation])
                }
            }
            let copy = directory.path("catalog-\(clock).sqlite")
            try queue.backup(to: DatabaseQueue(path: copy))
            let store = try SQLiteServerStore.open(path: copy)
            let (stamps, head, kept) = try await store.inspect { db in
                (
                    try Int64.fetchAll(db, sql: "SELECT DISTINCT changeSeq FROM challenges"),
                    try Int64.fetchOne(db, sql: "SELECT seq FROM sync_clock") ?? 0,
                    try Int64.fetchOne(db, sql: "SELECT generation FROM challenge_catalog_generation") ?? 0
                )
            }
            let expected = Int64(max(clock, generation) + 1)
            #expect(
                stamps == [expected] && head == expected && kept == expected, "clock \(clock), generation \(generation)"
            )
        }
    }

    @Test func localProfile_isCreatedOnce_onTheFreeTier_andSurvivesReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("profile.sqlite")
        let first = try await DeviceStore.open(path: path).localProfile()
        let store = try DeviceStore.open(path: path)
        #expect(try await store.localProfile() == first)
        let user = try #require(try await store.user(id: first))
        #expect(user.subscriptionTier == .free)
        #expect(try await store.count("users") == 1)
    }

    @Test func openingAPathThatCannotBeADatabase_throwsUnavailable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("garbage.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try DeviceStore.open(path: path) }
    }
}
