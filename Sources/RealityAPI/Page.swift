import Foundation

/// One page of a list: `{"items": [...], "nextCursor": "..." | null}`.
public struct Page<Item: Codable & Sendable>: Codable, Sendable {
    /// The items of this page.
    public var items: [Item]
    /// Pass as `cursor` to get the next page; nil on the last page.
    public var nextCursor: String?

    /// A page with the given parts.
    public init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey {
        case items
        case nextCursor
    }

    /// Encodes `nextCursor` even when nil, as the API promises.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension Page: Equatable where Item: Equatable {}
