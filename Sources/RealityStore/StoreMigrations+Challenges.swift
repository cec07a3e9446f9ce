import GRDB

extension StoreMigrations {
    /// Issue 21, "outofbox21": Out of Box's catalog (`challenges`, searched through
    /// `challenge_fts`; `challenge_catalog_generation` counts its changes), the installed catalog
    /// versions, each person's assignments (one per local
    /// day), their preferences, and the app configuration an administrator sets.
    static func createChallenges(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE challenges (
                    id TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    category TEXT NOT NULL,
                    timeInvestment TEXT NOT NULL,
                    socialRequirement TEXT NOT NULL,
                    costLevel TEXT NOT NULL,
                    difficultyLevel INTEGER NOT NULL,
                    tags TEXT NOT NULL,
                    locationType TEXT NOT NULL,
                    seasonality TEXT,
                    isActive INTEGER NOT NULL,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    generation INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX challenges_generation ON challenges(generation);
                CREATE VIRTUAL TABLE challenge_fts USING fts5(
                    id UNINDEXED, title, description, tags,
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TABLE challenge_catalog_generation (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    generation INTEGER NOT NULL
                );
                INSERT INTO challenge_catalog_generation (id, generation) VALUES (1, 0);
                CREATE TABLE challenge_catalog_versions (
                    version INTEGER PRIMARY KEY NOT NULL,
                    installedAt INTEGER NOT NULL
                );
                CREATE TABLE challenge_assignments (
                    id TEXT PRIMARY KEY NOT NULL,
                    userID TEXT NOT NULL,
                    challengeID TEXT NOT NULL,
                    localDay TEXT NOT NULL,
                    status TEXT NOT NULL,
                    assignedAt INTEGER NOT NULL,
                    completedAt INTEGER,
                    skippedAt INTEGER,
                    skipReason TEXT,
                    photoAssetID TEXT,
                    rating INTEGER,
                    completionSeconds REAL,
                    notes TEXT,
                    updatedAt INTEGER NOT NULL,
                    UNIQUE (userID, localDay)
                ) WITHOUT ROWID;
                CREATE INDEX challenge_assignments_challenge ON challenge_assignments(userID, challengeID, localDay);
                CREATE TABLE app_configuration (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    configuration TEXT NOT NULL,
                    updatedAt INTEGER NOT NULL
                );
                CREATE TABLE challenge_preferences (
                    userID TEXT PRIMARY KEY NOT NULL,
                    preferences TEXT NOT NULL,
                    updatedAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// "outofbox21 device": which of a device's assignments were made or changed offline and wait
    /// to go to the server (never set on the server's store).
    static func createOfflineAssignments(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE challenge_assignments ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX challenge_assignments_pending ON challenge_assignments(userID) WHERE pending = 1;
                """)
    }
}

extension StoreMigrations {
    /// "reminders22": Out of Box's reminders (issue 22), one row each, found by person (each is
    /// delivered by its own job in `jobs`).
    static func createChallengeReminders(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE challenge_reminders (
                    id TEXT PRIMARY KEY NOT NULL,
                    userID TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    localDay TEXT NOT NULL,
                    dueAt INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX challenge_reminders_user ON challenge_reminders(userID, dueAt);
                """)
    }
}

extension StoreMigrations {
    /// "moderation22": Out of Box's content reports (an administrator's queue by status; each
    /// reporter's, hidden from them) and feedback (issue 22).
    static func createModeration(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE content_reports (
                    id TEXT PRIMARY KEY NOT NULL,
                    reporterID TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    targetID TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    details TEXT,
                    status TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    resolvedAt INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX content_reports_queue ON content_reports(status, createdAt);
                CREATE INDEX content_reports_reporter ON content_reports(reporterID, kind);
                CREATE TABLE content_feedback (
                    id TEXT PRIMARY KEY NOT NULL,
                    userID TEXT NOT NULL,
                    challengeID TEXT,
                    message TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX content_feedback_created ON content_feedback(createdAt);
                CREATE INDEX content_feedback_user ON content_feedback(userID);
                """)
    }
}

extension StoreMigrations {
    /// "social22": Out of Box's friends (issue 22). A friendship is two rows, one each way, so that
    /// each person's list is one index range; at most one request waits between two people, either
    /// way (a unique index over the pair, in order); a photo is shared once per completion, with
    /// the friends it names in `shared_photo_audience`; one taken down after a report keeps its row
    /// (`removedAt`), so that its completion is not shared again.
    static func createSocial(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE friend_requests (
                    id TEXT PRIMARY KEY NOT NULL,
                    fromID TEXT NOT NULL,
                    toID TEXT NOT NULL,
                    status TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    respondedAt INTEGER
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX friend_requests_waiting
                    ON friend_requests(min(fromID, toID), max(fromID, toID)) WHERE status = 'pending';
                CREATE INDEX friend_requests_from ON friend_requests(fromID, toID, createdAt);
                CREATE INDEX friend_requests_to ON friend_requests(toID, createdAt);
                CREATE TABLE friendships (
                    userID TEXT NOT NULL,
                    friendID TEXT NOT NULL,
                    since INTEGER NOT NULL,
                    PRIMARY KEY (userID, friendID)
                ) WITHOUT ROWID;
                CREATE TABLE blocks (
                    blockerID TEXT NOT NULL,
                    blockedID TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (blockerID, blockedID)
                ) WITHOUT ROWID;
                CREATE INDEX blocks_blocked ON blocks(blockedID);
                CREATE TABLE shared_photos (
                    id TEXT PRIMARY KEY NOT NULL,
                    ownerID TEXT NOT NULL,
                    assignmentID TEXT NOT NULL UNIQUE,
                    challengeID TEXT NOT NULL,
                    photoAssetID TEXT NOT NULL,
                    caption TEXT,
                    visibility TEXT NOT NULL,
                    createdAt INTEGER NOT NULL,
                    removedAt INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX shared_photos_owner ON shared_photos(ownerID, createdAt);
                CREATE TABLE shared_photo_audience (
                    photoID TEXT NOT NULL,
                    userID TEXT NOT NULL,
                    PRIMARY KEY (photoID, userID)
                ) WITHOUT ROWID;
                CREATE INDEX shared_photo_audience_user ON shared_photo_audience(userID);
                CREATE TABLE photo_comments (
                    id TEXT PRIMARY KEY NOT NULL,
                    photoID TEXT NOT NULL,
                    authorID TEXT NOT NULL,
                    text TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX photo_comments_photo ON photo_comments(photoID, createdAt);
                CREATE INDEX photo_comments_author ON photo_comments(authorID);
                """)
    }

    /// Issue 21, "catalog21": the catalog travels in the sync feed's public scope
    /// (``RecordType/challenge``), so a challenge's stamp is the change log's: `generation` becomes
    /// `changeSeq`, and every challenge is stamped by one new commit, numbered after the clock and
    /// the old generation (a device whose token or catalog generation is past the old stamps still
    /// receives the catalog and every later change), which is the catalog's generation from now on.
    static func moveCatalogToChangeLog(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE challenges RENAME COLUMN generation TO changeSeq;
                DROP INDEX challenges_generation;
                CREATE INDEX challenges_feed ON challenges(changeSeq, id);
                UPDATE sync_clock SET seq = max(seq, (SELECT generation FROM challenge_catalog_generation)) + 1
                WHERE id = 1;
                UPDATE challenges SET changeSeq = (SELECT seq FROM sync_clock WHERE id = 1);
                UPDATE challenge_catalog_generation SET generation = (SELECT seq FROM sync_clock WHERE id = 1);
                """)
    }
}
