import Foundation
import Hummingbird
import HummingbirdTesting
import RealityAPI
import RealityCore
import RealityPostgres
import RealityServer
import RealityTestSupport
import Testing

/// The server as `reality serve --postgres URL` builds it: the client a service of the
/// application's group, the schema migrated before the server binds, several instances on one
/// database (SPEC C7).
@Suite("PostgreSQL server instances")
struct PostgresServerTests {
    /// Runs `body` with clients of two server instances on one fresh database (and a third
    /// client of the database, to look behind the servers' backs).
    func withTwoInstances(_ body: @escaping @Sendable (APIClient, APIClient) async throws -> Void)
        async throws
    {
        try await withPostgresDatabase { database in
            let url = try await TestPostgres.shared.value.url(database: database.database ?? "")
            let configuration = ServerConfiguration(
                port: 0, postgresURL: url, adminToken: TestServer.adminToken, bcryptCost: 4)
            let first = try await buildApplication(configuration, logger: TestServer.logger)
            let second = try await buildApplication(configuration, logger: TestServer.logger)
            try await PostgresStore.withStore(configuration: database, logger: TestServer.logger) { store in
                try await first.test(.live) { one in
                    try await second.test(.live) { two in
                        try await body(APIClient(client: one, store: store), APIClient(client: two, store: store))
                    }
                }
            }
        }
    }

    @Test func twoInstancesOnOneDatabase_shareAccountsSessionsAndData() async throws {
        try await withTwoInstances { viaOne, viaTwo in
            let store = viaOne.store
            let ada = try await viaOne.register("Ada")
            let me = try await viaTwo.send(.get, "/api/v1/me", token: ada.token)
            #expect(me.status == .ok)
            try await viaTwo.setTier(.plus, for: ada.id)
            let layer = try await viaTwo.createLayer(ada)
            let note = try await viaOne.createNote(ada, in: layer.id)
            let read = try await viaTwo.send(.get, "/api/v1/annotations/\(note.id)", token: ada.token)
            #expect(read.status == .ok)
            #expect(try read.decode(Annotation.self).layerID == layer.id)
            #expect(try await viaTwo.send(.post, "/api/v1/auth/logout", token: ada.token).status == .noContent)
            #expect(
                try await Self.within(Self.noticeBound) {
                    try await viaOne.send(.get, "/api/v1/me", token: ada.token).status == .unauthorized
                }, "a logout on two ends the session on one within the bound")
            #expect(try await viaOne.send(.get, "/health").status == .ok)
            #expect(try await store.annotation(id: note.id)?.ownerID == ada.id)
        }
    }

    @Test func aCommitOnOneInstance_reachesLiveEventsOnAnother() async throws {
        try await withTwoInstances { viaOne, viaTwo in
            let ann = try await viaOne.register("Ann")
            let bob = try await viaOne.register("Bob")
            try await viaOne.setTier(.pro, for: ann.id)
            let layer = try await viaOne.createLayer(ann)
            let events = EventRecorder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await viaTwo.listen(as: bob, into: events) }
                try await events.waitUntilConnected()
                try await viaOne.share(layer.id, by: ann, with: bob, as: .viewer)
                _ = try await events.wait { received in
                    received.contains { if case .changes(let scopes) = $0 { scopes.contains(.shared) } else { false } }
                        && received.contains { if case .notification = $0 { true } else { false } }
                }
                await events.stop()
                try await group.waitForAll()
            }
        }
    }

    /// The hub's shared look stays exact across instances: grants, revokes and public changes
    /// committed on one instance reach the right sockets on the other, and no others.
    @Test func liveHintsStayExact_acrossInstances() async throws {
        try await withTwoInstances { viaOne, viaTwo in
            try await LiveAudienceTests.scenario(commitVia: viaOne, listenVia: viaTwo)
        }
    }

    /// The limits that keep a route from listing who has an account hold across instances
    /// (issue 22): asking by turns through two instances is served no more than asking through one.
    @Test func emailLookupLimit_isSharedByInstances() async throws {
        try await withTwoInstances { viaOne, viaTwo in
            let ada = try await viaOne.register("Ada")
            try await PeopleRouteTests.expectLookupsLimited(token: ada.token, via: [viaOne, viaTwo])
            // Another person's bucket is their own.
            let bob = try await viaTwo.register("Bob")
            #expect(
                try await viaTwo.send(.get, "/api/v1/users?email=ada%40example.com", token: bob.token).status == .ok)
        }
    }

    @Test func badPostgresURL_refusesToStart() async throws {
        let configuration = ServerConfiguration(port: 0, postgresURL: "mysql://somewhere/db")
        await #expect(throws: ServerStartError.self) {
            _ = try await buildApplication(configuration, logger: TestServer.logger)
        }
    }
}
