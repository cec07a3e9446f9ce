import Foundation
import GRDB
import RealityCore

/// The keys under which a device store keeps its account in `meta`.
enum AccountKey {
    static let serverURL = "account.serverURL"
    static let userID = "account.userID"
    static let clientID = "account.clientID"
    static let token = "account.token"
}

extension DeviceStore {

    /// The account this store belongs to, or nil before the first sign-in.
    public func deviceAccount() async throws -> DeviceAccount? {
        try await read { db in try Self.deviceAccount(in: db) }
    }

    static func deviceAccount(in db: Database) throws -> DeviceAccount? {
        func value(_ key: String) throws -> String? {
            try db.value(String.self, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
        }
        guard let server = try value(AccountKey.serverURL), let userText = try value(AccountKey.userID),
            let userID = UserID(uuidString: userText), let clientID = try value(AccountKey.clientID)
        else { return nil }
        return DeviceAccount(serverURL: server, userID: userID, clientID: clientID, token: try value(AccountKey.token))
    }

    /// Signs the store in as `user` on `serverURL` with `token`.
    ///
    /// The first sign-in binds the store to the account and hands it what was made offline under
    /// the local profile (its records then push as the account's); a later sign-in must be the
    /// same user on the same server, or it throws ``AccountBindingError``.
    @discardableResult
    public func bindAccount(serverURL: String, user: User, token: String) async throws -> DeviceAccount {
        try await writeTransaction { db in
            if let bound = try Self.deviceAccount(in: db) {
                guard bound.userID == user.id, bound.serverURL == serverURL else {
                    throw AccountBindingError(boundUserID: bound.userID, boundServerURL: bound.serverURL)
                }
                try Self.setMeta(AccountKey.token, token, in: db)
                return DeviceAccount(serverURL: serverURL, userID: user.id, clientID: bound.clientID, token: token)
            }
            let local = try db.value(
                String.self, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.profileKey])
            var signedIn = user
            if let local, local != user.id.uuidString {
                signedIn = try LocalProfileHandover.reown(from: local, to: user, in: db)
            }
            try UserRecord.save(signedIn, in: db)
            let account = DeviceAccount(
                serverURL: serverURL, userID: user.id, clientID: UUID().lowercasedString, token: token)
            try Self.setMeta(Self.profileKey, user.id.uuidString, in: db)
            try Self.setMeta(AccountKey.serverURL, serverURL, in: db)
            try Self.setMeta(AccountKey.userID, user.id.uuidString, in: db)
            try Self.setMeta(AccountKey.clientID, account.clientID, in: db)
            try Self.setMeta(AccountKey.token, token, in: db)
            return account
        }
    }

    /// Forgets the session token; the store stays bound to its account.
    public func signOut() async throws {
        try await setMetadata(AccountKey.token, to: nil)
    }

    static func setMeta(_ key: String, _ value: String, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }
}
