import Foundation

/// Checks the asset hashes a record names against what the acting user may use (issue 17, OWASP
/// API1): a hash is a name, not a key, so naming another user's upload must not make it readable.
///
/// Every path that writes a record that names an asset (REST create and PATCH, sync push) goes
/// through the service that writes it, and that service asks this check first; IDs of layers,
/// comments and annotations are checked by the services' own access rules (``AccessControl``).
///
/// The rule: every asset a record names that it did not name before must be one the acting user
/// uploaded. An asset the record already named stays (an editor who changes the title of an
/// annotation keeps its owner's photo). A refused hash is a ``ValidationError`` naming the field,
/// thrown before anything is written.
struct ReferenceCheck<Store: DataStore>: Sendable {
    let store: Store
    let context: ServiceContext

    /// The assets of `annotation` (content and attachments) that `previous` did not name.
    func assets(of annotation: Annotation, replacing previous: Annotation?) async throws {
        let kept = previous.map(Self.assetIDs(of:)) ?? []
        if let hash = annotation.content.cloudAssetID, !kept.contains(hash) {
            try await requireUploaded(hash, field: "content.cloudAssetID")
            try await requireKind(of: hash, for: annotation.type)
        }
        for (index, attachment) in annotation.attachments.enumerated() {
            guard let hash = attachment.cloudAssetID, !kept.contains(hash) else { continue }
            try await requireUploaded(
                hash, field: FieldCheck.path(FieldCheck.path("attachments", index: index), "cloudAssetID"))
        }
    }

    /// `annotation` with each attachment's size, type and upload date as the server recorded its
    /// bytes, not as the client claimed them (issue 19); unchanged where no assets are kept.
    func withServerFacts(_ annotation: Annotation) async throws -> Annotation {
        guard let assets = context.assets else { return annotation }
        var settled = annotation
        for index in settled.attachments.indices {
            guard let hash = settled.attachments[index].cloudAssetID,
                let asset = try await assets.asset(sha256: hash)
            else { continue }
            settled.attachments[index].fileSize = asset.byteCount
            settled.attachments[index].fileType = asset.contentType
            settled.attachments[index].uploadedAt = asset.uploadedAt
        }
        return settled
    }

    /// The assets of `map` (the map's bytes and its thumbnail) that `previous` did not name.
    /// An annotation newly placed at an anchor of a world map makes that map visible to whoever
    /// may see the annotation, so its author must be able to see the map (field `anchorID`): an
    /// anchor ID someone once saw grants nothing.
    func anchor(of annotation: Annotation, replacing previous: Annotation?) async throws {
        guard annotation.anchorID != previous?.anchorID else { return }
        try await anchors(of: [annotation])
    }

    /// ``anchor(of:replacing:)`` for new annotations, with one lookup of their anchors' maps and
    /// one visibility check per map (a device's offline creates arrive by the hundred).
    func anchors(of annotations: [Annotation]) async throws {
        guard !annotations.isEmpty else { return }
        let maps = try await store.worldMapIDs(holding: Set(annotations.map(\.anchorID)))
        for mapID in Set(maps.values) {
            guard try await store.worldMap(id: mapID, visibleTo: context.userID, at: context.now) == nil else {
                continue
            }
            throw ValidationError(
                field: "anchorID", reason: .notAllowed(detail: "not an anchor of a world map you may see"))
        }
    }

    func assets(of map: WorldMap, replacing previous: WorldMap?) async throws {
        let kept = Set([previous?.worldMapAssetID, previous?.thumbnailAssetID].compactMap { $0 })
        if !kept.contains(map.worldMapAssetID) {
            try await requireUploaded(map.worldMapAssetID, field: "worldMapAssetID")
        }
        if let thumbnail = map.thumbnailAssetID, !kept.contains(thumbnail) {
            try await requireUploaded(thumbnail, field: "thumbnailAssetID")
        }
    }

    /// Every user `map` is shared with must exist (field `sharedWith[i]`).
    func users(sharedWith map: WorldMap) async throws {
        for (index, user) in map.sharedWith.enumerated() {
            guard try await store.user(id: user) == nil else { continue }
            throw ValidationError(
                field: FieldCheck.path("sharedWith", index: index), reason: .notAllowed(detail: "no such user"))
        }
    }

    /// Every asset hash an annotation names.
    static func assetIDs(of annotation: Annotation) -> Set<String> {
        Set([annotation.content.cloudAssetID].compactMap { $0 } + annotation.attachments.compactMap(\.cloudAssetID))
    }

    /// Throws when the bytes of `sha256` are media of another kind than `type` holds (a photo
    /// that is audio); bytes of no known format pass, as the server cannot tell.
    private func requireKind(of sha256: String, for type: AnnotationType) async throws {
        guard let assets = context.assets, let expected = type.mediaKind,
            let asset = try await assets.asset(sha256: sha256),
            let format = MediaFormat(mimeType: asset.contentType), format.kind != expected
        else { return }
        throw ValidationError(
            field: "content.cloudAssetID",
            reason: .notAllowed(
                detail: "a \(type.rawValue) needs \(expected.rawValue) media, not \(format.kind.rawValue)"))
    }

    /// Throws unless the acting user uploaded `sha256`; nothing to check where no assets are kept.
    private func requireUploaded(_ sha256: String, field: String) async throws {
        guard let assets = context.assets else { return }
        try FieldCheck.assetID(sha256, field: field, required: true)
        guard try await assets.ownsAsset(sha256: sha256, owner: context.userID) else {
            throw ValidationError(field: field, reason: .notAllowed(detail: "not an asset you uploaded"))
        }
    }
}
