extension PostgresMigrations {
    /// The first schema: the SQLite store's tables (StoreMigrations v1) less the device's sync
    /// queue (`outbox`, `sync_metadata`), which a server never writes.
    ///
    /// Differences from SQLite, on purpose:
    /// - IDs are `uuid` (16 bytes, checked on the way in; ordered like their lowercase text, so
    ///   `ORDER BY id` agrees with SQLite). Asset IDs are SHA-256 hex and stay `text`.
    /// - Dates are `bigint` milliseconds since 1970, exactly as in SQLite and `Timestamp`: a round
    ///   trip is exact and optimistic-concurrency checks compare integers.
    /// - Flags are `boolean`; JSON documents are `jsonb` (so `sharedWith ? id` can use an index).
    /// - Identifiers are written unquoted, so PostgreSQL stores them in lower case (`ownerid`);
    ///   the SQL reads like the SQLite store's.
    /// - The R*Tree becomes a GiST index on `cube(array[x, y, z])` over live rows (an SP-GiST
    ///   quadtree on `point(x, z)` since "nearby24"); FTS5 becomes a
    ///   `search` tsvector (title, text and the live comments' text) with a GIN index. Each
    ///   comment keeps its own vector so the annotation's can be rebuilt in SQL: the annotation's
    ///   own words carry weight A and its comments' weight D, which `ts_filter` tells apart.
    static let v1 = PostgresMigration(
        name: "v1: annotations, layers, collaboration",
        statements: [
            "CREATE EXTENSION IF NOT EXISTS cube",
            """
            CREATE AGGREGATE reality_tsvector_agg(tsvector) (
                SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = ''
            )
            """,
            """
            CREATE TABLE meta (
                key text PRIMARY KEY,
                value text NOT NULL
            )
            """,
            """
            CREATE TABLE users (
                id uuid PRIMARY KEY,
                displayName text,
                email text,
                avatarURL text,
                preferences jsonb NOT NULL,
                subscriptionTier text NOT NULL,
                subscriptionExpiresAt bigint,
                createdAt bigint NOT NULL,
                lastActiveAt bigint NOT NULL
            )
            """,
            // SQLite's NOCASE folds ASCII only; lower() under the "C" collation does the same on any server.
            #"CREATE INDEX users_email ON users (lower(email COLLATE "C"))"#,
            #"CREATE INDEX users_displayName ON users (lower(displayName COLLATE "C"))"#,
            """
            CREATE TABLE layers (
                id uuid PRIMARY KEY,
                name text NOT NULL,
                icon text NOT NULL,
                color text NOT NULL,
                parentLayerID uuid,
                ownerID uuid NOT NULL,
                isPublic boolean NOT NULL,
                isVisible boolean NOT NULL,
                autoExpireDays bigint,
                defaultPermission text NOT NULL,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                isDeleted boolean NOT NULL
            )
            """,
            "CREATE INDEX layers_owner ON layers (ownerID, isDeleted)",
            "CREATE INDEX layers_parent ON layers (parentLayerID)",
            "CREATE INDEX layers_public ON layers (isPublic) WHERE isPublic",
            "CREATE INDEX layers_expiring ON layers (autoExpireDays) WHERE autoExpireDays IS NOT NULL",
            """
            CREATE TABLE annotations (
                id uuid PRIMARY KEY,
                type text NOT NULL,
                status text NOT NULL,
                title text,
                text text,
                drawingData bytea,
                mediaURL text,
                cloudAssetID text,
                richTextData bytea,
                x double precision NOT NULL,
                y double precision NOT NULL,
                z double precision NOT NULL,
                qx double precision NOT NULL,
                qy double precision NOT NULL,
                qz double precision NOT NULL,
                qw double precision NOT NULL,
                scale double precision NOT NULL,
                anchorID uuid NOT NULL,
                layerID uuid NOT NULL,
                ownerID uuid NOT NULL,
                visibilityRules jsonb,
                visibleUntil bigint,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                isDeleted boolean NOT NULL,
                lastSyncedAt bigint,
                search tsvector
            )
            """,
            "CREATE INDEX annotations_layer ON annotations (layerID, isDeleted, createdAt)",
            "CREATE INDEX annotations_owner ON annotations (ownerID, isDeleted, createdAt)",
            "CREATE INDEX annotations_created ON annotations (isDeleted, createdAt)",
            "CREATE INDEX annotations_updated ON annotations (updatedAt)",
            "CREATE INDEX annotations_position ON annotations USING gist (cube(array[x, y, z])) WHERE NOT isDeleted",
            "CREATE INDEX annotations_search ON annotations USING gin (search)",
            """
            CREATE TABLE attachments (
                id uuid PRIMARY KEY,
                annotationID uuid NOT NULL,
                position bigint NOT NULL,
                fileName text NOT NULL,
                fileType text NOT NULL,
                fileSize bigint NOT NULL,
                localURL text,
                cloudAssetID text,
                thumbnailURL text,
                uploadedAt bigint
            )
            """,
            "CREATE INDEX attachments_annotation ON attachments (annotationID, position)",
            "CREATE INDEX attachments_asset ON attachments (cloudAssetID) WHERE cloudAssetID IS NOT NULL",
            """
            CREATE TABLE grants (
                targetType text NOT NULL,
                targetID uuid NOT NULL,
                userID uuid NOT NULL,
                id uuid NOT NULL,
                level text NOT NULL,
                grantedAt bigint NOT NULL,
                grantedBy uuid NOT NULL,
                expiresAt bigint,
                PRIMARY KEY (targetType, targetID, userID)
            )
            """,
            "CREATE INDEX grants_user ON grants (userID, targetType, expiresAt)",
            """
            CREATE TABLE reactions (
                annotationID uuid NOT NULL,
                userID uuid NOT NULL,
                emoji text NOT NULL,
                id uuid NOT NULL,
                createdAt bigint NOT NULL,
                PRIMARY KEY (annotationID, userID, emoji)
            )
            """,
            """
            CREATE TABLE views (
                annotationID uuid NOT NULL,
                userID uuid NOT NULL,
                count bigint NOT NULL,
                firstReadAt bigint NOT NULL,
                lastReadAt bigint NOT NULL,
                PRIMARY KEY (annotationID, userID)
            )
            """,
            "CREATE INDEX views_user ON views (userID)",
            """
            CREATE TABLE stars (
                userID uuid NOT NULL,
                annotationID uuid NOT NULL,
                createdAt bigint NOT NULL,
                PRIMARY KEY (userID, annotationID)
            )
            """,
            // Purging an annotation removes its stars; without this the delete reads the whole table.
            "CREATE INDEX stars_annotation ON stars (annotationID)",
            """
            CREATE TABLE comments (
                id uuid PRIMARY KEY,
                annotationID uuid NOT NULL,
                parentCommentID uuid,
                text text NOT NULL,
                authorID uuid NOT NULL,
                authorName text,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                isDeleted boolean NOT NULL,
                isEdited boolean NOT NULL,
                search tsvector NOT NULL
            )
            """,
            "CREATE INDEX comments_annotation ON comments (annotationID, createdAt)",
            "CREATE INDEX comments_author ON comments (authorID, createdAt)",
            "CREATE INDEX comments_parent ON comments (parentCommentID) WHERE parentCommentID IS NOT NULL",
            """
            CREATE TABLE notifications (
                id uuid PRIMARY KEY,
                recipientID uuid NOT NULL,
                type text NOT NULL,
                title text NOT NULL,
                body text NOT NULL,
                actorID uuid,
                annotationID uuid,
                layerID uuid,
                commentID uuid,
                createdAt bigint NOT NULL,
                isRead boolean NOT NULL
            )
            """,
            "CREATE INDEX notifications_recipient ON notifications (recipientID, createdAt)",
            "CREATE INDEX notifications_unread ON notifications (recipientID, createdAt) WHERE NOT isRead",
            """
            CREATE TABLE activities (
                id uuid PRIMARY KEY,
                kind text NOT NULL,
                actorID uuid NOT NULL,
                annotationID uuid,
                layerID uuid,
                commentID uuid,
                summary text NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            "CREATE INDEX activities_created ON activities (createdAt)",
            "CREATE INDEX activities_annotation ON activities (annotationID, createdAt)",
            "CREATE INDEX activities_layer ON activities (layerID, createdAt)",
            "CREATE INDEX activities_actor ON activities (actorID, createdAt)",
            """
            CREATE TABLE world_maps (
                id uuid PRIMARY KEY,
                worldMapAssetID text NOT NULL,
                locationName text,
                locationDescription text,
                thumbnailAssetID text,
                ownerID uuid NOT NULL,
                isShared boolean NOT NULL,
                sharedWith jsonb NOT NULL,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                lastUsedAt bigint NOT NULL
            )
            """,
            "CREATE INDEX world_maps_owner ON world_maps (ownerID, lastUsedAt)",
            "CREATE INDEX world_maps_location ON world_maps (locationName)",
            "CREATE INDEX world_maps_shared ON world_maps USING gin (sharedWith) WHERE isShared",
            """
            CREATE TABLE anchors (
                id uuid PRIMARY KEY,
                worldMapID uuid NOT NULL,
                position bigint NOT NULL,
                transform jsonb NOT NULL,
                x double precision NOT NULL,
                y double precision NOT NULL,
                z double precision NOT NULL,
                annotationID uuid
            )
            """,
            "CREATE INDEX anchors_map ON anchors (worldMapID, position)",
            // Purging an annotation unlinks its anchors.
            "CREATE INDEX anchors_annotation ON anchors (annotationID) WHERE annotationID IS NOT NULL",
            // Assets: the bytes once per SHA-256, and one reference per owner that counts toward
            // that owner's quota (as the SQLite store's v3 migration).
            """
            CREATE TABLE asset_blobs (
                sha256 text PRIMARY KEY,
                contentType text NOT NULL,
                byteCount bigint NOT NULL,
                data bytea NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            """
            CREATE TABLE asset_refs (
                sha256 text NOT NULL,
                ownerID uuid NOT NULL,
                byteCount bigint NOT NULL,
                createdAt bigint NOT NULL,
                PRIMARY KEY (sha256, ownerID)
            )
            """,
            "CREATE INDEX asset_refs_owner ON asset_refs (ownerID)",
            "CREATE INDEX annotations_asset ON annotations (cloudAssetID) WHERE cloudAssetID IS NOT NULL",
            "CREATE INDEX world_maps_asset ON world_maps (worldMapAssetID)",
            "CREATE INDEX world_maps_thumbnail ON world_maps (thumbnailAssetID) WHERE thumbnailAssetID IS NOT NULL",
        ])
}
