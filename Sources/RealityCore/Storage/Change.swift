import Foundation

/// One write to the data, as a service decides it and a store applies it (SPEC D1, C7).
///
/// Services validate and authorise, then hand a ``ChangeSet`` of these to ``ChangeCommitting``;
/// the store applies the whole set in one transaction, so a failed write leaves nothing behind.
/// Records that live in tables of their own (grants, reactions, views, stars) change through
/// their own cases; saving an annotation or a layer writes only its own fields.
public enum Change: Hashable, Sendable {
    /// Inserts or replaces an annotation's own fields (not its grants, reactions, views or comments).
    case saveAnnotation(Annotation)
    /// Inserts or replaces a layer's own fields (not its grants).
    case saveLayer(Layer)
    /// Inserts or replaces a comment.
    case saveComment(Comment)
    /// Inserts or replaces a user's profile, preferences and plan.
    case saveUser(User)
    /// Inserts or replaces a world map and its anchors.
    case saveWorldMap(WorldMap)
    /// Removes a world map and its anchors (the assets it names stay with their owners).
    case deleteWorldMap(WorldMapID)
    /// Inserts or replaces an owned record (``OwnedRecord``) in its kind's table.
    case saveOwned(AnyOwnedRecord)
    /// Removes an owned record of `ownerID` for good; their devices hear of it through the feed.
    case deleteOwned(RecordType, id: UUID, ownerID: UserID)
    /// Grants `permission` on `target`, replacing any grant the same user had there.
    case grant(Permission, on: GrantTarget)
    /// Removes the grant `userID` has on `target`, if any.
    case revoke(userID: UserID, on: GrantTarget)
    /// Adds a reaction; nothing happens when the user already reacted with that emoji.
    case addReaction(Reaction, annotationID: AnnotationID)
    /// Removes a user's reaction with `emoji`, if any.
    case removeReaction(annotationID: AnnotationID, userID: UserID, emoji: String)
    /// Counts one view by `userID` and marks the annotation read for them.
    case recordView(annotationID: AnnotationID, userID: UserID, at: Date)
    /// Marks the annotation read for `userID` without counting a view.
    case markRead(annotationID: AnnotationID, userID: UserID, at: Date)
    /// Stars or unstars an annotation for `userID`.
    case setStarred(annotationID: AnnotationID, userID: UserID, starred: Bool, at: Date)
    /// Delivers a notification.
    case addNotification(AppNotification)
    /// Marks one of `recipientID`'s notifications read.
    case markNotificationRead(id: UUID, recipientID: UserID)
    /// Records an entry of the activity feed.
    case addActivity(Activity)
    /// Removes an annotation and everything attached to it for good (retention, account deletion).
    case purgeAnnotation(AnnotationID)
    /// Removes a layer and its grants for good.
    case purgeLayer(LayerID)
    /// Removes a comment for good.
    case purgeComment(CommentID)
    /// Remembers, on the server, that a push mutation of `userID` was applied by this commit, so
    /// that a replay answers the first result (docs/sync-protocol.md).
    case recordSyncMutation(userID: UserID, mutationID: String)
    /// Records, on the server, whether the feed now shows `userID`'s plan as one that shares,
    /// and sends the user's record and `republish` (what the user shared) down again, so that
    /// devices learn that a plan lapsed or was renewed like any other access change.
    case publishPlanSharing(userID: UserID, sharing: Bool, republish: [GrantTarget])
}

/// What a grant applies to.
public enum GrantTarget: Hashable, Sendable {
    /// One annotation.
    case annotation(AnnotationID)
    /// A layer, its annotations and its child layers.
    case layer(LayerID)
}

/// A condition checked inside the write transaction, before any change of the set is applied.
///
/// Counting inside the transaction is what makes tier limits hold when two writes race.
public enum Precondition: Hashable, Sendable {
    /// The owner has fewer than `limit` annotations that are not deleted.
    case annotationCountBelow(owner: UserID, limit: Int, tier: SubscriptionTier)
    /// The owner has fewer than `limit` layers that count against the plan: those not deleted,
    /// but for the default layer, which every user has (docs/seed-fixes.md).
    case layerCountBelow(owner: UserID, limit: Int, tier: SubscriptionTier)
    /// `owner` keeps fewer than `limit` records of the owned kind `type` (``OwnedRecord/limitPerOwner``);
    /// fails with ``ServiceError/invalidOperation(reason:)``.
    case ownedCountBelow(RecordType, owner: UserID, limit: Int)
    /// No annotation with this ID exists yet (a create with a client-chosen ID must not replace one).
    case annotationAbsent(AnnotationID)
    /// The annotation still has the `updatedAt` the service read (optimistic concurrency).
    case annotationUnchanged(AnnotationID, updatedAt: Date)
    /// The layer still has the `updatedAt` the service read (optimistic concurrency).
    case layerUnchanged(LayerID, updatedAt: Date)
    /// The record's server change tag is still `equals` (a pushed edit, docs/sync-protocol.md).
    case changeTag(RecordType, id: String, equals: String)
    /// No record of this type has this ID yet (a pushed create must not replace anything).
    case recordAbsent(RecordType, id: String)
    /// None of these annotations exists yet (a run of creates with client-chosen IDs).
    case annotationsAbsent([AnnotationID])
    /// Row `id` of `table` has `status` `from`, and the set moves it to `to`: a row moves once,
    /// however many writers try at the same time (a reminder is delivered once, by one of several
    /// servers). `table` is a name from code, never from input; the row's key is `id`.
    case transition(table: String, id: String, from: String, to: String)
}

/// Changes applied together or not at all.
public struct ChangeSet: Hashable, Sendable {
    /// Checked first, inside the transaction.
    public var preconditions: [Precondition]
    /// Applied in order.
    public var changes: [Change]

    /// A set with the given parts.
    public init(preconditions: [Precondition] = [], changes: [Change] = []) {
        self.preconditions = preconditions
        self.changes = changes
    }

    /// Appends a change.
    public mutating func append(_ change: Change) {
        changes.append(change)
    }

    /// Appends a precondition.
    public mutating func require(_ precondition: Precondition) {
        preconditions.append(precondition)
    }

    /// The annotations the preconditions require absent (``Precondition/annotationAbsent(_:)``,
    /// ``Precondition/annotationsAbsent(_:)``).
    public var annotationsRequiredAbsent: Set<AnnotationID> {
        var absent: Set<AnnotationID> = []
        for precondition in preconditions {
            switch precondition {
            case .annotationAbsent(let id): absent.insert(id)
            case .annotationsAbsent(let ids): absent.formUnion(ids)
            default: break
            }
        }
        return absent
    }

    /// True when there is nothing to write (a transition writes its row).
    public var isEmpty: Bool {
        changes.isEmpty
            && !preconditions.contains {
                if case .transition = $0 { return true }
                return false
            }
    }

    /// The layers whose annotations this set changes, for observers.
    public var affectedLayers: Set<LayerID> {
        var layers: Set<LayerID> = []
        for change in changes {
            switch change {
            case .saveAnnotation(let annotation): layers.insert(annotation.layerID)
            case .saveLayer(let layer): layers.insert(layer.id)
            case .grant(_, on: .layer(let id)), .revoke(_, on: .layer(let id)), .purgeLayer(let id):
                layers.insert(id)
            default: break
            }
        }
        return layers
    }

    /// The annotations this set changes in any way, for observers.
    public var affectedAnnotations: Set<AnnotationID> {
        var ids: Set<AnnotationID> = []
        for change in changes {
            switch change {
            case .saveAnnotation(let annotation): ids.insert(annotation.id)
            case .saveComment(let comment): ids.insert(comment.annotationID)
            case .grant(_, on: .annotation(let id)), .revoke(_, on: .annotation(let id)),
                .addReaction(_, let id), .removeReaction(let id, _, _), .recordView(let id, _, _),
                .purgeAnnotation(let id):
                ids.insert(id)
            default: break
            }
        }
        return ids
    }

    /// What observers hear after this set commits.
    public var commitEvent: CommitEvent {
        CommitEvent(layers: affectedLayers, annotations: affectedAnnotations)
    }
}
