import Foundation
import RealityAPI
import RealityCore

/// Accounts, sessions and passwords (SPEC C1): the server's own service over its
/// ``AccountRepository`` (no core service holds credentials), with bcrypt on the hasher's threads.
/// The controllers speak HTTP (bodies, throttling, status codes); this says what an account does.
/// In `/health` it is `auth`, over the store and the hashing threads.
struct AccountService<Store: ServerStore>: ServiceProtocol {
    let store: Store
    let hasher: PasswordHasher

    var serviceIdentifier: String { "auth" }
    var dependencies: [HealthDependency] { [.store(store), hasher.healthDependency()] }

    /// Creates the account of `user` with the normalized `email` and `password`, and signs it in
    /// on `deviceName`; returns the session's token.
    func register(_ user: User, email: String, password: String, deviceName: String?) async throws -> String {
        let hash = await hasher.hash(password)
        try await store.createAccount(
            Account(userID: user.id, email: email, passwordHash: hash, createdAt: user.createdAt), user: user)
        return try await startSession(for: user.id, deviceName: deviceName)
    }

    /// The account with this normalized `email` when `password` is its password, else nil. An
    /// unknown email's answer takes as long: its password is checked against a dummy hash.
    func account(email: String, password: String) async throws -> Account? {
        guard let account = try await store.account(email: email) else {
            await hasher.verifyDummy(password)
            return nil
        }
        return await hasher.verify(password, hash: account.passwordHash) ? account : nil
    }

    /// The account of `userID`.
    func account(of userID: UserID) async throws -> Account? {
        try await store.account(userID: userID)
    }

    /// Whether `password` is the password of `account`.
    func verify(_ password: String, of account: Account) async -> Bool {
        await hasher.verify(password, hash: account.passwordHash)
    }

    /// Starts a session of `userID` on `deviceName`; returns its token (only its digest is kept).
    func startSession(for userID: UserID, deviceName: String?) async throws -> String {
        let token = TokenDigest.newToken()
        try await store.createSession(
            AccountSession(userID: userID, deviceName: deviceName, createdAt: Timestamp.now()),
            tokenHash: TokenDigest.sha256(token))
        return token
    }

    /// Ends the session whose token has digest `tokenHash`.
    func endSession(tokenHash: String) async throws {
        try await store.revokeSession(tokenHash: tokenHash)
    }

    /// The session whose token has digest `tokenHash`, if it lives.
    func session(tokenHash: String) async throws -> AccountSession? {
        try await store.session(tokenHash: tokenHash)
    }

    /// The live sessions of `userID` as of `now` under `lifetimes`, most recently used first.
    func sessions(of userID: UserID, lifetimes: SessionLifetimes, now: Date) async throws -> [AccountSession] {
        try await store.sessions(
            of: userID, usedSince: lifetimes.usedSince(now), createdSince: lifetimes.createdSince(now))
    }

    /// Ends the session `id` of `userID`; false when `userID` has no such session.
    func endSession(id: UUID, of userID: UserID) async throws -> Bool {
        try await store.revokeSession(id: id, of: userID, at: Timestamp.now())
    }

    /// Ends every session of `userID` but the one whose token has digest `keeping`; returns how many.
    func endSessions(of userID: UserID, keeping: String?) async throws -> Int {
        try await store.revokeSessions(of: userID, keeping: keeping, at: Timestamp.now())
    }

    /// Replaces the password of `userID` with `newPassword` and ends every session but `keeping`.
    func changePassword(of userID: UserID, to newPassword: String, keeping: String?) async throws {
        let hash = await hasher.hash(newPassword)
        try await store.changePassword(of: userID, to: hash, keeping: keeping, at: Timestamp.now())
    }
}
