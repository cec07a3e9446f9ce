import Foundation
import Hummingbird
import Logging
import RealityCore

/// Finds the session a request's `Authorization: Bearer TOKEN` names, and holds it to its
/// lifetimes (``SessionLifetimes``).
struct Authenticator<Store: AccountRepository>: Sendable {
    let store: Store
    let lifetimes: SessionLifetimes

    /// The session of `request`'s bearer token; nil when it sends no `Authorization` header. A
    /// header that is not one valid `Bearer` token, or whose token names no live session, is a
    /// 401; a session past its lifetimes is a 401 `session_expired`. A session whose recorded
    /// last use is older than the touch interval has it recorded again.
    func session(of request: Request) async throws -> SignedInSession? {
        guard let header = request.headers.single(.authorization) else { return nil }
        guard case .one(let value) = header, let token = BearerToken.parse(value) else { throw APIError.unauthorized }
        return try await session(token: token)
    }

    /// The session `token` names, held to its lifetimes as ``session(of:)`` does.
    func session(token: String) async throws -> SignedInSession {
        let hash = TokenDigest.sha256(token)
        guard let session = try await store.session(tokenHash: hash) else { throw APIError.unauthorized }
        let now = Date()
        if lifetimes.hasExpired(session, at: now) { throw APIError.sessionExpired }
        if lifetimes.needsTouch(session, at: now) {
            // A failed touch only leaves the last use older than it is; the request goes on.
            try? await store.touchSession(
                tokenHash: hash, at: now, staleBefore: now.addingTimeInterval(-lifetimes.touchInterval))
        }
        return SignedInSession(userID: session.userID, tokenHash: hash)
    }
}

/// A user signed in with a session token.
struct SignedInSession: Sendable {
    /// The user.
    var userID: UserID
    /// The SHA-256 of the token (for logout).
    var tokenHash: String
}

extension UserRequestContext {
    /// Makes `session`'s user the request's, for the routes and for the lines they log.
    mutating func signIn(_ session: SignedInSession) {
        userID = session.userID
        tokenHash = session.tokenHash
        logger[metadataKey: "user.id"] = .string(session.userID.uuidString)
    }
}

/// Sets the context's user from the request's bearer token (``Authenticator``), for the
/// WebSocket router, whose upgrade requests do not pass the HTTP router's ``GatewayMiddleware``.
/// A browser cannot set `Authorization` on a WebSocket, so without that header the token may come
/// as a subprotocol (``WebSocketToken``). A token that is sent but not valid answers 401 at once;
/// no token leaves the request anonymous.
struct AuthenticationMiddleware<Store: AccountRepository, Context: UserRequestContext>: RouterMiddleware {
    let authenticator: Authenticator<Store>

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let found: SignedInSession?
        if let session = try await authenticator.session(of: request) {
            found = session
        } else if let token = try WebSocketToken.token(in: request.headers) {
            found = try await authenticator.session(token: token)
        } else {
            found = nil
        }
        guard let session = found else { return try await next(request, context) }
        var context = context
        context.signIn(session)
        return try await next(request, context)
    }
}
