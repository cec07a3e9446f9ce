import AsyncHTTPClient
import Foundation
import GRDB
import Hummingbird
import RealityAPI
import RealityCore
import RealitySync
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

/// The device-to-server sync tests, one at a time: each starts a `reality serve` process and
/// several devices. They and ``DeviceCommandLineTests`` are two lanes that run side by side, each
/// one test at a time: together they were the whole run's critical path when they were one lane
/// (about 500 s of a 730 s `swift test`, every other suite done by 270 s).
@Suite(.serialized) struct DeviceSyncTests {}

/// The command line's tests against a server, one at a time: each runs `reality` processes as a
/// person would, against a `reality serve` process of its own. The second lane beside
/// ``DeviceSyncTests``.
@Suite(.serialized) struct DeviceCommandLineTests {}

/// The storage backends every sync test runs the server on.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A real server on loopback, and devices (real SQLite files) that sync with it.
struct SyncTestServer: Sendable {
    static let adminToken = "sync-test-admin"
    let url: String
    let directory: URL
    /// A client of this server only.
    let client: HTTPClient

    /// Runs `body` against a fresh `reality serve` process on `backend`, stopped with SIGKILL
    /// afterwards. Out of process, as operators run it: the in-process test server's graceful
    /// stop was seen to hang now and then under the load of the whole suite (see the note on
    /// issue 5), and a test must not depend on it.
    static func run(_ backend: Backend, _ body: @escaping @Sendable (SyncTestServer) async throws -> Void) async throws
    {
        try await withServerProcess(backend) { _, server in try await body(server) }
    }

    /// Runs `body` with a `reality serve` process on `backend` (started, with `arguments` added
    /// to its own) and a harness for it.
    static func withServerProcess(
        _ backend: Backend, arguments: [String] = [],
        _ body: @escaping @Sendable (ServerProcess, SyncTestServer) async throws -> Void
    ) async throws {
        switch backend {
        case .sqlite:
            try await withServerProcess(postgresURL: nil, arguments: arguments, body)
        case .postgres:
            try await withPostgresDatabase { configuration in
                let url = try await TestPostgres.shared.value.url(database: configuration.database ?? "")
                try await withServerProcess(postgresURL: url, arguments: arguments, body)
            }
        }
    }

    private static func withServerProcess(
        postgresURL: String?, arguments: [String],
        _ body: @escaping @Sendable (ServerProcess, SyncTestServer) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-kill-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: SyncTransport.clientConfiguration)
        let server = try ServerProcess(
            directory: directory, postgresURL: postgresURL, adminToken: SyncTestServer.adminToken, extra: arguments)
        do {
            try await server.start(client: client)
            try await body(server, SyncTestServer(url: server.url, directory: directory, client: client))
        } catch {
            try? await server.kill()
            try await client.shutdown()
            throw error
        }
        try await server.kill()
        try await client.shutdown()
    }

    /// Registers `name` on a plan that may share and returns the account's session.
    func register(_ name: String) async throws -> AuthResponse {
        let transport = SyncTransport(serverURL: url, client: client)
        let auth = try await transport.register(
            RegisterRequest(email: "\(name.lowercased())@example.com", password: "correct horse", displayName: name))
        try await upgrade(auth.user.id)
        return try await transport.login(
            LoginRequest(email: "\(name.lowercased())@example.com", password: "correct horse"))
    }

    /// Puts `userID` on the pro plan (which may share) with the admin token, as an operator would.
    func upgrade(_ userID: UserID) async throws {
        var request = HTTPClientRequest(url: url + "/api/v1/admin/users/\(userID)/tier")
        request.method = .PUT
        request.headers.add(name: "Authorization", value: "Bearer \(Self.adminToken)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try RealityJSON.encode(TierRequest(tier: .pro))))
        let response = try await client.execute(request, timeout: .seconds(30))
        #expect(response.status == .ok, "upgrading \(userID)")
    }

    /// Grants `userID` `level` on `layerID` through the REST API, as `owner` working on another
    /// client: a device knows no other users, so it cannot name a grantee itself.
    func grant(
        _ level: PermissionLevel, to userID: UserID, onLayer layerID: LayerID, as owner: AuthResponse,
        expiresAt: Date? = nil
    ) async throws {
        var request = HTTPClientRequest(url: url + "/api/v1/layers/\(layerID)/permissions")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(owner.token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(
            ByteBuffer(bytes: try RealityJSON.encode(GrantRequest(userID: userID, level: level, expiresAt: expiresAt))))
        let response = try await client.execute(request, timeout: .seconds(30))
        #expect((200..<300).contains(Int(response.status.code)), "granting \(level) on \(layerID)")
    }

    /// The account's usage as the server counts it (`GET /api/v1/me/usage`).
    func usage(of account: AuthResponse) async throws -> UsageStats {
        var request = HTTPClientRequest(url: url + "/api/v1/me/usage")
        request.headers.add(name: "Authorization", value: "Bearer \(account.token)")
        let response = try await client.execute(request, timeout: .seconds(30))
        #expect(response.status == .ok, "usage")
        let body = try await response.body.collect(upTo: 1 << 20)
        return try RealityJSON.decode(UsageStats.self, from: Data(buffer: body))
    }

    /// A new device (a store file of its own) signed in as `name`'s account.
    func device(_ name: String, as account: AuthResponse) async throws -> TestDevice {
        let auth = try await SyncTransport(serverURL: url, client: client).login(
            LoginRequest(email: account.user.email ?? "", password: "correct horse"))
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path
        let store = try DeviceStore.open(path: path)
        let bound = try await store.bindAccount(serverURL: url, user: auth.user, token: auth.token)
        let engine = SyncEngine(
            store: store, transport: SyncTransport(serverURL: url, token: auth.token, client: client),
            clientID: bound.clientID,
            retry: RetryPolicy(base: 0.05, cap: 0.5, maxRetries: 3), pageSize: 7)
        return TestDevice(name: name, store: store, engine: engine, user: auth.user)
    }
}

/// One device: its store, its services (acting as its user) and its sync engine.
struct TestDevice: Sendable {
    let name: String
    let store: DeviceStore
    let engine: SyncEngine<DeviceStore>
    let user: User
    var services: LazyServiceContainer<DeviceStore> {
        let store = self.store
        return LazyServiceContainer(openStore: { store }, currentUser: { try await $0.localProfile() })
    }

    /// One full sync.
    @discardableResult
    func sync() async throws -> SyncSummary { try await engine.sync() }

    /// What the device holds of the synced records, normalised for comparison across devices.
    func snapshot() async throws -> StoreSnapshot {
        try await store.inspect { db in
            let annotations = try AnnotationAssembler.annotations(
                selectedBy: "SELECT * FROM annotations a ORDER BY id", arguments: [], in: db
            ).map { annotation in
                var normalised = annotation
                normalised.lastSyncedAt = nil
                normalised.reactions.sort { ($0.userID.uuidString, $0.emoji) < ($1.userID.uuidString, $1.emoji) }
                normalised.viewedBy.sort { $0.uuidString < $1.uuidString }
                normalised.permissions.sort { $0.userID.uuidString < $1.userID.uuidString }
                return normalised
            }
            let layers = try LayerRecord.layers(
                from: try db.rows(sql: "SELECT \(LayerRecord.columns) FROM layers ORDER BY id"), in: db)
            let comments = try db.rows(sql: "SELECT * FROM comments ORDER BY id").map(CommentRecord.comment(from:))
            return StoreSnapshot(annotations: annotations, layers: layers, comments: comments)
        }
    }
}

/// The synced records of a device store.
struct StoreSnapshot: Equatable, Sendable {
    var annotations: [Annotation]
    var layers: [Layer]
    var comments: [RealityCore.Comment]
}
