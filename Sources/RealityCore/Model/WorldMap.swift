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

extension WorldMap: DeclaredRecord {
    /// Every field of a world map, once (docs/architecture.md, "Record types"). A world map is
    /// saved and synced whole, by its owner; its anchors live in `anchors` and have no column here.
    public static let declaration = RecordDeclaration<WorldMap>(
        table: "world_maps", schemaName: "WorldMap",
        blank: WorldMap(id: .blank, worldMapAssetID: "", ownerID: .blank, createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each.
    private static func declaredFields() -> [RecordField<WorldMap>] {
        var fields: [RecordField<WorldMap>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .whole(
                "worldMapAssetID", \.worldMapAssetID, schema: .assetID,
                columns: [.requiredText("worldMapAssetID", { $0.worldMapAssetID }, { $0.worldMapAssetID = $1 })]))
        fields.append(.whole("anchors", \.anchors, schema: .array(.component("WorldAnchor"))))
        fields.append(
            .whole(
                "locationName", \.locationName, schema: .string,
                columns: [.text("locationName", { $0.locationName }, { $0.locationName = $1 })]))
        fields.append(
            .whole(
                "locationDescription", \.locationDescription, schema: .string,
                columns: [.text("locationDescription", { $0.locationDescription }, { $0.locationDescription = $1 })]))
        fields.append(
            .whole(
                "thumbnailAssetID", \.thumbnailAssetID, schema: .assetID,
                columns: [.text("thumbnailAssetID", { $0.thumbnailAssetID }, { $0.thumbnailAssetID = $1 })]))
        // A save must name its owner, who alone may save it (DefaultAnchorManager.saveWorldMap).
        fields.append(
            .serverKept(
                "ownerID", \.ownerID, schema: .uuid,
                columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]))
        fields.append(
            .whole(
                "isShared", \.isShared, schema: .boolean,
                columns: [.boolean("isShared", { $0.isShared }, { $0.isShared = $1 })]))
        fields.append(
            .whole(
                "sharedWith", \.sharedWith, schema: .array(.uuid),
                columns: [.json("sharedWith", { $0.sharedWith }, { $0.sharedWith = $1 ?? [] })]))
        fields.append(
            .whole(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .whole(
                "updatedAt", \.updatedAt, schema: .date,
                columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(
            .whole(
                "lastUsedAt", \.lastUsedAt, schema: .date,
                columns: [.date("lastUsedAt", { $0.lastUsedAt }, { $0.lastUsedAt = $1 })]))
        return fields
    }
}
