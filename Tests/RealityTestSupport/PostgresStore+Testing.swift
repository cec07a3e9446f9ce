import Foundation
import PostgresNIO
import RealityPostgres

/// Runs `body` with the configuration of a database of its own on the test server (a copy of the
/// migrated template), dropping the database afterwards. `connections` bounds each client's pool.
/// The URL of the same database is ``TestPostgres/url(database:)`` of `configuration.database`.
public func withPostgresDatabase<Result: Sendable>(
    connections: Int = 4, _ body: (PostgresClient.Configuration) async throws -> Result
) async throws -> Result {
    let server = try await TestPostgres.shared.value
    await server.gate.wait()
    defer { server.gate.signal() }
    let database = try await server.createDatabase()
    do {
        let result = try await body(server.configuration(database: database, connections: connections))
        await server.dropDatabase(database)
        return result
    } catch {
        await server.dropDatabase(database)
        throw error
    }
}

/// Runs `body` on a ``PostgresStore`` over a database of its own on the test server.
public func withPostgresStore<Result: Sendable>(
    connections: Int = 4, _ body: (PostgresStore) async throws -> Result
) async throws -> Result {
    try await withPostgresDatabase(connections: connections) { configuration in
        try await PostgresStore.withStore(configuration: configuration, logger: TestPostgres.logger, body)
    }
}
