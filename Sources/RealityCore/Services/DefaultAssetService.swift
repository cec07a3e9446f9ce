import Foundation

/// ``AssetService`` over a store that also keeps assets (the server's): the tier's storage quota
/// on the way in, and on the way out the same access rules as the records that name the bytes.
///
/// The SHA-256 is computed by the caller (the server has swift-crypto; this module is Foundation
/// only) and checked here for its form, not recomputed.
public struct DefaultAssetService<Store: DataStore & AssetRepository>: AssetService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    /// The longest content type accepted, in UTF-8 bytes.
    public static var maxContentTypeLength: Int { 255 }

    public var serviceIdentifier: String { "assets" }

    public func storeAsset(sha256: String, contentType: String, byteCount: Int64) async throws {
        guard byteCount > 0 else { throw ValidationError(field: "body", reason: .required) }
        try FieldCheck.assetID(sha256, field: "sha256", required: true)
        guard !contentType.isEmpty else { throw ValidationError(field: "contentType", reason: .required) }
        guard contentType.utf8.count <= Self.maxContentTypeLength,
            contentType.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F })
        else { throw ValidationError(field: "contentType", reason: .invalidFormat(expected: "a MIME type")) }
        if try await store.ownsAsset(sha256: sha256, owner: context.userID) { return }
        let tier = try await access.currentPlan().tier(at: context.now)
        let limits = tier.limits
        // The store checks the quota inside the write, so racing uploads cannot overshoot it.
        do {
            try await store.putAsset(
                sha256: sha256, owner: context.userID, contentType: contentType, byteCount: byteCount,
                at: context.now, quotaBytes: limits.maxStorageBytes, job: Self.job(for: contentType))
        } catch let error as AssetQuotaExceeded {
            throw TierLimitError.storageQuotaExceeded(
                limitBytes: limits.maxStorageBytes, usedBytes: error.usedBytes, tier: tier)
        }
    }

    /// The job that makes the renditions of media of `contentType`, if it has any.
    static func job(for contentType: String) -> JobKind? {
        guard let kind = MediaFormat(mimeType: contentType)?.kind, kind.hasRenditionJob else { return nil }
        return .mediaRenditions
    }

    public func deleteAsset(sha256: String) async throws -> Bool {
        guard (try? FieldCheck.assetID(sha256, field: "id", required: true)) != nil else {
            throw PermissionError.notFound
        }
        switch try await store.releaseAsset(sha256: sha256, owner: context.userID) {
        case .notHeld:
            throw PermissionError.notFound
        case .inUse(let kind, let id):
            throw ServiceError.invalidOperation(reason: "The asset is still used by \(kind) \(id); delete that first.")
        case .released(let collectable):
            return collectable
        }
    }

    public func asset(sha256: String) async throws -> StoredAsset {
        guard (try? FieldCheck.assetID(sha256, field: "id", required: true)) != nil,
            try await mayRead(sha256),
            let asset = try await store.asset(sha256: sha256)
        else { throw PermissionError.notFound }
        return asset
    }

    /// The uploader may; so may whoever can see an annotation or a world map that names the asset
    /// and whose author uploaded it too (the store lists only those): a hash someone else put in a
    /// record of theirs grants nothing (issue 17, ``ReferenceCheck``).
    private func mayRead(_ sha256: String) async throws -> Bool {
        if try await store.ownsAsset(sha256: sha256, owner: context.userID) { return true }
        let references = try await store.assetReferences(sha256: sha256)
        for id in references.annotations {
            do {
                _ = try await access.visibleAnnotation(id)
                return true
            } catch ServiceError.notFound {
                continue
            }
        }
        let anchors = DefaultAnchorManager(store: store, context: context, currentWorldMapID: nil)
        for id in references.worldMaps {
            if try await anchors.worldMap(id: id) != nil { return true }
        }
        return false
    }
}
