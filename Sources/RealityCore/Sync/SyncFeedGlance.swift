import Foundation

/// What the live-events hub needs of one scope of a user's feed after a cursor: whether it has
/// entries, how far the read saw, and the notifications among the entries. The other records are
/// not read: the device pulls them when it hears of the change.
public struct SyncFeedGlance: Hashable, Sendable {
    /// True when the scope has entries after the cursor.
    public var changed: Bool
    /// The newest commit the read saw: the cursor is `.after(head)` once the hub has looked.
    public var head: Int64
    /// The notifications among the entries, as they are now.
    public var notifications: [AppNotification]

    /// A glance with the given parts.
    public init(changed: Bool, head: Int64, notifications: [AppNotification]) {
        self.changed = changed
        self.head = head
        self.notifications = notifications
    }

    /// The rows of one scope's feed read through `head` that a glance counts, and among them
    /// the notices whose notifications it carries (for the store to load): the first `limit`
    /// rows, without those of a commit after `head` (found by a later statement than the
    /// clock's), which wait for the next glance.
    public static func counted(_ rows: [SyncFeedRow], limit: Int, head: Int64) -> (
        rows: [SyncFeedRow], notices: [SyncFeedRow]
    ) {
        let page = SyncFeedRow.page(of: rows.filter { $0.sequence <= head }, limit: limit, head: head)
        return (page.rows, page.rows.filter { $0.inScope && $0.recordType == .notification })
    }

    /// The glance at `counted` rows through `head`, given the records the store loaded for its
    /// notices (keyed as ``SyncFeedRow/entry(_:)`` looks them up).
    public init(
        counted: (rows: [SyncFeedRow], notices: [SyncFeedRow]), head: Int64, records: [String: (SyncRecord, String)]
    ) {
        self.init(
            changed: !counted.rows.isEmpty, head: head,
            notifications: counted.notices.compactMap {
                guard case .notification(let notification)? = $0.entry(records).record else { return nil }
                return notification
            })
    }
}
