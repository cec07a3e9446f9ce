import Foundation

extension DefaultPermissionService {
    /// `records` with the grants of each layer and annotation cut to what the user is shown
    /// (``GrantDisclosure``): all of them where the user may share, else the user's own; for
    /// records read in bulk, such as a page of the sync feed.
    public func disclosingGrants(in records: [SyncRecord]) async throws -> [SyncRecord] {
        let access = AccessControl(store: store, context: context)
        var result: [SyncRecord] = []
        result.reserveCapacity(records.count)
        for record in records {
            switch record {
            case .layer(let layer): result.append(.layer(try await access.disclosingGrants([layer])[0]))
            case .annotation(let annotation):
                result.append(.annotation(try await access.disclosingGrants([annotation])[0]))
            default: result.append(record)
            }
        }
        return result
    }
}
