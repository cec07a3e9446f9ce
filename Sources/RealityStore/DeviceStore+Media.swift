import Foundation
import GRDB
import RealityCore

/// A media file a device knows (issue 19): its bytes' SHA-256, where they are on this device, and
/// whether the server holds them.
public struct DeviceMedia: Codable, Hashable, Sendable {
    /// SHA-256 of the bytes, lowercase hex: the asset ID annotations name.
    public var sha256: String
    /// The file holding the bytes on this device; nil when only the server has them.
    public var path: String?
    /// Their length.
    public var byteCount: Int64
    /// Their MIME type, as their bytes show it.
    public var contentType: String
    /// Whether the server holds them.
    public var isUploaded: Bool
    /// The server's thumbnail of an image or video, downloaded by sync; nil until then.
    public var thumbnailPath: String?

    /// A media file with the given parts.
    public init(
        sha256: String, path: String?, byteCount: Int64, contentType: String, isUploaded: Bool,
        thumbnailPath: String? = nil
    ) {
        self.sha256 = sha256
        self.path = path
        self.byteCount = byteCount
        self.contentType = contentType
        self.isUploaded = isUploaded
        self.thumbnailPath = thumbnailPath
    }

    init(row: Row) {
        self.init(
            sha256: row["sha256"], path: row["path"], byteCount: row["byteCount"], contentType: row["contentType"],
            isUploaded: row["isUploaded"], thumbnailPath: row["thumbnailPath"])
    }
}

extension DeviceStore {
    /// Where this store keeps the media it downloads: a directory beside its file
    /// (`default.sqlite.media/`); nil for a store in memory.
    public var mediaDirectory: URL? {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
        return URL(fileURLWithPath: path + ".media", isDirectory: true).standardizedFileURL
    }

    /// Records a media file; a file known already keeps whether the server holds it, and takes
    /// `media`'s path when it has one.
    public func registerMedia(_ media: DeviceMedia) async throws {
        try await writeTransaction { db in
            try db.execute(
                sql: """
                    INSERT INTO device_media (sha256, path, byteCount, contentType, isUploaded, addedAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(sha256) DO UPDATE SET path = coalesce(excluded.path, device_media.path),
                        isUploaded = max(device_media.isUploaded, excluded.isUploaded)
                    """,
                arguments: [
                    media.sha256, media.path, media.byteCount, media.contentType, media.isUploaded,
                    Timestamp.now().storeValue,
                ])
        }
    }

    /// The media file with this SHA-256, if the device knows it.
    public func media(sha256: String) async throws -> DeviceMedia? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM device_media WHERE sha256 = ?", arguments: [sha256])
                .map(DeviceMedia.init(row:))
        }
    }

    /// Every media file the device knows, newest first.
    public func allMedia() async throws -> [DeviceMedia] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM device_media ORDER BY addedAt DESC, sha256")
                .map(DeviceMedia.init(row:))
        }
    }

    /// Records that the server holds the bytes.
    public func markMediaUploaded(sha256: String) async throws {
        try await writeTransaction { db in
            try db.execute(sql: "UPDATE device_media SET isUploaded = 1 WHERE sha256 = ?", arguments: [sha256])
        }
    }

    /// Forgets a media file (not the file itself).
    public func forgetMedia(sha256: String) async throws {
        try await writeTransaction { db in
            try db.execute(sql: "DELETE FROM device_media WHERE sha256 = ?", arguments: [sha256])
        }
    }

    /// Asset IDs that annotations on this device name (their content or attachments, deleted ones
    /// left out) and that the device does not know yet (neither has the bytes nor decided to leave
    /// them on the server), oldest annotation first, at most `limit`.
    public func mediaToDownload(limit: Int) async throws -> [String] {
        // `+a.isDeleted` keeps SQLite off the isDeleted index, which would scan every annotation
        // (54 ms at 100,000, after every sync); the partial asset indexes read only those with media.
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT sha256 FROM (
                        SELECT a.cloudAssetID AS sha256, a.createdAt AS at FROM annotations a
                        WHERE a.cloudAssetID IS NOT NULL AND +a.isDeleted = 0
                        UNION ALL
                        SELECT t.cloudAssetID, a.createdAt FROM attachments t JOIN annotations a ON a.id = t.annotationID
                        WHERE t.cloudAssetID IS NOT NULL AND +a.isDeleted = 0
                    ) named
                    WHERE NOT EXISTS (SELECT 1 FROM device_media m WHERE m.sha256 = named.sha256)
                    GROUP BY sha256 ORDER BY min(at) LIMIT ?
                    """,
                arguments: [limit])
        }
    }

    /// Images and videos the server holds whose thumbnail this device has not got yet, and that
    /// the server did not say it has none of, oldest first, at most `limit`.
    public func mediaNeedingThumbnails(limit: Int) async throws -> [String] {
        let types = MediaFormat.renditionMIMETypes
        var arguments = StatementArguments(types)
        arguments += [limit]
        return try await read { [arguments] db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT sha256 FROM device_media
                    WHERE isUploaded = 1 AND thumbnailPath IS NULL AND thumbnailMissing = 0
                      AND contentType IN (\(placeholders(types.count)))
                    ORDER BY addedAt, sha256 LIMIT ?
                    """,
                arguments: arguments)
        }
    }

    /// Records where the thumbnail of `sha256` is, or with nil that the server has none.
    public func setThumbnail(of sha256: String, path: String?) async throws {
        try await writeTransaction { db in
            try db.execute(
                sql: "UPDATE device_media SET thumbnailPath = ?, thumbnailMissing = ? WHERE sha256 = ?",
                arguments: [path, path == nil, sha256])
        }
    }

    /// The metadata key of ``mediaEagerLimit()``.
    static let mediaEagerLimitKey = "media.eagerLimit"

    /// The eager download limit when the user set none: 16 MiB.
    public static var defaultMediaEagerLimit: Int64 { 16 << 20 }

    /// Media up to this many bytes download with the annotations that name them; larger ones
    /// only when asked for.
    public func mediaEagerLimit() async throws -> Int64 {
        try await metadata(Self.mediaEagerLimitKey).flatMap { Int64($0) } ?? Self.defaultMediaEagerLimit
    }

    /// Sets ``mediaEagerLimit()`` (0 downloads nothing eagerly).
    public func setMediaEagerLimit(_ bytes: Int64) async throws {
        precondition(bytes >= 0)
        try await setMetadata(Self.mediaEagerLimitKey, to: String(bytes))
    }

    /// The asset IDs an annotation names (its content and attachments).
    public static func assetIDs(of annotation: Annotation) -> [String] {
        ([annotation.content.cloudAssetID] + annotation.attachments.map(\.cloudAssetID)).compactMap { $0 }
    }
}
