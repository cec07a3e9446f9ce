extension PostgresMigrations {
    /// Issue 20, as the SQLite store's migration of the same name: what the retention sweep reads.
    static let retention = PostgresMigration(
        name: "retention20: view limits and expiry indexes",
        statements: [
            "ALTER TABLE annotations ADD COLUMN viewLimit bigint",
            """
            UPDATE annotations SET viewLimit = (visibilityRules ->> 'expiresAfterViews')::bigint
            WHERE visibilityRules IS NOT NULL
            """,
            """
            CREATE INDEX annotations_view_limited ON annotations (viewLimit)
            WHERE viewLimit IS NOT NULL AND NOT isDeleted
            """,
            """
            CREATE INDEX annotations_expiring ON annotations (visibleUntil)
            WHERE visibleUntil IS NOT NULL AND NOT isDeleted
            """,
            "CREATE INDEX annotations_trash ON annotations (ownerID, updatedAt) WHERE isDeleted",
            "CREATE INDEX layers_trash ON layers (ownerID, updatedAt) WHERE isDeleted",
        ])
}

extension PostgresMigrations {
    /// Issue 20, as the SQLite store's migration of the same name: each session's world map.
    static let sessionWorldMaps = PostgresMigration(
        name: "worldmaps20: each session's world map",
        statements: ["ALTER TABLE sessions ADD COLUMN currentWorldMapID uuid"])
}

extension PostgresMigrations {
    /// Issue 20, as the SQLite store's migration of the same name: annotations by anchor, world
    /// maps in change order.
    static let annotationAnchors = PostgresMigration(
        name: "anchors20: annotations by anchor",
        statements: [
            "CREATE INDEX annotations_anchor ON annotations (anchorID)",
            "CREATE INDEX world_maps_feed ON world_maps (changeSeq, id)",
        ])
}

extension PostgresMigrations {
    /// Issue 24, as the SQLite store's migration of the same name: stars, notifications and users
    /// in change order, for the live-events hub.
    static let liveAudience = PostgresMigration(
        name: "live24: changes in order for the live events",
        statements: [
            "CREATE INDEX stars_changes ON stars (changeSeq)",
            "CREATE INDEX notifications_changes ON notifications (changeSeq)",
            "CREATE INDEX users_changes ON users (changeSeq)",
        ])
}
