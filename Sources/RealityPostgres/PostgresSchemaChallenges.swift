extension PostgresMigrations {
    /// Issue 21, as the SQLite store's migration of the same name: Out of Box's catalog (searched
    /// through `search`, the words of title, description and tags as ``SearchText`` splits them;
    /// `challenge_catalog_generation` counts its changes),
    /// the installed catalog versions, each person's assignments (one per local day) and their
    /// preferences.
    static let challenges = PostgresMigration(
        name: "outofbox21: challenges, assignments and preferences",
        statements: [
            """
            CREATE TABLE challenges (
                id text PRIMARY KEY,
                title text NOT NULL,
                description text NOT NULL,
                category text NOT NULL,
                timeInvestment text NOT NULL,
                socialRequirement text NOT NULL,
                costLevel text NOT NULL,
                difficultyLevel integer NOT NULL,
                tags text NOT NULL,
                locationType text NOT NULL,
                seasonality text,
                isActive boolean NOT NULL,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                search tsvector NOT NULL,
                generation bigint NOT NULL
            )
            """,
            "CREATE INDEX challenges_search ON challenges USING gin (search)",
            "CREATE INDEX challenges_generation ON challenges (generation)",
            """
            CREATE TABLE challenge_catalog_generation (
                id integer PRIMARY KEY CHECK (id = 1),
                generation bigint NOT NULL
            )
            """,
            "INSERT INTO challenge_catalog_generation (id, generation) VALUES (1, 0)",
            "CREATE TABLE challenge_catalog_versions (version integer PRIMARY KEY, installedAt bigint NOT NULL)",
            """
            CREATE TABLE challenge_assignments (
                id uuid PRIMARY KEY,
                userID uuid NOT NULL,
                challengeID text NOT NULL,
                localDay text NOT NULL,
                status text NOT NULL,
                assignedAt bigint NOT NULL,
                completedAt bigint,
                skippedAt bigint,
                skipReason text,
                photoAssetID text,
                rating integer,
                completionSeconds double precision,
                notes text,
                updatedAt bigint NOT NULL,
                UNIQUE (userID, localDay)
            )
            """,
            "CREATE INDEX challenge_assignments_challenge ON challenge_assignments (userID, challengeID, localDay)",
            """
            CREATE TABLE app_configuration (
                id integer PRIMARY KEY CHECK (id = 1),
                configuration text NOT NULL,
                updatedAt bigint NOT NULL
            )
            """,
            """
            CREATE TABLE challenge_preferences (
                userID uuid PRIMARY KEY,
                preferences text NOT NULL,
                updatedAt bigint NOT NULL
            )
            """,
        ])
}

extension PostgresMigrations {
    /// Issue 22, as the SQLite store's migration of the same name: Out of Box's reminders.
    static let challengeReminders = PostgresMigration(
        name: "reminders22: Out of Box reminders",
        statements: [
            """
            CREATE TABLE challenge_reminders (
                id uuid PRIMARY KEY,
                userID uuid NOT NULL,
                kind text NOT NULL,
                localDay text NOT NULL,
                dueAt bigint NOT NULL,
                status text NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            "CREATE INDEX challenge_reminders_user ON challenge_reminders (userID, dueAt)",
        ])
}

extension PostgresMigrations {
    /// Issue 22, as the SQLite store's migration of the same name: content reports and feedback.
    static let moderation = PostgresMigration(
        name: "moderation22: content reports and feedback",
        statements: [
            """
            CREATE TABLE content_reports (
                id uuid PRIMARY KEY,
                reporterID uuid NOT NULL,
                kind text NOT NULL,
                targetID text NOT NULL,
                reason text NOT NULL,
                details text,
                status text NOT NULL,
                createdAt bigint NOT NULL,
                resolvedAt bigint
            )
            """,
            "CREATE INDEX content_reports_queue ON content_reports (status, createdAt)",
            "CREATE INDEX content_reports_reporter ON content_reports (reporterID, kind)",
            """
            CREATE TABLE content_feedback (
                id uuid PRIMARY KEY,
                userID uuid NOT NULL,
                challengeID text,
                message text NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            "CREATE INDEX content_feedback_created ON content_feedback (createdAt)",
            "CREATE INDEX content_feedback_user ON content_feedback (userID)",
        ])
}

extension PostgresMigrations {
    /// Issue 22, as the SQLite store's migration of the same name: friends, requests, blocks,
    /// shared photos with their audiences, and their comments.
    static let social = PostgresMigration(
        name: "social22: friends, requests, blocks, shared photos",
        statements: [
            """
            CREATE TABLE friend_requests (
                id uuid PRIMARY KEY,
                fromID uuid NOT NULL,
                toID uuid NOT NULL,
                status text NOT NULL,
                createdAt bigint NOT NULL,
                respondedAt bigint
            )
            """,
            """
            CREATE UNIQUE INDEX friend_requests_waiting
                ON friend_requests (LEAST(fromID, toID), GREATEST(fromID, toID)) WHERE status = 'pending'
            """,
            "CREATE INDEX friend_requests_from ON friend_requests (fromID, toID, createdAt)",
            "CREATE INDEX friend_requests_to ON friend_requests (toID, createdAt)",
            """
            CREATE TABLE friendships (
                userID uuid NOT NULL,
                friendID uuid NOT NULL,
                since bigint NOT NULL,
                PRIMARY KEY (userID, friendID)
            )
            """,
            """
            CREATE TABLE blocks (
                blockerID uuid NOT NULL,
                blockedID uuid NOT NULL,
                createdAt bigint NOT NULL,
                PRIMARY KEY (blockerID, blockedID)
            )
            """,
            "CREATE INDEX blocks_blocked ON blocks (blockedID)",
            """
            CREATE TABLE shared_photos (
                id uuid PRIMARY KEY,
                ownerID uuid NOT NULL,
                assignmentID uuid NOT NULL UNIQUE,
                challengeID text NOT NULL,
                photoAssetID text NOT NULL,
                caption text,
                visibility text NOT NULL,
                createdAt bigint NOT NULL,
                removedAt bigint
            )
            """,
            "CREATE INDEX shared_photos_owner ON shared_photos (ownerID, createdAt)",
            """
            CREATE TABLE shared_photo_audience (
                photoID uuid NOT NULL,
                userID uuid NOT NULL,
                PRIMARY KEY (photoID, userID)
            )
            """,
            "CREATE INDEX shared_photo_audience_user ON shared_photo_audience (userID)",
            """
            CREATE TABLE photo_comments (
                id uuid PRIMARY KEY,
                photoID uuid NOT NULL,
                authorID uuid NOT NULL,
                text text NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            "CREATE INDEX photo_comments_photo ON photo_comments (photoID, createdAt)",
            "CREATE INDEX photo_comments_author ON photo_comments (authorID)",
        ])

    /// Issue 21, "catalog21": the catalog in the sync feed's public scope, as the SQLite store's
    /// migration of the same name moves it (`generation` becomes the change log's `changeSeq`,
    /// every challenge stamped by one new commit numbered after the clock and the old generation).
    static let catalogInChangeLog = PostgresMigration(
        name: "catalog21: the catalog in the change log",
        statements: [
            "ALTER TABLE challenges RENAME COLUMN generation TO changeSeq",
            "DROP INDEX challenges_generation",
            "CREATE INDEX challenges_feed ON challenges (changeSeq, id COLLATE \"C\")",
            """
            UPDATE sync_clock SET seq = greatest(seq, (SELECT generation FROM challenge_catalog_generation)) + 1
            WHERE id = 1
            """,
            "UPDATE challenges SET changeSeq = (SELECT seq FROM sync_clock WHERE id = 1)",
            "UPDATE challenge_catalog_generation SET generation = (SELECT seq FROM sync_clock WHERE id = 1)",
        ])
}
