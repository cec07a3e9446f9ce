import Foundation

extension RecordType {
    /// The Swift type of an owned kind (``OwnedRecord``), nil for the platform's own kinds: the one
    /// place that ties a ``RecordType`` case to its type. A new owned kind adds its case here.
    public var owned: (any OwnedRecord.Type)? {
        switch self {
        case .savedSearch: SavedSearch.self
        case .annotation, .layer, .comment, .user, .worldMap, .notification, .grant, .reaction, .view, .star,
            .challenge:
            nil
        }
    }

    /// Every owned kind, in ``RecordType`` order.
    public static let ownedKinds: [any OwnedRecord.Type] = allCases.compactMap(\.owned)
}

/// One value per owned kind (``RecordType/ownedKinds``), made once from each kind's type: what a
/// store builds from a kind's declaration (its statements, its row reader), looked up by kind.
public struct OwnedKindMap<Value: Sendable>: Sendable {
    private let values: [RecordType: Value]

    /// The values `make` builds, one per owned kind.
    public init(_ make: (any OwnedRecord.Type) -> Value) {
        values = Dictionary(uniqueKeysWithValues: RecordType.ownedKinds.map { ($0.recordType, make($0)) })
    }

    /// The value of `type`; nil when it is not an owned kind.
    public subscript(_ type: RecordType) -> Value? { values[type] }

    /// The value of `type`; a store error when it is not an owned kind (a caller's bug).
    public func value(of type: RecordType) throws -> Value {
        guard let value = values[type] else {
            throw StoreError.unavailable(detail: "\(type.rawValue) is not an owned record kind")
        }
        return value
    }
}

extension OwnedRecord {
    /// The fields every owned kind has around its own, declared once: `id` first, the server-kept
    /// `ownerID`, then `own`, then `createdAt` and `updatedAt` (the record is saved whole).
    public static func ownedFields(_ own: [RecordField<Self>]) -> [RecordField<Self>] {
        [
            .identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]),
            .serverKept(
                "ownerID", \.ownerID, schema: .uuid,
                columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]),
        ] + own + [
            .whole(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]),
            .whole(
                "updatedAt", \.updatedAt, schema: .date,
                columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]),
        ]
    }
}
