import Foundation
import RealityCore

/// `POST /api/v1/worldmaps`: a world map owned by the caller, whose assets the caller uploaded.
public struct CreateWorldMapRequest: Codable, Hashable, Sendable {
    /// A client-chosen ID; a new one when absent.
    public var id: WorldMapID?
    /// The asset (SHA-256) holding the serialised map.
    public var worldMapAssetID: String
    /// Anchors placed in the map.
    public var anchors: [WorldAnchor]?
    /// A name for the place.
    public var locationName: String?
    /// A longer description of the place.
    public var locationDescription: String?
    /// The asset (SHA-256) holding a preview image.
    public var thumbnailAssetID: String?
    /// Users who may read the map.
    public var sharedWith: [UserID]?

    /// A request with the given parts.
    public init(
        id: WorldMapID? = nil, worldMapAssetID: String, anchors: [WorldAnchor]? = nil, locationName: String? = nil,
        locationDescription: String? = nil, thumbnailAssetID: String? = nil, sharedWith: [UserID]? = nil
    ) {
        self.id = id
        self.worldMapAssetID = worldMapAssetID
        self.anchors = anchors
        self.locationName = locationName
        self.locationDescription = locationDescription
        self.thumbnailAssetID = thumbnailAssetID
        self.sharedWith = sharedWith
    }

    /// The world map this request describes, owned by `owner`, made at `date`.
    public func worldMap(owner: UserID, at date: Date) -> WorldMap {
        let shared = sharedWith ?? []
        return WorldMap(
            id: id ?? WorldMapID(), worldMapAssetID: worldMapAssetID, anchors: anchors ?? [],
            locationName: locationName, locationDescription: locationDescription, thumbnailAssetID: thumbnailAssetID,
            ownerID: owner, isShared: !shared.isEmpty, sharedWith: shared, createdAt: date)
    }
}

/// `PUT /api/v1/worldmaps/current`: the world map this session (this device) is relocalised in.
public struct CurrentWorldMapRequest: Codable, Hashable, Sendable {
    /// The map; one the caller owns or that is shared with them.
    public var worldMapID: WorldMapID

    /// A request naming `worldMapID`.
    public init(worldMapID: WorldMapID) {
        self.worldMapID = worldMapID
    }
}

/// The answer of `POST /api/v1/worldmaps/{id}/relocalize`.
public struct RelocalizeReport: Codable, Hashable, Sendable {
    /// How many of the caller's annotations took another anchor of the map.
    public var annotationsUpdated: Int

    /// A report of `annotationsUpdated`.
    public init(annotationsUpdated: Int) {
        self.annotationsUpdated = annotationsUpdated
    }
}
