import Foundation
import RealityCore

/// `POST /api/v1/auth/register`: a new account.
public struct RegisterRequest: Codable, Hashable, Sendable {
    /// The login email.
    public var email: String
    /// The password: at least 10 characters, at most 72 UTF-8 bytes (bcrypt reads no further),
    /// not one of the most common passwords.
    public var password: String
    /// The name others see.
    public var displayName: String
    /// What the device calls itself, shown in the account's list of sessions.
    public var deviceName: String?

    /// A request with the given parts.
    public init(email: String, password: String, displayName: String, deviceName: String? = nil) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.deviceName = deviceName
    }
}

/// `POST /api/v1/auth/login`.
public struct LoginRequest: Codable, Hashable, Sendable {
    /// The login email.
    public var email: String
    /// The password.
    public var password: String
    /// What the device calls itself, shown in the account's list of sessions.
    public var deviceName: String?

    /// A request with the given parts.
    public init(email: String, password: String, deviceName: String? = nil) {
        self.email = email
        self.password = password
        self.deviceName = deviceName
    }
}

/// The answer to register and login: a bearer token and the user it signs in as.
public struct AuthResponse: Codable, Hashable, Sendable {
    /// Send as `Authorization: Bearer TOKEN`.
    public var token: String
    /// The signed-in user.
    public var user: User

    /// A response with the given parts.
    public init(token: String, user: User) {
        self.token = token
        self.user = user
    }
}

/// The limits on credentials, shared so that clients can check before sending.
public enum CredentialLimits {
    /// Fewest characters in a new password.
    public static let minPasswordCharacters = 10
    /// Most bytes in a password: bcrypt ignores anything after the 72nd byte.
    public static let maxPasswordBytes = 72
    /// Most bytes of a device name; longer ones are cut.
    public static let maxDeviceNameBytes = 100
}

/// `POST /api/v1/me/password`: a new password, proven by the current one.
public struct PasswordChangeRequest: Codable, Hashable, Sendable {
    /// The password in use now.
    public var currentPassword: String
    /// The password from now on (the same rules as at registration).
    public var newPassword: String

    /// A request with the given parts.
    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// One signed-in device of the account, in `GET /api/v1/me/sessions` (never its token).
public struct SessionInfo: Codable, Hashable, Sendable {
    /// The session's ID, for `DELETE /api/v1/me/sessions/{id}`.
    public var id: UUID
    /// What the device called itself when it signed in.
    public var deviceName: String?
    /// When it signed in.
    public var createdAt: Date
    /// When it was last used (to within a minute).
    public var lastUsedAt: Date
    /// Whether it is the session of the request that asks.
    public var current: Bool

    /// A session with the given parts.
    public init(id: UUID, deviceName: String?, createdAt: Date, lastUsedAt: Date, current: Bool) {
        self.id = id
        self.deviceName = deviceName
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.current = current
    }
}

/// The answer to `POST /api/v1/me/sessions/revoke-others`.
public struct RevokedSessions: Codable, Hashable, Sendable {
    /// How many sessions were ended.
    public var revoked: Int

    /// An answer with the given count.
    public init(revoked: Int) {
        self.revoked = revoked
    }
}
