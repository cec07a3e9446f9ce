import Foundation

extension RecordType {
    /// The Swift type of an owned kind (``OwnedRecord``), nil for the platform's own kinds: the one
    /// place that ties a ``RecordType`` case to its type. A new owned kind adds its case here.
    public var owned: (any OwnedRecord.Type)? {
        switch self {
        case .savedSearch: SavedSearch.self
        case .annotation, .layer, .comment, .user, .worldMap, .notification, .grant, .reaction, .view, .star: nil
        }
    }

    /// Every owned kind, in ``RecordType`` order.
    public static let ownedKinds: [any OwnedRecord.Type] = allCases.compactMap(\.owned)
}
