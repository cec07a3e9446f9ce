import GRDB

extension StoreMigrations {
    /// Issue 20, "retention20": what the retention sweep reads (`expiringAnnotations`): each
    /// annotation's view limit as a column, and partial indexes over the annotations a rule can
    /// retire, so that a sweep reads those rather than every annotation.
    static func createRetention(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE annotations ADD COLUMN viewLimit INTEGER;
                UPDATE annotations
                SET viewLimit = json_extract(CAST(visibilityRules AS TEXT), '$.expiresAfterViews')
                WHERE visibilityRules IS NOT NULL;
                CREATE INDEX annotations_view_limited ON annotations(viewLimit)
                    WHERE viewLimit IS NOT NULL AND isDeleted = 0;
                CREATE INDEX annotations_expiring ON annotations(visibleUntil)
                    WHERE visibleUntil IS NOT NULL AND isDeleted = 0;
                CREATE INDEX annotations_trash ON annotations(ownerID, updatedAt) WHERE isDeleted = 1;
                CREATE INDEX layers_trash ON layers(ownerID, updatedAt) WHERE isDeleted = 1;
                """)
    }
}

extension StoreMigrations {
    /// Issue 20, "worldmaps20": the world map each session (each signed-in device) is relocalised
    /// in, which new annotations made through it anchor to.
    static func createSessionWorldMaps(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE sessions ADD COLUMN currentWorldMapID TEXT")
    }
}

extension StoreMigrations {
    /// Issue 20, "anchors20": the annotations placed at an anchor, which decide who may see the
    /// world map holding it (anchors are shared with whoever may see those annotations), and world
    /// maps in change order for every viewer's feed (no longer only their owner's).
    static func createAnnotationAnchors(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX annotations_anchor ON annotations(anchorID);
                CREATE INDEX world_maps_feed ON world_maps(changeSeq, id);
                """)
    }
}

extension StoreMigrations {
    /// Issue 24, "live24": stars, notifications and users in change order, which the live-events
    /// hub reads once per commit for everyone (``LiveAudienceSQL``) rather than per user.
    static func createLiveAudience(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX stars_changes ON stars(changeSeq);
                CREATE INDEX notifications_changes ON notifications(changeSeq);
                CREATE INDEX users_changes ON users(changeSeq);
                """)
    }
}
