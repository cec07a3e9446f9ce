import Foundation
import Testing

@testable import RealityPostgres

/// Statements made of others (``PostgresStatementText``): the placeholders move, nothing else.
@Suite struct PostgresStatementTextTests {
    @Test func shifting_movesThePlaceholdersFromTheFirstOn_andNothingElse() {
        #expect(
            PostgresStatementText.shifting("SELECT $1, $2, $10::int8 FROM t WHERE a = $3 AND b = '$'", from: 2, by: 5)
                == "SELECT $1, $7, $15::int8 FROM t WHERE a = $8 AND b = '$'")
        #expect(PostgresStatementText.shifting("$9$1", from: 1, by: 1) == "$10$2")
        #expect(PostgresStatementText.shifting("", from: 1, by: 3) == "")
    }

    @Test func theSharedLook_bindsEachOfItsPlaceholders_andNoMore() {
        #expect(Self.placeholders(in: SharedLookStatement.sql) == Set(1...SharedLookStatement.bindingDataTypes.count))
        #expect(Self.placeholders(in: SyncFeedStatement.sql) == Set(1...SyncFeedStatement.bindingDataTypes.count))
        #expect(Self.placeholders(in: PullStartStatement.sql) == Set(1...PullStartStatement.bindingDataTypes.count))
    }

    private static func placeholders(in sql: String) -> Set<Int> {
        Set(
            sql.matches(of: /\$([0-9]+)/).compactMap { Int($0.output.1) })
    }
}
