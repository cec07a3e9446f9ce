import Foundation
import RealityCore

/// Sample values with whole-millisecond dates, so that everything compares equal after a trip
/// through the store. Builders fill every field a round trip should exercise.
public enum Samples {
    /// The instant the test clock starts at.
    public static let start = date("2026-03-14T09:26:53.589Z")

    /// The instant an ISO 8601 text names.
    public static func date(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { preconditionFailure("bad sample date \(text)") }
        return date
    }

    /// `start` moved by `seconds`.
    public static func at(_ seconds: TimeInterval) -> Date {
        Timestamp.date(milliseconds: Timestamp.milliseconds(start.addingTimeInterval(seconds)))
    }

    /// A content address (SHA-256 of nothing).
    public static let assetID = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// A user saved straight into a store.
    public static func user(_ name: String, tier: SubscriptionTier = .plus, createdAt: Date = start) -> User {
        User(
            displayName: name, email: "\(name.lowercased())@example.com",
            avatarURL: URL(string: "https://example.com/\(name).png"),
            preferences: UserPreferences(
                defaultLayerColor: .purple, showAnnotationsOnStartup: false, enableNotifications: true,
                annotationDisplayDistance: 25, theme: .dark, timeZone: "Europe/Berlin"),
            subscriptionTier: tier, subscriptionExpiresAt: tier == .free ? nil : date("2027-01-01T00:00:00.000Z"),
            createdAt: createdAt, lastActiveAt: createdAt.addingTimeInterval(60))
    }

    /// A bare layer.
    public static func layer(
        _ name: String = "Layer", owner: UserID, id: LayerID = LayerID(), parent: LayerID? = nil,
        isPublic: Bool = false, isDeleted: Bool = false, autoExpireDays: Int? = nil, createdAt: Date = start
    ) -> Layer {
        Layer(
            id: id, name: name, color: .orange, parentLayerID: parent, ownerID: owner, isPublic: isPublic,
            autoExpireDays: autoExpireDays, createdAt: createdAt, isDeleted: isDeleted)
    }

    /// A bare text annotation.
    public static func note(
        _ text: String = "note", title: String? = nil, owner: UserID, layer: LayerID,
        id: AnnotationID = AnnotationID(), at position: SIMD3<Float> = .zero, type: AnnotationType = .text,
        status: AnnotationStatus = .open, createdAt: Date = start, isDeleted: Bool = false,
        rules: VisibilityRules? = nil
    ) -> Annotation {
        Annotation(
            id: id, type: type, content: AnnotationContent(text: text), title: title, position: position,
            layerID: layer, ownerID: owner, visibilityRules: rules, createdAt: createdAt, isDeleted: isDeleted,
            status: status)
    }

    /// A grant made at `start`.
    public static func grant(
        _ level: PermissionLevel, to user: UserID, by granter: UserID, expiresAt: Date? = nil, grantedAt: Date = start
    ) -> Permission {
        Permission(userID: user, level: level, grantedBy: granter, grantedAt: grantedAt, expiresAt: expiresAt)
    }

    /// Visibility rules with every kind of part set.
    public static func fullRules() -> VisibilityRules {
        VisibilityRules(
            timeRules: [
                TimeRule(type: .timeRange, startTime: start, endTime: date("2026-04-01T00:00:00.000Z")),
                TimeRule(
                    type: .recurring, startTime: start,
                    recurrence: RecurrenceRule(
                        frequency: .weekly, interval: 2, daysOfWeek: [2, 4],
                        timeOfDay: TimeOfDay(hour: 22, minute: 30, endHour: 2, endMinute: 0),
                        timeZone: "America/New_York")),
            ],
            locationRules: [LocationRule(type: .proximity, radiusMeters: 12.5)],
            expiresAt: date("2026-12-31T23:59:59.999Z"),
            expiresAfterViews: 10)
    }

    /// A photo annotation with every field of its own set (owner's grants, reactions and views are
    /// separate records; pass them to compare with what a read returns).
    public static func fullAnnotation(owner: UserID, layer: LayerID, anchor: AnchorID = AnchorID()) -> Annotation {
        Annotation(
            type: .photo,
            content: AnnotationContent(
                text: "Wet paint — mind the bench", drawingData: Data([0x01, 0x02, 0xFE]),
                mediaURL: URL(string: "file:///var/mobile/Media/bench.heic"), cloudAssetID: assetID,
                richTextData: Data("{\\rtf1 bench}".utf8)),
            title: "Bench", position: SIMD3(1.5, -0.25, 3), orientation: Quaternion(x: 0, y: 0.6, z: 0, w: 0.8),
            scale: 1.25, anchorID: anchor, layerID: layer, ownerID: owner,
            visibilityRules: fullRules(), createdAt: start, updatedAt: at(3600), isDeleted: false,
            lastSyncedAt: at(7200), status: .inProgress,
            attachments: [
                Attachment(
                    fileName: "bench.heic", fileType: "image/heic", fileSize: 123_456,
                    localURL: URL(string: "file:///var/mobile/Media/bench.heic"), cloudAssetID: assetID,
                    thumbnailURL: URL(string: "file:///var/mobile/Media/bench-thumb.jpg"), uploadedAt: at(60)),
                Attachment(fileName: "memo.m4a", fileType: "audio/mp4", fileSize: 9),
            ])
    }
}
