import GRDB

/// The store's schema, as versioned migrations (seed 001 §7).
///
/// A migration that has shipped is never edited: a change to the schema is a new migration
/// appended here. Migrations use table and column names as strings, never model types, so that
/// they keep meaning what they meant when they shipped.
enum StoreMigrations {
    /// The migrator that brings any store, empty or older, to the current schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: annotations, layers, collaboration, sync", migrate: createV1)
        migrator.registerMigration("v2: accounts", migrate: createV2)
        migrator.registerMigration("v3: assets", migrate: createV3)
        migrator.registerMigration("v4: server change log", migrate: createV4)
        migrator.registerMigration("v5: device sync", migrate: createV5)
        migrator.registerMigration("v6: field edit stamps", migrate: createV6FieldStamps)
        migrator.registerMigration("rejections: rejected changes held in the outbox", migrate: createRejectionsHeld)
        migrator.registerMigration("accounts: session IDs, devices and last use", migrate: createAccountSessions)
        migrator.registerMigration("cli16: rejections by record ID prefix", migrate: createRejectionRecordIndex)
        migrator.registerMigration("feed17: creation and placement commits, plan sharing shown", migrate: createFeed17)
        migrator.registerMigration("media19: asset bytes in the blob store", migrate: createBlobFiles)
        migrator.registerMigration("media19 device: media files on this device", migrate: createDeviceMedia)
        migrator.registerMigration("renditions19: asset renditions and the job queue", migrate: createRenditions)
        migrator.registerMigration("people20: invitations", migrate: createInvitations)
        migrator.registerMigration("retention20: view limits and expiry indexes", migrate: createRetention)
        migrator.registerMigration("worldmaps20: each session's world map", migrate: createSessionWorldMaps)
        migrator.registerMigration("anchors20: annotations by anchor", migrate: createAnnotationAnchors)
        migrator.registerMigration("live24: changes in order for the live events", migrate: createLiveAudience)
        migrator.registerMigration("outofbox21: challenges, assignments and preferences", migrate: createChallenges)
        migrator.registerMigration("outofbox21 device: assignments made offline", migrate: createOfflineAssignments)
        migrator.registerMigration("reminders22: Out of Box reminders", migrate: createChallengeReminders)
        migrator.registerMigration("moderation22: content reports and feedback", migrate: createModeration)
        migrator.registerMigration("social22: friends, requests, blocks, shared photos", migrate: createSocial)
        migrator.registerMigration("searches18: saved searches", migrate: createSavedSearches)
        migrator.registerMigration("catalog21: the catalog in the change log", migrate: moveCatalogToChangeLog)
        migrator.registerMigration("ratelimits22: shared rate limits", migrate: createRateBuckets)
        return migrator
    }

    /// Issue 18, "searches18": saved searches, the first owned kind (``SavedSearch``), with the
    /// change log's column and the indexes the feed (an owner's changes in order) and the live
    /// audience (changes after a commit) read.
    private static func createSavedSearches(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE saved_searches (
                    id TEXT PRIMARY KEY NOT NULL,
                    ownerID TEXT NOT NULL,
                    name TEXT NOT NULL,
                    query TEXT,
                    layerIDs BLOB,
                    types BLOB,
                    creatorID TEXT,
                    fromDate INTEGER,
                    toDate INTEGER,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    changeSeq INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                CREATE INDEX saved_searches_owner ON saved_searches(ownerID, createdAt);
                CREATE INDEX saved_searches_feed ON saved_searches(ownerID, changeSeq, id);
                CREATE INDEX saved_searches_changes ON saved_searches(changeSeq);
                """)
    }

    private static func createV1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE users (
                    id TEXT PRIMARY KEY NOT NULL,
                    displayName TEXT,
                    email TEXT,
                    avatarURL TEXT,
                    preferences TEXT NOT NULL,
                    subscriptionTier TEXT NOT NULL,
                    subscriptionExpiresAt INTEGER,
                    createdAt INTEGER NOT NULL,
                    lastActiveAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX users_email ON users(email COLLATE NOCASE);
                CREATE INDEX users_displayName ON users(displayName COLLATE NOCASE);

                CREATE TABLE layers (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    icon TEXT NOT NULL,
                    color TEXT NOT NULL,
                    parentLayerID TEXT,
                    ownerID TEXT NOT NULL,
                    isPublic INTEGER NOT NULL,
                    isVisible INTEGER NOT NULL,
                    autoExpireDays INTEGER,
                    defaultPermission TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    isDeleted INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX layers_owner ON layers(ownerID, isDeleted);
                CREATE INDEX layers_parent ON layers(parentLayerID);
                CREATE INDEX layers_public ON layers(isPublic) WHERE isPublic = 1;
                CREATE INDEX layers_expiring ON layers(autoExpireDays) WHERE autoExpireDays IS NOT NULL;

                CREATE TABLE annotations (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    status TEXT NOT NULL,
                    title TEXT,
                    text TEXT,
                    drawingData BLOB,
                    mediaURL TEXT,
                    cloudAssetID TEXT,
                    richTextData BLOB,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    z REAL NOT NULL,
                    qx REAL NOT NULL,
                    qy REAL NOT NULL,
                    qz REAL NOT NULL,
                    qw REAL NOT NULL,
                    scale REAL NOT NULL,
                    anchorID TEXT NOT NULL,
                    layerID TEXT NOT NULL,
                    ownerID TEXT NOT NULL,
                    visibilityRules BLOB,
                    visibleUntil INTEGER,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    isDeleted INTEGER NOT NULL,
                    lastSyncedAt INTEGER
                );
                CREATE INDEX annotations_layer ON annotations(layerID, isDeleted, createdAt);
                CREATE INDEX annotations_owner ON annotations(ownerID, isDeleted, createdAt);
                CREATE INDEX annotations_created ON annotations(isDeleted, createdAt);
                CREATE INDEX annotations_updated ON annotations(updatedAt);

                CREATE VIRTUAL TABLE annotation_rtree USING rtree(
                    id, minX, maxX, minY, maxY, minZ, maxZ
                );
                CREATE VIRTUAL TABLE annotation_fts USING fts5(
                    title, text, comments,
                    tokenize = 'unicode61 remove_diacritics 2'
                );

                CREATE TABLE attachments (
                    id TEXT PRIMARY KEY NOT NULL,
                    annotationID TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    fileName TEXT NOT NULL,
                    fileType TEXT NOT NULL,
                    fileSize INTEGER NOT NULL,
                    localURL TEXT,
                    cloudAssetID TEXT,
                    thumbnailURL TEXT,
                    uploadedAt INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX attachments_annotation ON attachments(annotationID, position);
                CREATE INDEX attachments_asset ON attachments(cloudAssetID) WHERE cloudAssetID IS NOT NULL;

                CREATE TABLE grants (
                    targetType TEXT NOT NULL,
                    targetID TEXT NOT NULL,
                    userID TEXT NOT NULL,
                    id TEXT NOT NULL,
                    level TEXT NOT NULL,
                    grantedAt INTEGER NOT NULL,
                    grantedBy TEXT NOT NULL,
                    expiresAt INTEGER,
                    PRIMARY KEY (targetType, targetID, userID)
                ) WITHOUT ROWID;
                CREATE INDEX grants_user ON grants(userID, targetType, expiresAt);

                CREATE TABLE reactions (
                    annotationID TEXT NOT NULL,
                    userID TEXT NOT NULL,
                    emoji TEXT NOT NULL,
                    id TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (annotationID, userID, emoji)
                ) WITHOUT ROWID;

                CREATE TABLE views (
                    annotationID TEXT NOT NULL,
                    userID TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    firstReadAt INTEGER NOT NULL,
                    lastReadAt INTEGER NOT NULL,
                    PRIMARY KEY (annotationID, userID)
                ) WITHOUT ROWID;
                CREATE INDEX views_user ON views(userID);

                CREATE TABLE stars (
                    userID TEXT NOT NULL,
                    annotationID TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (userID, annotationID)
                ) WITHOUT ROWID;

                CREATE TABLE comments (
                    id TEXT PRIMARY KEY NOT NULL,
                    annotationID TEXT NOT NULL,
                    parentCommentID TEXT,
                    text TEXT NOT NULL,
                    authorID TEXT NOT NULL,
                    authorName TEXT,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    isDeleted INTEGER NOT NULL,
                    isEdited INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX comments_annotation ON comments(annotationID, createdAt);
                CREATE INDEX comments_author ON comments(authorID, createdAt);
                CREATE INDEX comments_parent ON comments(parentCommentID) WHERE parentCommentID IS NOT NULL;

                CREATE TABLE notifications (
                    id TEXT PRIMARY KEY NOT NULL,
                    recipientID TEXT NOT NULL,
                    type TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    actorID TEXT,
                    annotationID TEXT,
                    layerID TEXT,
                    commentID TEXT,
                    createdAt INTEGER NOT NULL,
                    isRead INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX notifications_recipient ON notifications(recipientID, createdAt);
                CREATE INDEX notifications_unread ON notifications(recipientID, createdAt) WHERE isRead = 0;

                CREATE TABLE activities (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    actorID TEXT NOT NULL,
                    annotationID TEXT,
                    layerID TEXT,
                    commentID TEXT,
                    summary TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX activities_created ON activities(createdAt);
                CREATE INDEX activities_annotation ON activities(annotationID, createdAt);
                CREATE INDEX activities_layer ON activities(layerID, createdAt);
                CREATE INDEX activities_actor ON activities(actorID, createdAt);

                CREATE TABLE world_maps (
                    id TEXT PRIMARY KEY NOT NULL,
                    worldMapAssetID TEXT NOT NULL,
                    locationName TEXT,
                    locationDescription TEXT,
                    thumbnailAssetID TEXT,
                    ownerID TEXT NOT NULL,
                    isShared INTEGER NOT NULL,
                    sharedWith TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    lastUsedAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX world_maps_owner ON world_maps(ownerID, lastUsedAt);
                CREATE INDEX world_maps_location ON world_maps(locationName);

                CREATE TABLE anchors (
                    id TEXT PRIMARY KEY NOT NULL,
                    worldMapID TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    transform BLOB NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    z REAL NOT NULL,
                    annotationID TEXT
                ) WITHOUT ROWID;
                CREATE INDEX anchors_map ON anchors(worldMapID, position);

                CREATE TABLE assets (
                    id TEXT PRIMARY KEY NOT NULL,
                    ownerID TEXT NOT NULL,
                    contentType TEXT NOT NULL,
                    byteCount INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX assets_owner ON assets(ownerID);

                CREATE TABLE sync_metadata (
                    recordType TEXT NOT NULL,
                    recordID TEXT NOT NULL,
                    changeTag TEXT,
                    lastSyncedAt INTEGER,
                    syncStatus TEXT NOT NULL,
                    conflictVersion BLOB,
                    PRIMARY KEY (recordType, recordID)
                ) WITHOUT ROWID;
                CREATE INDEX sync_metadata_status ON sync_metadata(syncStatus) WHERE syncStatus != 'synced';

                CREATE TABLE outbox (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    mutationID TEXT NOT NULL UNIQUE,
                    recordType TEXT NOT NULL,
                    recordID TEXT NOT NULL,
                    operation TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    createdAt INTEGER NOT NULL
                );
                CREATE INDEX outbox_record ON outbox(recordType, recordID);
                """)
    }

    /// The server's accounts, sessions (token hashes only) and the record of deleted accounts.
    private static func createV2(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE accounts (
                    userID TEXT PRIMARY KEY NOT NULL,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    passwordHash TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE sessions (
                    tokenHash TEXT PRIMARY KEY NOT NULL,
                    userID TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    revokedAt INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX sessions_user ON sessions(userID);

                CREATE TABLE deletions (
                    userID TEXT NOT NULL,
                    deletedAt INTEGER NOT NULL
                );
                CREATE INDEX deletions_user ON deletions(userID);
                CREATE INDEX grants_grantedBy ON grants(grantedBy);
                CREATE INDEX reactions_user ON reactions(userID);
                CREATE INDEX notifications_actor ON notifications(actorID);
                """)
    }

    /// Content-addressed assets (SPEC D5): the bytes once per SHA-256, and one reference per owner
    /// that counts toward that owner's quota. v1's `assets` table had one owner per row, so two
    /// users could not hold the same bytes; nothing ever wrote to it, and it goes.
    ///
    /// The bytes are BLOBs in a rowid table of their own (large rows belong in rowid tables, and
    /// keeping them apart keeps reference and quota queries off their overflow pages). In the
    /// database rather than in files, an upload, its reference and an account deletion each commit
    /// in one transaction, with no orphaned or dangling files after a crash and one file to back up.
    private static func createV3(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TABLE assets;

                CREATE TABLE asset_blobs (
                    sha256 TEXT NOT NULL UNIQUE,
                    contentType TEXT NOT NULL,
                    byteCount INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    createdAt INTEGER NOT NULL
                );

                CREATE TABLE asset_refs (
                    sha256 TEXT NOT NULL,
                    ownerID TEXT NOT NULL,
                    byteCount INTEGER NOT NULL,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (sha256, ownerID)
                ) WITHOUT ROWID;
                CREATE INDEX asset_refs_owner ON asset_refs(ownerID);

                CREATE INDEX annotations_asset ON annotations(cloudAssetID) WHERE cloudAssetID IS NOT NULL;
                CREATE INDEX world_maps_asset ON world_maps(worldMapAssetID);
                CREATE INDEX world_maps_thumbnail ON world_maps(thumbnailAssetID) WHERE thumbnailAssetID IS NOT NULL;
                """)
    }
}
