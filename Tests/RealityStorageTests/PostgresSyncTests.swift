import Foundation
import PostgresNIO
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// What only the PostgreSQL change log has: several instances over one database.
@Suite struct PostgresSyncTests {
    /// Instances asking for the token secret at once agree on one, made by whichever came first.
    @Test func instancesOnOneDatabase_shareOneSecret() async throws {
        try await withPostgresDatabase(connections: 2) { configuration in
            let secrets = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await PostgresStore.withStore(configuration: configuration, logger: TestPostgres.logger) {
                            try await $0.syncSecret()
                        }
                    }
                }
                var secrets: [Data] = []
                for try await secret in group { secrets.append(secret) }
                return secrets
            }
            #expect(secrets.count == 4)
            #expect(Set(secrets).count == 1)
            #expect(secrets.first?.count == 32)
        }
    }
}
