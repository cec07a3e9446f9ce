import Foundation
import PostgresNIO
import RealityCore

// Reads that every push (and live create) makes before its commit, prepared once per connection:
// planning each as a one-off statement took PostgreSQL 4 to 12 times as long as running it
// (pg_stat_statements, `reality-bench live --postgres URL`, stop 50). The anchors' maps
// (`worldMapIDs(holding:)`) stay one-off: prepared, PostgreSQL planned them for each call anyway
// (its generic plan for `id = ANY($1)` costs more than one for the array it is given).

/// The mutations of one user among some IDs that the server applied or refused before.
struct RecordedMutationsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT mutationID, status, seq, error FROM sync_mutations WHERE userID = $1 AND mutationID = ANY($2)
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
