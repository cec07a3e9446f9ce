import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RealityAPI
import RealityCore

/// The device's HTTP client for the sync API and the account routes (docs/sync-protocol.md).
///
/// A `Sendable` struct: `HTTPClient` is safe to share. Every failure comes out as a ``SyncError``
/// so that the engine can tell transient failures from refusals.
public struct SyncTransport: Sendable {
    /// The server's base address, e.g. `http://127.0.0.1:8080`.
    public let serverURL: String
    /// The bearer token of the session, if signed in.
    public var token: String?
    let client: HTTPClient
    /// How long one request may take.
    let timeout: TimeAmount

    /// A transport to `serverURL` over `client`, signed in with `token`.
    public init(
        serverURL: String, token: String? = nil, client: HTTPClient = SyncTransport.sharedClient,
        timeout: TimeAmount = .seconds(60)
    ) {
        self.serverURL = serverURL.hasSuffix("/") ? String(serverURL.dropLast()) : serverURL
        self.token = token
        self.client = client
        self.timeout = timeout
    }

    /// How sync's HTTP clients are set up: a refused or failed connection fails the request at
    /// once instead of being retried inside the client until its connect timeout (ten seconds by
    /// default), since the engine's ``RetryPolicy`` already decides when to try again; and a
    /// connection attempt gives up after five seconds.
    public static var clientConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        return configuration
    }

    /// The client transports use unless given one: ``clientConfiguration``, for the process's life.
    public static let sharedClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)

    // MARK: - Accounts

    /// `POST /api/v1/auth/register`.
    public func register(_ request: RegisterRequest) async throws -> AuthResponse {
        try await send(.register, body: request)
    }

    /// `POST /api/v1/auth/login`.
    public func login(_ request: LoginRequest) async throws -> AuthResponse {
        try await send(.login, body: request)
    }

    /// `POST /api/v1/auth/logout`: ends the session on the server.
    public func logout() async throws {
        _ = try await raw(.logout, body: nil)
    }

    /// `DELETE /api/v1/me`: deletes the account and everything in it, for good.
    public func deleteAccount() async throws {
        _ = try await raw(.deleteAccount, body: nil)
    }

    // MARK: - Sync

    /// `GET /api/v1/sync/limits`.
    public func limits() async throws -> SyncLimits {
        try await send(.syncLimits)
    }

    /// `POST /api/v1/sync/push`; a 413 throws ``SyncError/batchTooLarge(_:)``.
    public func push(_ request: SyncPushRequest) async throws -> SyncPushResponse {
        try await push(encoded: Self.encoded(request))
    }

    /// `POST /api/v1/sync/push` of a request's text as ``encoded(_:)`` wrote it, for a caller that
    /// has measured it against the server's limit; a 413 throws ``SyncError/batchTooLarge(_:)``.
    public func push(encoded body: Data) async throws -> SyncPushResponse {
        try Self.decode(try await raw(.syncPush, body: body), from: APIRoute.syncPush.path)
    }

    /// `GET /api/v1/sync/changes`; a 410 throws ``SyncError/resyncRequired``.
    public func changes(scope: SyncScope, since token: String?, limit: Int) async throws -> SyncChangesPage {
        try await send(.syncChanges, Self.changesPath(scope: scope, since: token, limit: limit))
    }

    /// `GET /api/v1/sync/changes` as the server wrote it, not yet decoded (see
    /// ``decodeChanges(_:)``); a 410 throws ``SyncError/resyncRequired``.
    func changesBody(scope: SyncScope, since token: String?, limit: Int) async throws -> Data {
        try await raw(.syncChanges, Self.changesPath(scope: scope, since: token, limit: limit), body: nil)
    }

    /// The page a ``changesBody(scope:since:limit:)`` holds.
    static func decodeChanges(_ body: Data) throws -> SyncChangesPage {
        try decodeChangesKeepingRecords(body).page
    }

    /// The page a ``changesBody(scope:since:limit:)`` holds, and the text of each change's
    /// record as the server wrote it when the fast decoder read the page (``FastPageDecoder``).
    public static func decodeChangesKeepingRecords(_ body: Data) throws -> (page: SyncChangesPage, records: [Data?]?) {
        if let (page, records) = FastPageDecoder.decode(body) { return (page, records) }
        return (try decode(body, from: APIRoute.syncChanges.path()), nil)
    }

    private static func changesPath(scope: SyncScope, since token: String?, limit: Int) -> String {
        APIRoute.syncChanges.path(query: [.scope: scope.rawValue, .changesLimit: String(limit), .since: token])
    }

    /// The text of `request` as it goes on the wire (written by hand, ``JSONWriter``: the same
    /// bytes as `RealityJSON.encode`, in a fraction of the time).
    public static func encoded(_ request: SyncPushRequest) throws -> Data {
        Data(try JSONWriter.bytes(of: request, reservingCapacity: 1024 * max(1, request.mutations.count)))
    }

    // MARK: - Plumbing

    /// Sends `body` to `route` (at `path`, the route's template filled in; its bare path when
    /// nil) and decodes the answer.
    func send<Answer: Decodable>(
        _ route: APIRoute, _ path: String? = nil, body: (some Encodable)? = String?.none
    ) async throws -> Answer {
        let data = try body.map { try RealityJSON.encode($0) }
        return try Self.decode(try await raw(route, path, body: data), from: path ?? route.path)
    }

    private static func decode<Answer: Decodable>(_ answer: Data, from path: String) throws -> Answer {
        do {
            return try RealityJSON.decode(Answer.self, from: answer)
        } catch {
            throw SyncError.server(status: 200, message: "unreadable answer to \(path): \(error)")
        }
    }

    /// Sends `body` to `route` at `path` (its bare path when nil) and returns the answer's bytes.
    func raw(_ route: APIRoute, _ path: String? = nil, body: Data?) async throws -> Data {
        assert(path.map(route.matches) ?? true, "\(path ?? "") is not a path of \(route)")
        var request = HTTPClientRequest(url: serverURL + (path ?? route.path()))
        request.method = HTTPMethod(rawValue: route.method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        let bytes: ByteBuffer
        do {
            response = try await client.execute(request, timeout: timeout)
            bytes = try await response.body.collect(upTo: 64 << 20)
        } catch {
            throw SyncError.network(String(describing: error))
        }
        let data = Data(bytes.readableBytesView)
        let status = Int(response.status.code)
        if (200..<300).contains(status) { return data }
        throw Self.error(status: status, headers: response.headers, body: data)
    }

    static func error(status: Int, headers: HTTPHeaders, body: Data) -> SyncError {
        let detail =
            (try? RealityJSON.decode(APIErrorBody.self, from: body))?.error
            ?? APIErrorBody.Detail(code: "http_\(status)", message: String(decoding: body.prefix(200), as: UTF8.self))
        switch status {
        case 401:
            // A wrong password or admin token is a refusal; a token the server no longer takes
            // ends the session.
            if ["invalid_credentials", "admin_token_refused"].contains(detail.code) {
                return .refused(status: status, detail)
            }
            return body.isEmpty ? .notSignedIn : .sessionEnded(detail)
        case 410: return .resyncRequired
        case 413:
            let limits = (try? RealityJSON.decode(SyncBatchTooLargeBody.self, from: body))?.limits ?? .server
            return .batchTooLarge(limits)
        case 429: return .rateLimited(retryAfter: headers.first(name: "Retry-After").flatMap { Double($0) } ?? 1)
        case 500...: return .server(status: status, message: detail.message)
        default: return .refused(status: status, detail)
        }
    }
}
