import Foundation

/// What the server's change log records for a commit (docs/sync-protocol.md): which records get
/// the commit's number as their change tag, and after which changes records may have come into or
/// gone out of someone's view. Both stores write what this decides, so the rule exists once.
public enum SyncJournal {
    /// A record whose change tag a commit sets.
    public enum Touch: Hashable, Sendable {
        case annotation(AnnotationID)
        case layer(LayerID)
        case comment(CommentID)
        case user(UserID)
        case star(userID: UserID, annotationID: AnnotationID)
        case notification(UUID)
        case worldMap(WorldMapID)
        /// The world map holding the anchor, if any: an annotation newly placed at it may bring
        /// the map into someone's view (anchors are shared with whoever may see the annotations).
        case mapOfAnchor(AnchorID)
        /// A record of an owned kind (``OwnedRecord``).
        case owned(RecordType, UUID)
    }

    /// A point in the data below which records may have changed scope for some users.
    public struct AccessChange: Hashable, Sendable {
        /// `layer` (the layer and everything under it), `annotation`, `star`, `worldMap` or an
        /// owned kind (a deleted record: its owner had it).
        public var recordType: RecordType
        /// The record's ID.
        public var recordID: String
        /// The layer the record was under before the change: whoever may see it may have had it.
        public var contextLayerID: LayerID?
        /// The one user the change is about (a grantee, a star's owner, a world map's owner or a
        /// user it was shared with).
        public var userID: UserID?
        /// True when the record was public before the change: anyone may have had it.
        public var wasPublic: Bool

        /// An access change with the given parts.
        public init(
            recordType: RecordType, recordID: String, contextLayerID: LayerID? = nil, userID: UserID? = nil,
            wasPublic: Bool = false
        ) {
            self.recordType = recordType
            self.recordID = recordID
            self.contextLayerID = contextLayerID
            self.userID = userID
            self.wasPublic = wasPublic
        }
    }

    /// What a layer was before a commit, as far as access goes.
    public struct PriorLayer: Hashable, Sendable {
        /// Its parent.
        public var parentLayerID: LayerID?
        /// Whether it was public.
        public var isPublic: Bool
        /// Whether it was deleted.
        public var isDeleted: Bool

        /// A prior state with the given parts.
        public init(parentLayerID: LayerID?, isPublic: Bool, isDeleted: Bool) {
            self.parentLayerID = parentLayerID
            self.isPublic = isPublic
            self.isDeleted = isDeleted
        }
    }

    /// What a world map was before a commit, as far as access goes: who could see it.
    public struct PriorWorldMap: Hashable, Sendable {
        /// Its owner.
        public var ownerID: UserID
        /// The users it was shared with (none when it was not shared).
        public var sharedWith: Set<UserID>
        /// Per anchor, the layers of the annotations placed at it: whoever may see one of those
        /// may have the map.
        public var anchorLayers: [AnchorID: Set<LayerID>]
        /// Per anchor, the owners of the annotations placed at it, who may have the map through
        /// their own annotations wherever those are.
        public var anchorOwners: [AnchorID: Set<UserID>]

        /// A prior state with the given parts.
        public init(
            ownerID: UserID, sharedWith: Set<UserID> = [], anchorLayers: [AnchorID: Set<LayerID>] = [:],
            anchorOwners: [AnchorID: Set<UserID>] = [:]
        ) {
            self.ownerID = ownerID
            self.sharedWith = sharedWith
            self.anchorLayers = anchorLayers
            self.anchorOwners = anchorOwners
        }

        /// The layers and owners of the annotations placed at the anchors `dropping` selects.
        func reached(dropping: (AnchorID) -> Bool) -> (layers: Set<LayerID>, owners: Set<UserID>) {
            (
                anchorLayers.filter { dropping($0.key) }.values.reduce(into: []) { $0.formUnion($1) },
                anchorOwners.filter { dropping($0.key) }.values.reduce(into: []) { $0.formUnion($1) }
            )
        }
    }

    /// The state a store reads, inside the commit's transaction and before applying it, so that
    /// ``accessChanges(for:prior:)`` can tell what moved.
    public struct Prior: Hashable, Sendable {
        /// The layer each saved annotation was in (absent for new annotations).
        public var annotationLayers: [AnnotationID: LayerID]
        /// The anchor each saved annotation was placed at (absent for new annotations).
        public var annotationAnchors: [AnnotationID: AnchorID]
        /// Each saved layer as it was (absent for new layers).
        public var layers: [LayerID: PriorLayer]
        /// Each saved or deleted world map as it was (absent for new maps).
        public var worldMaps: [WorldMapID: PriorWorldMap]
        /// The saved comments that existed before the commit (the others are new).
        public var existingComments: Set<CommentID>

        /// Prior state with the given parts.
        public init(
            annotationLayers: [AnnotationID: LayerID] = [:], annotationAnchors: [AnnotationID: AnchorID] = [:],
            layers: [LayerID: PriorLayer] = [:], worldMaps: [WorldMapID: PriorWorldMap] = [:],
            existingComments: Set<CommentID> = []
        ) {
            self.annotationLayers = annotationLayers
            self.annotationAnchors = annotationAnchors
            self.layers = layers
            self.worldMaps = worldMaps
            self.existingComments = existingComments
        }
    }

    /// The records whose prior state ``Prior`` must hold for `changes`. An annotation the
    /// commit's preconditions require absent has none (the store checks them first), so it is
    /// not read.
    public static func priorNeeded(for changes: ChangeSet) -> (
        annotations: [AnnotationID], layers: [LayerID], worldMaps: [WorldMapID], comments: [CommentID]
    ) {
        let absent = changes.annotationsRequiredAbsent
        var annotations: [AnnotationID] = []
        var layers: [LayerID] = []
        var worldMaps: [WorldMapID] = []
        var comments: [CommentID] = []
        for change in changes.changes {
            switch change {
            case .saveAnnotation(let annotation) where !absent.contains(annotation.id):
                annotations.append(annotation.id)
            case .saveLayer(let layer): layers.append(layer.id)
            case .deleteWorldMap(let id): worldMaps.append(id)
            case .saveWorldMap(let map): worldMaps.append(map.id)
            case .saveComment(let comment): comments.append(comment.id)
            default: break
            }
        }
        return (annotations, layers, worldMaps, comments)
    }

    /// The records whose change tag a commit of `changes` sets, given the state before it: an
    /// annotation newly placed at an anchor also touches the anchor's world map.
    public static func touches(for changes: ChangeSet, prior: Prior) -> Set<Touch> {
        var touches: Set<Touch> = []
        for change in changes.changes {
            switch change {
            case .saveAnnotation(let annotation):
                touches.insert(.annotation(annotation.id))
                if prior.annotationAnchors[annotation.id] != annotation.anchorID {
                    touches.insert(.mapOfAnchor(annotation.anchorID))
                }
            case .saveLayer(let layer): touches.insert(.layer(layer.id))
            case .saveComment(let comment):
                touches.insert(.comment(comment.id))
            case .saveUser(let user): touches.insert(.user(user.id))
            case .saveWorldMap(let map): touches.insert(.worldMap(map.id))
            case .saveOwned(let record): touches.insert(.owned(record.recordType, record.id))
            case .grant(_, on: .annotation(let id)), .revoke(_, on: .annotation(let id)):
                touches.insert(.annotation(id))
            case .grant(_, on: .layer(let id)), .revoke(_, on: .layer(let id)):
                touches.insert(.layer(id))
            case .addReaction(_, let id), .removeReaction(let id, _, _), .recordView(let id, _, _),
                .markRead(let id, _, _):
                touches.insert(.annotation(id))
            case .setStarred(let annotationID, let userID, true, _):
                touches.insert(.star(userID: userID, annotationID: annotationID))
            case .addNotification(let notification): touches.insert(.notification(notification.id))
            case .markNotificationRead(let id, _): touches.insert(.notification(id))
            case .publishPlanSharing(let userID, _, let republish):
                touches.insert(.user(userID))
                for target in republish {
                    switch target {
                    case .annotation(let id): touches.insert(.annotation(id))
                    case .layer(let id): touches.insert(.layer(id))
                    }
                }
            case .setStarred(_, _, false, _), .deleteWorldMap, .deleteOwned, .addActivity, .purgeAnnotation,
                .purgeLayer,
                .purgeComment, .recordSyncMutation:
                break
            }
        }
        return touches
    }

    /// The access changes a commit of `changes` makes, given the state before it.
    public static func accessChanges(for changes: ChangeSet, prior: Prior) -> [AccessChange] {
        var result: [AccessChange] = []
        for change in changes.changes {
            switch change {
            case .saveAnnotation(let annotation):
                if let before = prior.annotationLayers[annotation.id], before != annotation.layerID {
                    result.append(
                        AccessChange(
                            recordType: .annotation, recordID: annotation.id.uuidString, contextLayerID: before))
                }
            case .saveLayer(let layer):
                if let before = prior.layers[layer.id],
                    before.parentLayerID != layer.parentLayerID || before.isPublic != layer.isPublic
                        || before.isDeleted != layer.isDeleted
                {
                    result.append(
                        AccessChange(
                            recordType: .layer, recordID: layer.id.uuidString, contextLayerID: before.parentLayerID,
                            wasPublic: before.isPublic))
                }
            case .grant(let permission, on: let target):
                result.append(accessChange(of: target, for: permission.userID))
            case .revoke(let userID, on: let target):
                result.append(accessChange(of: target, for: userID))
            case .setStarred(let annotationID, let userID, false, _):
                result.append(AccessChange(recordType: .star, recordID: annotationID.uuidString, userID: userID))
            case .deleteOwned(let type, let id, let ownerID):
                result.append(AccessChange(recordType: type, recordID: id.lowercasedString, userID: ownerID))
            case .deleteWorldMap(let id):
                if let before = prior.worldMaps[id] {
                    let reached = before.reached { _ in true }
                    result += worldMapAccess(
                        id, users: before.sharedWith.union([before.ownerID]).union(reached.owners),
                        layers: reached.layers)
                }
            case .saveWorldMap(let map):
                if let before = prior.worldMaps[map.id] {
                    let sharedNow = map.isShared ? Set(map.sharedWith) : []
                    let kept = Set(map.anchors.map(\.id))
                    let reached = before.reached { !kept.contains($0) }
                    result += worldMapAccess(
                        map.id,
                        users: before.sharedWith.subtracting(sharedNow).union(reached.owners).subtracting([map.ownerID]
                        ),
                        layers: reached.layers)
                }
            default:
                break
            }
        }
        return result
    }

    /// A world map may have left the view of `users` and of whoever may see `layers` (through the
    /// annotations placed at its anchors), in a fixed order.
    private static func worldMapAccess(_ id: WorldMapID, users: Set<UserID>, layers: Set<LayerID>) -> [AccessChange] {
        users.sorted { $0.uuidString < $1.uuidString }.map {
            AccessChange(recordType: .worldMap, recordID: id.uuidString, userID: $0)
        }
            + layers.sorted { $0.uuidString < $1.uuidString }.map {
                AccessChange(recordType: .worldMap, recordID: id.uuidString, contextLayerID: $0)
            }
    }

    private static func accessChange(of target: GrantTarget, for userID: UserID) -> AccessChange {
        switch target {
        case .annotation(let id): AccessChange(recordType: .annotation, recordID: id.uuidString, userID: userID)
        case .layer(let id): AccessChange(recordType: .layer, recordID: id.uuidString, userID: userID)
        }
    }
}
