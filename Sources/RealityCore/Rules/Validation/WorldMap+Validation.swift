import Foundation

extension WorldMap {
    /// Most anchors in one world map: 10,000, far more than a space holds annotations.
    public static let maxAnchors = 10_000

    /// Most characters in a place's name: 100.
    public static let maxLocationNameLength = 100

    /// Most characters in a place's description: 1,000.
    public static let maxLocationDescriptionLength = 1_000

    /// Most users a world map may be shared with: 100.
    public static let maxSharedWith = 100

    /// Checks the world map in declaration order, first failure wins: the map asset a SHA-256
    /// digest (`required` when empty); at most ``maxAnchors`` anchors, each valid
    /// (``WorldAnchor/validate(fieldPrefix:)``), no anchor ID twice; a location name and
    /// description, if set, non-blank and within ``maxLocationNameLength`` and
    /// ``maxLocationDescriptionLength``; the thumbnail asset a digest; an owner that is not the nil
    /// UUID; at most ``maxSharedWith`` users shared with, none twice and not the owner; dates in
    /// range, `updatedAt` and `lastUsedAt` not before `createdAt`.
    public func validate() throws(ValidationError) {
        try FieldCheck.assetID(worldMapAssetID, field: "worldMapAssetID", required: true)
        try FieldCheck.count(anchors.count, field: "anchors", limit: Self.maxAnchors)
        var anchorIDs = Set<AnchorID>()
        for (index, anchor) in anchors.enumerated() {
            let field = FieldCheck.path("anchors", index: index)
            try anchor.validate(fieldPrefix: field)
            guard anchorIDs.insert(anchor.id).inserted else {
                throw ValidationError(field: FieldCheck.path(field, "id"), reason: .duplicate)
            }
        }
        try FieldCheck.text(locationName, field: "locationName", limit: Self.maxLocationNameLength)
        try FieldCheck.text(locationDescription, field: "locationDescription", limit: Self.maxLocationDescriptionLength)
        try FieldCheck.assetID(thumbnailAssetID, field: "thumbnailAssetID")
        try FieldCheck.userID(ownerID, field: "ownerID")
        try FieldCheck.count(sharedWith.count, field: "sharedWith", limit: Self.maxSharedWith)
        var users = Set<UserID>()
        for (index, user) in sharedWith.enumerated() {
            let field = FieldCheck.path("sharedWith", index: index)
            guard user != ownerID else {
                throw ValidationError(field: field, reason: .notAllowed(detail: "a map is not shared with its owner"))
            }
            guard users.insert(user).inserted else { throw ValidationError(field: field, reason: .duplicate) }
        }
        try FieldCheck.timestamps(created: createdAt, later: updatedAt, prefix: "", laterName: "updatedAt")
        try FieldCheck.date(lastUsedAt, field: "lastUsedAt")
        try FieldCheck.notBefore(lastUsedAt, createdAt, field: "lastUsedAt", earlierName: "createdAt")
    }
}
