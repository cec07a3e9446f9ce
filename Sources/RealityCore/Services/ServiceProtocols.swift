import Foundation

/// Annotations: create, read, change, move, delete, and find them by place and time
/// (seed 000 §3.1, SPEC S1).
public protocol AnnotationService: ServiceProtocol {
    /// Creates an annotation in a layer the user may edit; validated, within the user's plan.
    func createAnnotation(
        content: AnnotationContent, type: AnnotationType, position: SIMD3<Float>, layerID: LayerID
    ) async throws -> Annotation
    /// Creates an annotation from a full draft (title, orientation, rules, …).
    func createAnnotation(_ draft: AnnotationDraft) async throws -> Annotation
    /// The annotations of a layer the user may see, newest first.
    func fetchAnnotations(in layerID: LayerID) async throws -> [Annotation]
    /// The annotation with `id`, or nil when it does not exist or the user may not see it.
    func fetchAnnotation(id: AnnotationID) async throws -> Annotation?
    /// The annotations matching `query` (its viewer is replaced by the current user).
    func fetchAnnotations(matching query: AnnotationQuery) async throws -> [Annotation]
    /// Saves the editable fields of `annotation` (content, title, placement, rules, status,
    /// attachments); grants, reactions, views and comments change through their own services.
    func updateAnnotation(_ annotation: Annotation) async throws
    /// Soft-deletes an annotation (owner level needed).
    func deleteAnnotation(id: AnnotationID) async throws
    /// Moves an annotation to another layer the user may edit.
    func moveAnnotation(id: AnnotationID, to layerID: LayerID) async throws
    /// Annotations within `radius` metres of `position`, nearest first.
    func fetchNearby(position: SIMD3<Float>, radius: Float) async throws -> [Annotation]
    /// Annotations whose visibility rules allow them at `date` for a viewer at `viewerPosition`.
    func fetchVisible(at date: Date, viewerPosition: SIMD3<Float>?) async throws -> [Annotation]
    /// Counts one view by the user (toward `expiresAfterViews`) and marks the annotation read.
    func recordView(id: AnnotationID) async throws
    /// The layer's annotations now and again after every committed change to that layer.
    func watchAnnotations(in layerID: LayerID) -> AsyncStream<[Annotation]>
}

extension AnnotationService {
    /// Annotations whose visibility rules allow them at `date`, wherever the viewer is.
    public func fetchVisible(at date: Date) async throws -> [Annotation] {
        try await fetchVisible(at: date, viewerPosition: nil)
    }
}

/// Layers: create (within the plan), read, change, nest, hide and delete (seed 000 §3.3, SPEC S2).
public protocol LayerService: ServiceProtocol {
    /// Creates a top-level layer owned by the user.
    func createLayer(name: String, icon: String, color: LayerColor) async throws -> Layer
    /// Creates a layer, nested in `parentLayerID` when given (the user must be able to edit it).
    func createLayer(name: String, icon: String, color: LayerColor, parentLayerID: LayerID?) async throws -> Layer
    /// The layers the user may see: owned, shared with them, public, or nested in those.
    func fetchLayers() async throws -> [Layer]
    /// The layer with `id`, or nil when it does not exist or the user may not see it.
    func fetchLayer(id: LayerID) async throws -> Layer?
    /// Saves the editable fields of `layer` (name, icon, colour, parent, public, visible,
    /// autoExpireDays, defaultPermission).
    func updateLayer(_ layer: Layer) async throws
    /// Deletes a layer and the layers nested in it; their annotations move to the owner's
    /// default layer, which is created when needed.
    func deleteLayer(id: LayerID) async throws
    /// Shows or hides a layer.
    func setLayerVisible(_ layerID: LayerID, visible: Bool) async throws
    /// The visible layers the user may see.
    func getActiveLayers() async throws -> [Layer]
    /// The layers nested directly in `layerID`.
    func childLayers(of layerID: LayerID) async throws -> [Layer]
    /// The user's default layer, created when it does not exist yet.
    func defaultLayer() async throws -> Layer
}

/// Who may do what (seed 000 §3.4, SPEC S3).
public protocol PermissionService: ServiceProtocol {
    /// The user's effective level on an annotation, or nil for no access.
    func level(on annotation: Annotation) async throws -> PermissionLevel?
    /// `userID`'s effective level on an annotation, or nil for no access.
    func getPermissionLevel(for userID: UserID, annotation: Annotation) async throws -> PermissionLevel?
    /// The user's effective level on a layer, or nil for no access.
    func level(onLayer layerID: LayerID) async throws -> PermissionLevel?
    /// Whether the user may see the annotation.
    func canView(_ annotation: Annotation) async throws -> Bool
    /// Whether the user may comment on and react to the annotation.
    func canComment(_ annotation: Annotation) async throws -> Bool
    /// Whether the user may change the annotation.
    func canEdit(_ annotation: Annotation) async throws -> Bool
    /// Whether the user may delete the annotation.
    func canDelete(_ annotation: Annotation) async throws -> Bool
    /// Whether the user may share the annotation.
    func canShare(_ annotation: Annotation) async throws -> Bool
    /// Throws unless the user may create annotations in the layer.
    func checkCanCreate(in layerID: LayerID) async throws
    /// Throws unless the user may change the annotation.
    func checkCanEdit(_ annotation: Annotation) async throws
    /// Throws unless the user may delete the annotation.
    func checkCanDelete(_ annotation: Annotation) async throws
    /// Grants `userID` a level on an annotation (the grantee is notified).
    func grantPermission(to userID: UserID, level: PermissionLevel, for annotationID: AnnotationID, expiresAt: Date?)
        async throws -> Permission
    /// Removes `userID`'s grant on an annotation.
    func revokePermission(from userID: UserID, for annotationID: AnnotationID) async throws
    /// Grants `userID` a level on a layer, its annotations and nested layers; nil uses the
    /// layer's `defaultPermission`.
    func grantPermission(to userID: UserID, level: PermissionLevel?, forLayer layerID: LayerID, expiresAt: Date?)
        async throws -> Permission
    /// Removes `userID`'s grant on a layer.
    func revokePermission(from userID: UserID, forLayer layerID: LayerID) async throws
}

/// Finding annotations again (seed 000 §3.5, SPEC S4).
public protocol SearchService: ServiceProtocol {
    /// Annotations whose title, text or comments contain every word of `query` (as word prefixes).
    func search(query: String) async throws -> [Annotation]
    /// Search with any combination of text, layers, types, creation dates and creator.
    func search(
        query: String?, layerIDs: [LayerID]?, types: [AnnotationType]?, dateRange: DateInterval?, creatorID: UserID?
    ) async throws -> [Annotation]
    /// The most recently created annotations the user may see.
    func getRecent(limit: Int) async throws -> [Annotation]
    /// Annotations by others that the user has not read.
    func getUnread() async throws -> [Annotation]
    /// Annotations the user starred.
    func getStarred() async throws -> [Annotation]
    /// Marks an annotation read.
    func markAsRead(_ annotationID: AnnotationID) async throws
    /// Stars or unstars an annotation.
    func setStarred(_ annotationID: AnnotationID, starred: Bool) async throws
}

/// Comments, reactions, status and the activity feed (seed 000 §3.6, SPEC S5).
public protocol CollaborationService: ServiceProtocol {
    /// Comments on an annotation (commenter level needed); owners and participants are notified,
    /// and `@mentions` notify the people named.
    func addComment(to annotationID: AnnotationID, text: String) async throws -> Comment
    /// Replies to a comment, on the same annotation.
    func replyToComment(_ commentID: CommentID, text: String) async throws -> Comment
    /// Changes a comment's text: its author only, while they can see the annotation; the comment
    /// is marked ``Comment/isEdited`` and its `updatedAt` says when.
    func editComment(_ commentID: CommentID, text: String) async throws -> Comment
    /// Deletes a comment: its author may, and so may whoever may delete the annotation.
    func deleteComment(_ commentID: CommentID) async throws
    /// Adds the user's reaction; adding the same emoji twice changes nothing.
    func addReaction(to annotationID: AnnotationID, emoji: String) async throws
    /// Removes the user's reaction with `emoji`.
    func removeReaction(from annotationID: AnnotationID, emoji: String) async throws
    /// Sets the status to resolved.
    func markAsResolved(_ annotationID: AnnotationID) async throws
    /// Sets any status (editor level needed); the owner is notified.
    func setStatus(_ annotationID: AnnotationID, to status: AnnotationStatus) async throws
    /// The comments on an annotation the user may see, oldest first.
    func getComments(for annotationID: AnnotationID) async throws -> [Comment]
    /// The newest activity on things the user may see.
    func getActivityFeed(limit: Int) async throws -> [Activity]
}

/// The user's own account (seed 000 §3.7, SPEC S6).
public protocol UserService: ServiceProtocol {
    /// The current user with live counts.
    func getCurrentUser() async throws -> User
    /// Changes the display name and avatar; nil leaves a field as it is.
    func updateProfile(displayName: String?, avatarURL: URL?) async throws -> User
    /// Replaces the preferences.
    func updatePreferences(_ preferences: UserPreferences) async throws -> User
    /// The plan and whether it is in force.
    func checkSubscription() async throws -> SubscriptionStatus
    /// Moves the user to another plan (on a device, after the store confirmed the purchase).
    func upgradeSubscription(to tier: SubscriptionTier) async throws
    /// What the user uses against the plan's limits.
    func getUsageStats() async throws -> UsageStats
    /// Everything the user owns or wrote, as one document (seed 001 §11.2, SPEC D4).
    func exportData() async throws -> AccountExport
}

/// The notification inbox (seed 000 §3.8, SPEC S7).
public protocol NotificationService: ServiceProtocol {
    /// Sends a notification to a user, unless it is the current user or they turned
    /// notifications off.
    func send(to userID: UserID, type: NotificationType, title: String, body: String, annotationID: AnnotationID?)
        async throws
    /// The user's newest notifications.
    func getNotifications(limit: Int, unreadOnly: Bool) async throws -> [AppNotification]
    /// Marks one of the user's notifications read.
    func markAsRead(_ notificationID: UUID) async throws
}

/// Anchors and world maps (SPEC S8).
public protocol AnchorManager: ServiceProtocol {
    /// The anchor of the current world map nearest to `position` within the merge distance, or a
    /// new anchor there.
    func anchorFor(position: SIMD3<Float>) async throws -> AnchorID
    /// Saves a world map the user owns.
    func saveWorldMap(_ map: WorldMap) async throws
    /// The world map with `id`, if the user may see it.
    func worldMap(id: WorldMapID) async throws -> WorldMap?
    /// World maps the user owns or that are shared with them.
    func worldMaps() async throws -> [WorldMap]
    /// Deletes a world map the user owns; one shared with them may be read, not deleted.
    func deleteWorldMap(id: WorldMapID) async throws
    /// Changes a world map the user owns (its bytes, anchors, name, sharing); not found when there
    /// is none they own.
    func updateWorldMap(_ map: WorldMap) async throws
    /// Re-resolves the anchors of the user's annotations against the map `id` (after a device
    /// relocalised in it, or after maps were merged into it): each annotation within
    /// ``DefaultAnchorManager/mergeDistance`` of one of its anchors takes the nearest; answers how
    /// many changed.
    func relocalize(in id: WorldMapID) async throws -> Int
}

/// Content-addressed media and world-map bytes (SPEC D5, S8).
public protocol AssetService: ServiceProtocol {
    /// Records that the user holds bytes the blob store now keeps (their SHA-256, length and the
    /// type their bytes show, all measured by the server), within the user's storage quota;
    /// holding bytes the user already holds changes nothing and costs nothing.
    func storeAsset(sha256: String, contentType: String, byteCount: Int64) async throws
    /// The asset, if the user uploaded it or may see an annotation or world map whose author
    /// uploaded it and names it.
    func asset(sha256: String) async throws -> StoredAsset
    /// Removes the user's reference to the asset (refused while a live annotation or world map of
    /// theirs names it); true when it was the last reference, so that the bytes may be collected.
    func deleteAsset(sha256: String) async throws -> Bool
}

/// The trash (issue 20): what a user deleted, kept for ``RetentionPeriod/softDelete`` before it is
/// purged, and brought back by its owner in that time.
public protocol TrashService: ServiceProtocol {
    /// What the user has in the trash, the most recently deleted first.
    func trash(limit: Int) async throws -> [TrashEntry]
    /// Brings back one of the user's deleted annotations, as it was; a visibility rule it had
    /// spent (an expiry date passed, its views used up) is lifted, or the retention sweep would
    /// take it again. Its layer must be alive and must not retire it by age.
    func restoreAnnotation(id: AnnotationID) async throws -> Annotation
    /// Brings back one of the user's deleted layers (its annotations went to the default layer
    /// when it was deleted, and stay there); its parent, if any, must be alive.
    func restoreLayer(id: LayerID) async throws -> Layer
}
