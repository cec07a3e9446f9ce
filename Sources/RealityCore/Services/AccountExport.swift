import Foundation

/// Everything a user owns or wrote, as one JSON document (seed 001 §11.2 "User Data Export",
/// SPEC D4).
public struct AccountExport: Codable, Hashable, Sendable {
    /// When the export was made.
    public var exportedAt: Date
    /// The account, with preferences and plan.
    public var user: User
    /// Layers the user owns, with their grants.
    public var layers: [Layer]
    /// Annotations the user owns, with grants, reactions, viewers and their comments.
    public var annotations: [Annotation]
    /// Comments the user wrote, on anyone's annotations.
    public var comments: [Comment]
    /// World maps the user saved.
    public var worldMaps: [WorldMap]
    /// The user's notifications, every one.
    public var notifications: [AppNotification]
    /// The annotations they starred.
    public var stars: [StarRecord]
    /// The annotations they read, with the views counted.
    public var reads: [ReadReceipt]
    /// The reactions they gave, on anyone's annotations.
    public var reactionsGiven: [GivenReaction]
    /// The grants they gave, on anyone's layers and annotations.
    public var grantsGiven: [GivenGrant]
    /// The invitations they sent (a server's export; empty on a device, which keeps none).
    public var invitations: [Invitation]
    /// Their records of every owned kind (``OwnedRecord``): saved searches, ….
    public var records: OwnedRecordSet

    /// An export with the given parts.
    public init(
        exportedAt: Date, user: User, layers: [Layer], annotations: [Annotation], comments: [Comment],
        worldMaps: [WorldMap], notifications: [AppNotification], engagement: UserEngagement = UserEngagement(),
        invitations: [Invitation] = [], records: OwnedRecordSet = OwnedRecordSet()
    ) {
        self.records = records
        self.stars = engagement.stars
        self.reads = engagement.reads
        self.reactionsGiven = engagement.reactions
        self.grantsGiven = engagement.grants
        self.invitations = invitations
        self.exportedAt = exportedAt
        self.user = user
        self.layers = layers
        self.annotations = annotations
        self.comments = comments
        self.worldMaps = worldMaps
        self.notifications = notifications
    }
}

extension DefaultUserService {
    public func exportData() async throws -> AccountExport {
        let user = try await getCurrentUser()
        let now = context.now
        var annotations = try await store.allAnnotations(
            matching: AnnotationQuery(viewer: user.id, at: now, creatorID: user.id))
        for index in annotations.indices {
            annotations[index].comments = try await store.comments(on: annotations[index].id)
        }
        return AccountExport(
            exportedAt: now, user: user,
            layers: try await store.layers(visibleTo: user.id, at: now).filter { $0.ownerID == user.id },
            annotations: annotations,
            comments: try await store.comments(authoredBy: user.id),
            worldMaps: try await store.worldMaps(visibleTo: user.id, at: now).filter { $0.ownerID == user.id },
            notifications: try await store.notifications(for: user.id, unreadOnly: false, limit: Int(Int32.max)),
            engagement: try await store.engagement(of: user.id), records: try await ownedRecords(of: user.id))
    }

    /// Every record of every owned kind that `userID` owns.
    private func ownedRecords(of userID: UserID) async throws -> OwnedRecordSet {
        var set = OwnedRecordSet()
        for kind in RecordType.ownedKinds {
            set.records[kind.recordType] = try await store.ownedRecords(kind.recordType, ownerID: userID)
        }
        return set
    }
}
