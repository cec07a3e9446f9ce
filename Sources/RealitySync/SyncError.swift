import Foundation
import RealityAPI

/// What went wrong talking to the server or binding the store (docs/sync-protocol.md).
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached, or the connection broke.
    case network(String)
    /// The server answered 5xx.
    case server(status: Int, message: String)
    /// The server answered 429; wait this many seconds.
    case rateLimited(retryAfter: Double)
    /// The token of a scope is no longer accepted (410): resync the scope.
    case resyncRequired
    /// The push was larger than the server accepts (413); these are its limits.
    case batchTooLarge(SyncLimits)
    /// The session is missing or no longer valid (401).
    case notSignedIn
    /// The server no longer accepts the session (401: it expired or was revoked); the user must
    /// sign in again, and retrying cannot help.
    case sessionEnded(APIErrorBody.Detail)
    /// The server refused the request (4xx) with this error.
    case refused(status: Int, APIErrorBody.Detail)

    /// True for failures worth retrying after a pause: network errors, 5xx and 429.
    public var isTransient: Bool {
        switch self {
        case .network, .server, .rateLimited: true
        default: false
        }
    }

    /// True when only signing in again can help: sync stops and says so.
    public var needsSignIn: Bool {
        switch self {
        case .notSignedIn, .sessionEnded: true
        default: false
        }
    }

    /// A stable snake_case code for scripts.
    public var code: String {
        switch self {
        case .network: "network_error"
        case .server: "server_error"
        case .rateLimited: "rate_limited"
        case .resyncRequired: "resync_required"
        case .batchTooLarge: "batch_too_large"
        case .notSignedIn: "not_signed_in"
        case .sessionEnded(let detail): detail.code == "session_expired" ? "session_expired" : "session_ended"
        case .refused(_, let detail): detail.code
        }
    }

    /// One line for people.
    public var description: String {
        switch self {
        case .network(let detail): "Cannot reach the server: \(detail)"
        case .server(let status, let message): "The server failed (\(status)): \(message)"
        case .rateLimited(let wait): "The server asks to wait \(wait) s before trying again."
        case .resyncRequired: "The server asks for a full resync."
        case .batchTooLarge(let limits):
            "The push was too large (at most \(limits.maxMutations) mutations and \(limits.maxBytes) bytes)."
        case .notSignedIn: "Not signed in: run `reality login --server URL --email E`."
        case .sessionEnded(let detail):
            "The server ended this device's session (\(detail.message)): run `reality login --server URL --email E` to sign in again."
        case .refused(_, let detail): detail.message
        }
    }
}
