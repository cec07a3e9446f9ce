import Foundation

/// A saved AR world map of a place, with the anchors placed in it (seed 001 §2.1 `ARWorldMapData`,
/// SPEC M5, S8).
///
/// The seed kept the serialised map (5–50 MB) inline as `worldMapData`; here the bytes are a
/// content-addressed asset and the record holds its SHA-256 in `worldMapAssetID`, so that lists of
/// maps stay small and the same bytes are stored once. The thumbnail is an asset the same way.
public struct WorldMap: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity across devices.
    public var id: WorldMapID
    /// The asset (SHA-256, lowercase hex) holding the serialised `ARWorldMap`.
    public var worldMapAssetID: String
    /// Anchors placed in the map.
    public var anchors: [WorldAnchor]
    /// A name the user gave the place.
    public var locationName: String?
    /// A longer description of the place.
    public var locationDescription: String?
    /// The asset (SHA-256) holding a preview image of the space.
    public var thumbnailAssetID: String?
    /// The user who saved it.
    public var ownerID: UserID
    /// Whether others may use it.
    public var isShared: Bool
    /// Users it is shared with.
    public var sharedWith: [UserID]
    /// When it was saved.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// When a device last relocalised against it.
    public var lastUsedAt: Date

    /// A new world map.
    public init(
        id: WorldMapID = WorldMapID(),
        worldMapAssetID: String,
        anchors: [WorldAnchor] = [],
        locationName: String? = nil,
        locationDescription: String? = nil,
        thumbnailAssetID: String? = nil,
        ownerID: UserID,
        isShared: Bool = false,
        sharedWith: [UserID] = [],
        createdAt: Date = Timestamp.now(),
        updatedAt: Date? = nil,
        lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.worldMapAssetID = worldMapAssetID
        self.anchors = anchors
        self.locationName = locationName
        self.locationDescription = locationDescription
        self.thumbnailAssetID = thumbnailAssetID
        self.ownerID = ownerID
        self.isShared = isShared
        self.sharedWith = sharedWith
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.lastUsedAt = lastUsedAt ?? createdAt
    }
}

/// A fixed point in a world map that annotations are placed relative to (seed `ARAnchorData`).
public struct WorldAnchor: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the anchor.
    public var id: AnchorID
    /// Its placement in the map's coordinates.
    public var transform: Transform
    /// The annotation placed at it, if any.
    public var annotationID: AnnotationID?

    /// An anchor at `transform`.
    public init(id: AnchorID = AnchorID(), transform: Transform, annotationID: AnnotationID? = nil) {
        self.id = id
        self.transform = transform
        self.annotationID = annotationID
    }

    /// Where the anchor is.
    public var position: SIMD3<Float> { transform.translation }
}
