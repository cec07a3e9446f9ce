import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The instant feeds are read at in the change-log tests (grants without an expiry are active).
let syncNow = Samples.at(3600)

extension SyncLogReading {
    /// Every entry of `viewer`'s feed of `scope` after `cursor`, read `limit` at a time until
    /// `moreComing` is false, the cursor after them and how many pages it took.
    func drain(
        _ viewer: UserID, _ scope: SyncScope, after cursor: SyncCursor = .start, limit: Int = 1000
    ) async throws -> (entries: [SyncFeedEntry], cursor: SyncCursor, pages: Int) {
        var entries: [SyncFeedEntry] = []
        var cursor = cursor
        for pages in 1...500 {
            let page = try await syncFeed(for: viewer, scope: scope, after: cursor, limit: limit, now: syncNow)
            entries += page.entries
            cursor = page.cursor
            if !page.moreComing { return (entries, cursor, pages) }
        }
        Issue.record("the feed did not end within 500 pages")
        return (entries, cursor, 500)
    }

    /// What `viewer`'s feed of `scope` carries after `cursor`, as ``SyncFeedEntry/summary`` texts.
    func seen(_ viewer: UserID, _ scope: SyncScope, after cursor: SyncCursor = .start) async throws -> Set<String> {
        Set(try await drain(viewer, scope, after: cursor).entries.map(\.summary))
    }

    /// The cursor after everything `viewer`'s feed of `scope` holds now.
    func head(_ viewer: UserID, _ scope: SyncScope) async throws -> SyncCursor {
        try await drain(viewer, scope).cursor
    }
}

extension SyncFeedEntry {
    /// `type id` for a record, `type id deleted` for a deletion, for comparing feeds by what they
    /// carry. A record whose body names another ID than the entry is marked `mismatched`.
    var summary: String {
        guard let record else { return "\(recordType.rawValue) \(recordID) deleted" }
        let consistent = record.recordID == recordID && record.recordType == recordType && !changeTag.isEmpty
        return "\(recordType.rawValue) \(recordID)" + (consistent ? "" : " mismatched")
    }
}

/// The summary of a record as it comes down.
func live(_ type: RecordType, _ id: some CustomStringConvertible) -> String { "\(type.rawValue) \(id)" }

/// The summary of a deletion.
func gone(_ type: RecordType, _ id: some CustomStringConvertible) -> String { "\(type.rawValue) \(id) deleted" }
