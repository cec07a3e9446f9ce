import Foundation

/// One row of a feed as a store's queries find it, before the records are loaded; and the rules
/// that turn the rows of several queries into one page. Shared by both stores.
public struct SyncFeedRow: Hashable, Sendable {
    /// The commit that put the row in the feed.
    public var sequence: Int64
    /// The record type's position (``SyncFeedOrder``).
    public var typeOrder: Int
    /// The record's ID.
    public var recordID: String
    /// True when the record is in the scope now; false for a deletion.
    public var inScope: Bool

    /// A row with the given parts.
    public init(sequence: Int64, typeOrder: Int, recordID: String, inScope: Bool) {
        self.sequence = sequence
        self.typeOrder = typeOrder
        self.recordID = recordID
        self.inScope = inScope
    }

    /// The record type.
    public var recordType: RecordType? { SyncFeedOrder.type(at: typeOrder) }

    private var cursor: SyncCursor { SyncCursor(sequence: sequence, typeOrder: typeOrder, recordID: recordID) }

    /// For a query over one type, the `(changeSeq, id)` its rows must be after, so that it returns
    /// exactly the rows after `cursor` in the feed's (sequence, type, id) order.
    public static func bound(for typeOrder: Int, after cursor: SyncCursor) -> (sequence: Int64, recordID: String) {
        if typeOrder > cursor.typeOrder { return (cursor.sequence, "") }
        if typeOrder == cursor.typeOrder { return (cursor.sequence, cursor.recordID) }
        return (cursor.sequence, "\u{10FFFF}")
    }

    /// The first `limit` rows of `rows` in feed order, each record once (its latest row), the
    /// cursor after them, and whether more follow. A page that reaches the end moves the cursor to
    /// `head`, the last commit the reads saw.
    public static func page(of rows: [SyncFeedRow], limit: Int, head: Int64) -> (
        rows: [SyncFeedRow], cursor: SyncCursor, moreComing: Bool
    ) {
        let sorted = rows.sorted { $0.cursor < $1.cursor }
        let moreComing = sorted.count > limit
        let taken = sorted.prefix(limit)
        var latest: [String: Int] = [:]
        for (index, row) in taken.enumerated() {
            latest["\(row.typeOrder):\(row.recordID)"] = index
        }
        let unique = taken.enumerated().filter { latest["\($0.element.typeOrder):\($0.element.recordID)"] == $0.offset }
            .map(\.element)
        let cursor = moreComing ? (taken.last?.cursor ?? .after(head)) : .after(head)
        return (unique, cursor, moreComing)
    }

    /// The feed entry of this row, given the loaded records and their tags.
    public func entry(_ records: [String: (SyncRecord, String)]) -> SyncFeedEntry {
        let type = recordType ?? .annotation
        if inScope, let (record, tag) = records["\(typeOrder):\(recordID)"] {
            return SyncFeedEntry(recordType: type, recordID: recordID, record: record, changeTag: tag)
        }
        return SyncFeedEntry(recordType: type, recordID: recordID, record: nil, changeTag: "")
    }

    /// True when `records`, loaded after the statement that found `rows` and saw the clock at
    /// `head`, are the records as that statement's snapshot had them: every row in scope has its
    /// record, and none has a change tag past `head`. Every change to a synced record gives it
    /// the number of the commit that made it, and commits after that snapshot take numbers
    /// past `head`; a record that changed or went since is caught here, and the page must be
    /// read again in one snapshot.
    public static func loaded(
        _ records: [String: (SyncRecord, String)], agreeWith rows: [SyncFeedRow], head: Int64
    ) -> Bool {
        rows.allSatisfy { row in
            guard row.inScope else { return true }
            guard let (_, tag) = records["\(row.typeOrder):\(row.recordID)"], let number = Int64(tag) else {
                return false
            }
            return number <= head
        }
    }

    /// The key ``entry(_:)`` looks records up by.
    public static func key(_ type: RecordType, _ id: String) -> String {
        "\(SyncFeedOrder.position(of: type) ?? 0):\(id)"
    }
}
