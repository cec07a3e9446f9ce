import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import RealityAPI
import RealityCore
import RealityStore
import RealityTestSupport
import Testing

@testable import RealityServer

/// The storage backends every server test runs on: `@Test(arguments: Backend.allCases)` and
/// `TestServer.run(backend) { api in … }`.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// An in-memory SQLite store.
    case sqlite
    /// A PostgreSQL store on a database of its own on the test server (see `TestPostgres`).
    case postgres

    var testDescription: String { rawValue }
}

/// Where a test server keeps assets' bytes: `@Test(arguments: Backend.allCases, BlobBackend.allCases)`.
enum BlobBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Files under the data directory.
    case disk
    /// A bucket of its own on the tests' S3-compatible server (``TestS3``).
    case s3

    var testDescription: String { rawValue }

    /// The configuration's asset store: for S3, a new bucket, created.
    func location() async throws -> AssetStoreLocation {
        switch self {
        case .disk: return .dataDirectory
        case .s3:
            let server = try await TestS3.shared.value
            let location = S3Location(
                bucket: server.newBucket(), endpoint: server.endpoint, accessKey: server.accessKey,
                secretKey: server.secretKey)
            try await S3BlobStore(location: location, staging: DiskBlobStore(directory: URL(fileURLWithPath: "/")))
                .createBucket()
            return .s3(location)
        }
    }
}

/// A real server on loopback over a fresh store of one backend, and a client for it.
struct TestServer {
    static let adminToken = "test-admin-token"

    /// Runs `body` against a fresh server on `backend` keeping assets in `blobs`; `configure`
    /// adjusts the configuration first,
    /// and `storeCacheLifetime` the SQLite store's caches (`SQLiteServerStore.inMemory(cacheLifetime:)`).
    static func run(
        _ backend: Backend, blobs: BlobBackend = .disk, storeCacheLifetime: Duration? = nil,
        _ configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (APIClient) async throws -> Void
    ) async throws {
        // A data directory of its own for the assets' blobs, removed afterwards.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-server-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(
            port: 0, dataDirectory: directory, adminToken: adminToken, bcryptCost: 4)
        configuration.assetStore = try await blobs.location()
        configure(&configuration)
        switch backend {
        case .sqlite:
            let store = try SQLiteServerStore.inMemory(cacheLifetime: storeCacheLifetime)
            try await run(configuration, store: store, body)
        case .postgres:
            try await withPostgresStore { store in try await run(configuration, store: store, body) }
        }
    }

    private static func run(
        _ configuration: ServerConfiguration, store: some ServerStore,
        _ body: @escaping @Sendable (APIClient) async throws -> Void
    ) async throws {
        let app = buildApplication(configuration, store: store, logger: logger)
        try await app.test(.live) { client in
            try await body(APIClient(client: client, store: store))
        }
    }

    /// Warnings and worse only.
    static let logger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }()
}

/// A response: status and body bytes.
struct APIResult: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    /// The body decoded; fails the test when it cannot be.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try RealityJSON.decode(type, from: body)
    }

    /// The error body's code, if it is one.
    var errorCode: String? { (try? decode(APIErrorBody.self))?.error.code }
    /// The error body's field, if it is one.
    var errorField: String? { (try? decode(APIErrorBody.self))?.error.field }
}

/// A signed-in user of the test server.
struct Session: Sendable {
    var token: String
    var user: User
    var id: UserID { user.id }
}

/// Sends requests to the test server.
struct APIClient: Sendable {
    let client: any TestClientProtocol
    /// The server's store, for checks behind the API's back.
    let store: any ServerStore

    /// Sends `body` (already JSON text) with an optional bearer token. A JSON answer that breaks
    /// the OpenAPI document's schema for it is recorded as a failure (``SchemaConformance``).
    func send(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, raw: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> APIResult {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if raw != nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: raw.map { ByteBuffer(string: $0) })
        let result = APIResult(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        for violation in SchemaConformance.violations(
            method: method, path: path, status: result.status.code, contentType: result.headers[.contentType],
            body: result.body)
        {
            Issue.record("The answer breaks the OpenAPI document: \(violation)")
        }
        return result
    }

    /// Sends `value` encoded in the platform's JSON.
    func send(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json value: some Encodable
    ) async throws -> APIResult {
        let text = String(decoding: try RealityJSON.encode(value), as: UTF8.self)
        return try await send(method, path, token: token, raw: text)
    }

    /// Registers a new user and returns the session.
    func register(_ name: String) async throws -> Session {
        let result = try await send(
            .post, "/api/v1/auth/register",
            json: RegisterRequest(
                email: "\(name.lowercased())@example.com", password: "correct horse", displayName: name))
        guard result.status == .created else {
            throw TestFailure("register \(name): \(result.status) \(String(decoding: result.body, as: UTF8.self))")
        }
        let auth = try result.decode(AuthResponse.self)
        return Session(token: auth.token, user: auth.user)
    }

    /// Puts a user on a plan through the admin route.
    func setTier(_ tier: SubscriptionTier, for user: UserID) async throws {
        let result = try await send(
            .put, "/api/v1/admin/users/\(user)/tier", token: TestServer.adminToken, json: TierRequest(tier: tier))
        guard result.status == .ok else { throw TestFailure("setTier: \(result.status)") }
    }
}

/// A failure inside test set-up.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
