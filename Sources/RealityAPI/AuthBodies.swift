import Foundation
import RealityCore

/// `POST /api/v1/auth/register`: a new account.
public struct RegisterRequest: Codable, Hashable, Sendable {
    /// The login email.
    public var email: String
    /// The password, 8 to 72 UTF-8 bytes (bcrypt reads no further).
    public var password: String
    /// The name others see.
    public var displayName: String

    /// A request with the given parts.
    public init(email: String, password: String, displayName: String) {
        self.email = email
        self.password = password
        self.displayName = displayName
    }
}

/// `POST /api/v1/auth/login`.
public struct LoginRequest: Codable, Hashable, Sendable {
    /// The login email.
    public var email: String
    /// The password.
    public var password: String

    /// A request with the given parts.
    public init(email: String, password: String) {
        self.email = email
        self.password = password
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
    /// Fewest bytes in a password.
    public static let minPasswordBytes = 8
    /// Most bytes in a password: bcrypt ignores anything after the 72nd byte.
    public static let maxPasswordBytes = 72
}
