import Foundation
import RealityCore

/// The account a device store belongs to (docs/sync-protocol.md, "The device"): recorded at the
/// first sign-in, kept across sign-outs, so that one store never mixes two users' data.
public struct DeviceAccount: Hashable, Sendable {
    /// The server's base address.
    public var serverURL: String
    /// The signed-in user.
    public var userID: UserID
    /// This device's ID, sent with every push.
    public var clientID: String
    /// The session's bearer token; nil after sign-out.
    public var token: String?

    /// An account with the given parts.
    public init(serverURL: String, userID: UserID, clientID: String, token: String?) {
        self.serverURL = serverURL
        self.userID = userID
        self.clientID = clientID
        self.token = token
    }
}

/// Signing in as someone else (or on another server) on a store that belongs to an account.
public struct AccountBindingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The account the store belongs to.
    public var boundUserID: UserID
    /// The server that account lives on.
    public var boundServerURL: String

    /// The error for a store bound to `boundUserID` on `boundServerURL`.
    public init(boundUserID: UserID, boundServerURL: String) {
        self.boundUserID = boundUserID
        self.boundServerURL = boundServerURL
    }

    /// One line for people.
    public var description: String {
        "This store belongs to user \(boundUserID) on \(boundServerURL); use another --store to sign in as someone else."
    }
}
