import Foundation

extension DefaultPermissionService {
    /// `records` as the user is shown them (``GrantDisclosure``): the grants of each layer and
    /// annotation cut to what the user may see, and `myPermission` set; for records read in bulk,
    /// such as a page of the sync feed, so layers and annotations are each disclosed in one pass
    /// (each chain and plan read once). The order stays.
    public func disclosingGrants(in records: [SyncRecord]) async throws -> [SyncRecord] {
        let access = AccessControl(store: store, context: context)
        var layers = try await access.disclosingGrants(
            records.compactMap { if case .layer(let layer) = $0 { layer } else { nil } }
        ).makeIterator()
        var annotations = try await access.disclosingGrants(
            records.compactMap { if case .annotation(let annotation) = $0 { annotation } else { nil } }
        ).makeIterator()
        return records.map { record in
            switch record {
            case .layer: layers.next().map(SyncRecord.layer) ?? record
            case .annotation: annotations.next().map(SyncRecord.annotation) ?? record
            default: record
            }
        }
    }
}
