import Foundation
import PostgresNIO
import RealityCore

// Reads that every push (and live create) makes before its commit, prepared once per connection:
// planning each as a one-off statement took PostgreSQL 4 to 12 times as long as running it
// (pg_stat_statements, `reality-bench live --postgres URL`, stop 50). The anchors' maps
// (`worldMapIDs(holding:)`) stay one-off: prepared, PostgreSQL planned them for each call anyway
// (its generic plan for `id = ANY($1)` costs more than one for the array it is given).

/// The mutations of one user among some IDs that the server applied or refused before.
///
/// Each ID is looked up by the primary key (a join with the array), not tested against the whole
/// array row by row: with statistics taken while the table was nearly empty, PostgreSQL planned
/// `mutationID = ANY($2)` as a filter over every mutation the user had recorded, 400 text
/// comparisons each: in the setup of `reality-bench firstsync --postgres URL` (one user, 125
/// pushes of 400) it averaged 7.5–269 ms per push across runs, against 1.9 ms now
/// (`pg_stat_statements`, stop 52; docs/performance.md).
struct RecordedMutationsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT m.mutationID, m.status, m.seq, m.error FROM unnest($2::text[]) AS k(id)
        JOIN sync_mutations m ON m.userID = $1 AND m.mutationID = k.id
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .textArray]
    typealias Row = (String, RecordedSyncMutation)

    var userID: UserID
    var mutationIDs: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(userID.rawValue)
        bindings.append(mutationIDs)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = ColumnReader(row)
        return (
            try cells.next(String.self),
            RecordedSyncMutation(
                saved: try cells.next(String.self) == "saved", sequence: try cells.next(Int64?.self),
                error: try cells.next(String?.self).map { Data($0.utf8) })
        )
    }
}

/// One of some annotation IDs that is taken, if any is.
struct TakenAnnotationIDStatement: PostgresPreparedStatement {
    static let sql = "SELECT id FROM annotations WHERE id = ANY($1) LIMIT 1"
    static let bindingDataTypes: [PostgresDataType] = [.uuidArray]
    typealias Row = UUID

    var ids: [UUID]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(ids)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(UUID.self) }
}
