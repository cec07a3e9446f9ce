import Foundation
import RealityTestSupport

@testable import RealityCore

/// Sample values for tests: fixed IDs and whole-millisecond dates, so that every value compares
/// equal after a trip through JSON or a store. Each factory fills every optional and every
/// collection, so that a round trip exercises every field.
enum Fixtures {
    // MARK: - Identities

    /// The owner of every fixture.
    static let ownerID = UserID(uuid("00000000-0000-4000-8000-0000000000a1"))
    /// A second user, the one things are shared with.
    static let friendID = UserID(uuid("00000000-0000-4000-8000-0000000000a2"))
    /// A third user.
    static let strangerID = UserID(uuid("00000000-0000-4000-8000-0000000000a3"))
    /// The fixture annotation's ID.
    static let annotationID = AnnotationID(uuid("00000000-0000-4000-8000-0000000000b1"))
    /// The fixture layer's ID.
    static let layerID = LayerID(uuid("00000000-0000-4000-8000-0000000000c1"))
    /// The fixture layer's parent's ID.
    static let parentLayerID = LayerID(uuid("00000000-0000-4000-8000-0000000000c2"))
    /// The fixture comment's ID.
    static let commentID = CommentID(uuid("00000000-0000-4000-8000-0000000000d1"))
    /// The fixture world map's ID.
    static let worldMapID = WorldMapID(uuid("00000000-0000-4000-8000-0000000000e1"))
    /// The fixture anchor's ID.
    static let anchorID = AnchorID(uuid("00000000-0000-4000-8000-0000000000e2"))
    /// A content address (SHA-256 of nothing).
    static let assetID = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    // MARK: - Dates

    /// The instant most fixtures are created at.
    static let created = date("2026-03-14T09:26:53.589Z")
    /// A later instant: updates, syncs.
    static let updated = date("2026-03-15T18:00:00.250Z")
    /// A date far enough ahead that nothing has expired by it.
    static let expires = date("2026-12-31T23:59:59.999Z")

    /// The instant an ISO 8601 text names; the text must be valid.
    static func date(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { preconditionFailure("Bad fixture date \(text)") }
        return date
    }

    /// The UUID a text names; the text must be valid.
    static func uuid(_ text: String) -> UUID {
        guard let uuid = UUID(uuidString: text) else { preconditionFailure("Bad fixture UUID \(text)") }
        return uuid
    }

    // MARK: - Model values

    /// A photo annotation with every optional set and every collection non-empty: every field
    /// named here, and any field added to ``Annotation`` since as ``Samples/everyField(owner:layer:friend:)``
    /// sets it (the one sample a new field needs a value in).
    static func annotation(
        id: AnnotationID = annotationID, layerID: LayerID = layerID, ownerID: UserID = ownerID,
        permissions: [Permission]? = nil
    ) -> Annotation {
        var annotation = Samples.everyField(owner: ownerID, layer: layerID, friend: friendID)
        annotation.id = id
        annotation.type = .photo
        annotation.content = AnnotationContent(
            text: "Wet paint — mind the bench", drawingData: Data([0x01, 0x02, 0xFE]),
            mediaURL: URL(string: "file:///var/mobile/Media/bench.heic"), cloudAssetID: assetID,
            richTextData: Data("rtf".utf8))
        annotation.title = "Bench"
        annotation.position = SIMD3(1.5, -0.25, 3)
        annotation.orientation = Quaternion(x: 0, y: 0.6, z: 0, w: 0.8)
        annotation.scale = 1.25
        annotation.anchorID = anchorID
        annotation.permissions = permissions ?? [permission()]
        annotation.visibilityRules = visibilityRules()
        annotation.createdAt = created
        annotation.updatedAt = updated
        annotation.isDeleted = false
        annotation.lastSyncedAt = updated
        annotation.comments = [comment(annotationID: id)]
        annotation.reactions = [reaction()]
        annotation.viewedBy = [friendID]
        annotation.viewCount = 3
        annotation.status = .inProgress
        annotation.attachments = [attachment()]
        annotation.fieldStamps = FieldStamps(["title": Timestamp.milliseconds(updated)])
        return annotation
    }

    /// A grant of `level` from the owner to `userID`, expiring at `expiresAt`.
    static func permission(
        to userID: UserID = friendID, level: PermissionLevel = .editor, expiresAt: Date? = expires
    ) -> Permission {
        Permission(
            id: uuid("00000000-0000-4000-8000-0000000000f1"), userID: userID, level: level,
            grantedBy: ownerID, grantedAt: created, expiresAt: expiresAt)
    }

    /// A nested, public, auto-expiring layer with a grant.
    static func layer(
        id: LayerID = layerID, parentLayerID: LayerID? = parentLayerID, ownerID: UserID = ownerID,
        permissions: [Permission]? = nil, isPublic: Bool = true, isDeleted: Bool = false
    ) -> Layer {
        Layer(
            id: id, name: "Maintenance", icon: "wrench.fill", color: .orange, parentLayerID: parentLayerID,
            ownerID: ownerID, permissions: permissions ?? [permission(level: .commenter)], isPublic: isPublic,
            isVisible: false, autoExpireDays: 30, defaultPermission: .commenter, createdAt: created,
            updatedAt: updated, isDeleted: isDeleted)
    }

    /// An edited reply to another comment.
    static func comment(annotationID: AnnotationID = annotationID) -> Comment {
        Comment(
            id: commentID, text: "On it, @Ana", authorID: friendID, authorName: "Bo", annotationID: annotationID,
            parentCommentID: CommentID(uuid("00000000-0000-4000-8000-0000000000d2")), createdAt: created,
            updatedAt: updated, isDeleted: false, isEdited: true)
    }

    /// A thumbs-up from the friend.
    static func reaction() -> Reaction {
        Reaction(id: uuid("00000000-0000-4000-8000-000000000101"), emoji: "👍", userID: friendID, createdAt: updated)
    }

    /// An uploaded photo with a thumbnail.
    static func attachment() -> Attachment {
        Attachment(
            id: uuid("00000000-0000-4000-8000-000000000102"), fileName: "bench.heic", fileType: "image/heic",
            fileSize: 2_345_678, localURL: URL(string: "file:///var/mobile/Media/bench.heic"),
            cloudAssetID: assetID, thumbnailURL: URL(string: "https://cdn.example.com/t/bench.jpg"),
            uploadedAt: updated)
    }

    /// A pro user with every profile field and non-default preferences.
    static func user(id: UserID = ownerID, tier: SubscriptionTier = .pro) -> User {
        User(
            id: id, displayName: "Ana", email: "ana@example.com",
            avatarURL: URL(string: "https://cdn.example.com/a/ana.png"),
            preferences: UserPreferences(
                defaultLayerColor: .purple, showAnnotationsOnStartup: false, enableNotifications: false,
                annotationDisplayDistance: 25.5, theme: .dark, timeZone: "Europe/Berlin"),
            subscriptionTier: tier, subscriptionExpiresAt: expires, annotationCount: 12, layerCount: 3,
            createdAt: created, lastActiveAt: updated)
    }

    /// A shared world map with one anchor.
    static func worldMap() -> WorldMap {
        WorldMap(
            id: worldMapID, worldMapAssetID: assetID,
            anchors: [
                WorldAnchor(
                    id: anchorID,
                    transform: Transform(rotation: Quaternion(x: 0, y: 0.6, z: 0, w: 0.8), translation: SIMD3(1, 2, 3)),
                    annotationID: annotationID)
            ],
            locationName: "Workshop", locationDescription: "Ground floor, north wall",
            thumbnailAssetID: String(assetID.reversed()), ownerID: ownerID, isShared: true, sharedWith: [friendID],
            createdAt: created, updatedAt: updated, lastUsedAt: updated)
    }

    /// Rules with one time rule of each kind, both location rules and both expiries.
    static func visibilityRules() -> VisibilityRules {
        VisibilityRules(
            timeRules: [
                TimeRule(id: uuid("00000000-0000-4000-8000-000000000201"), type: .always),
                TimeRule(
                    id: uuid("00000000-0000-4000-8000-000000000202"), type: .timeRange, startTime: created,
                    endTime: expires),
                recurringTimeRule(),
            ],
            locationRules: [LocationRule(type: .proximity, radiusMeters: 12.5), LocationRule(type: .always)],
            expiresAt: expires, expiresAfterViews: 100)
    }

    /// Every other week on Monday, Wednesday and Friday nights, in New York, for the rest of 2026.
    static func recurringTimeRule() -> TimeRule {
        TimeRule(
            id: uuid("00000000-0000-4000-8000-000000000203"), type: .recurring, startTime: created, endTime: expires,
            recurrence: recurrence())
    }

    /// Every other week on Monday, Wednesday and Friday from 22:30 to 06:00 in New York.
    static func recurrence() -> RecurrenceRule {
        RecurrenceRule(
            frequency: .weekly, interval: 2, daysOfWeek: [2, 4, 6],
            timeOfDay: TimeOfDay(hour: 22, minute: 30, endHour: 6, endMinute: 0), timeZone: "America/New_York")
    }

    /// A conflicted annotation.
    static func syncMetadata() -> SyncMetadata {
        SyncMetadata(
            recordType: .annotation, recordID: annotationID.uuidString, changeTag: "ctag-42", lastSyncedAt: updated,
            syncStatus: .conflict, conflictVersion: Data(#"{"title":"Remote"}"#.utf8))
    }

    /// Both sides of a conflict over the title.
    static func conflictData() -> ConflictData {
        ConflictData(
            localVersion: Data(#"{"title":"Local"}"#.utf8), remoteVersion: Data(#"{"title":"Remote"}"#.utf8),
            localModifiedAt: created, remoteModifiedAt: updated, resolutionStrategy: .manual)
    }

    /// A read mention notification referring to everything.
    static func notification() -> AppNotification {
        AppNotification(
            id: uuid("00000000-0000-4000-8000-000000000301"), recipientID: ownerID, type: .mention,
            title: "Bo mentioned you", body: "On it, @Ana", actorID: friendID, annotationID: annotationID,
            layerID: layerID, commentID: commentID, createdAt: updated, isRead: true)
    }

    /// A comment entry in the activity feed.
    static func activity() -> Activity {
        Activity(
            id: uuid("00000000-0000-4000-8000-000000000401"), kind: .commented, actorID: friendID,
            annotationID: annotationID, layerID: layerID, commentID: commentID, summary: "commented",
            createdAt: updated)
    }

    /// A free user's usage, near the limits.
    static func usageStats() -> UsageStats {
        UsageStats(
            annotationCount: 24, layerCount: 1, storageUsed: 52_428_800,
            limits: TierLimits.of(.free).usageLimits)
    }

    /// A plus plan that lapses at `expires`.
    static func subscriptionStatus() -> SubscriptionStatus {
        SubscriptionStatus(tier: .plus, expiresAt: expires, isActive: true, canUpgrade: true)
    }
}
