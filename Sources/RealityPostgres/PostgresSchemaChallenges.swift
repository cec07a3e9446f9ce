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
