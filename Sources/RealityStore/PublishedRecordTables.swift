import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// The published kinds (``RecordType/published``) in this store: each kind's own table, written by
/// its app's code, read and written here as the feed carries it (``PublishedRecord``). The one
/// place in this module that ties a published kind to its app's type.
enum PublishedRecordTables {
    /// The records of kind `type` that `condition` (over its table's columns) selects, each with
    /// its change tag; a row this version cannot read is left out.
    static func records(
        _ type: RecordType, where condition: String, arguments: StatementArguments, in db: Database
    ) throws -> [(PublishedRecord, String)] {
        switch type {
        case .challenge:
            let rows = try db.rows(
                sql: "SELECT \(ChallengeRows.selection), changeSeq FROM challenges WHERE \(condition)",
                arguments: arguments)
            let tag = ChallengeRows.table.selectionWidth
            return try rows.compactMap { row in
                try DeviceStore.challenge(row: row).map { (try $0.published(), String(row[tag] as Int64)) }
            }
        default:
            return []
        }
    }

    /// Keeps `record`, as it came down from the server, as the device's copy.
    static func save(_ record: PublishedRecord, in db: Database) throws {
        switch record.recordType {
        case .challenge: try DeviceStore.saveChallenges([try Challenge(published: record)], in: db)
        default: throw StoreError.unavailable(detail: "\(record.recordType.rawValue) is not a published kind")
        }
    }
}
