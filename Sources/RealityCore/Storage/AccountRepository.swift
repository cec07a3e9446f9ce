import Foundation

/// A login: the email and password hash that prove who a user is (SPEC C1).
public struct Account: Hashable, Sendable {
    /// The user this account signs in as.
    public var userID: UserID
    /// The login email, normalized (NFKC, ignorable characters removed, case folded); unique.
    public var email: String
    /// The password's slow hash (bcrypt), never the password.
    public var passwordHash: String
    /// When the account was made.
    public var createdAt: Date

    /// An account with the given parts.
    public init(userID: UserID, email: String, passwordHash: String, createdAt: Date) {
        self.userID = userID
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Why an account operation was refused.
public enum AccountError: Error, Hashable, Sendable {
    /// Another account already uses this email.
    case emailTaken
}

/// One signed-in device of an account, as its owner may see it: never the token, which is
/// stored only as a hash.
public struct AccountSession: Hashable, Sendable {
    /// The session's own ID (not derived from its token), for listing and revoking it.
    public var id: UUID
    /// The user it signs in as.
    public var userID: UserID
    /// What the device called itself when it signed in, if anything.
    public var deviceName: String?
    /// When it was started (login or registration).
    public var createdAt: Date
    /// When it was last used, to within the server's touch interval.
    public var lastUsedAt: Date

    /// A session with the given parts.
    public init(id: UUID = UUID(), userID: UserID, deviceName: String? = nil, createdAt: Date, lastUsedAt: Date? = nil)
    {
        self.id = id
        self.userID = userID
        self.deviceName = deviceName
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt ?? createdAt
    }
}

/// Accounts, sessions and account deletion, on the server (SPEC C1, D4).
///
/// Tokens are stored only as hashes: a leaked database does not let anyone sign in. Whether a
/// session has outlived its lifetimes is the server's rule, not the store's: the store keeps the
/// times and answers the sessions not revoked.
public protocol AccountRepository: Sendable {
    /// Creates the account and its user in one transaction; throws ``AccountError/emailTaken``.
    func createAccount(_ account: Account, user: User) async throws
    /// The account with this (normalized) email.
    func account(email: String) async throws -> Account?
    /// The account of `userID`.
    func account(userID: UserID) async throws -> Account?
    /// Starts `session`, identified by the hash of its token.
    func createSession(_ session: AccountSession, tokenHash: String) async throws
    /// The session with this token hash, unless there is none or it was revoked.
    func session(tokenHash: String) async throws -> AccountSession?
    /// Sets the session's last use to `date` when it was last used before `staleBefore`, so that
    /// a session in steady use is written at most once per touch interval.
    func touchSession(tokenHash: String, at date: Date, staleBefore: Date) async throws
    /// The sessions of `userID` not revoked, used at or after `usedSince` and created at or after
    /// `createdSince`, most recently used first.
    func sessions(of userID: UserID, usedSince: Date, createdSince: Date) async throws -> [AccountSession]
    /// Ends a session.
    func revokeSession(tokenHash: String) async throws
    /// Ends `userID`'s session `id`; false when `userID` has no such live session.
    func revokeSession(id: UUID, of userID: UserID, at date: Date) async throws -> Bool
    /// Ends every live session of `userID` but the one with `keeping` (a token hash); answers how many.
    func revokeSessions(of userID: UserID, keeping: String?, at date: Date) async throws -> Int
    /// Deletes up to `limit` sessions that have ended: revoked, last used before `usedBefore`, or
    /// created before `createdBefore` (the server's lifetimes); answers how many it deleted.
    func deleteEndedSessions(usedBefore: Date, createdBefore: Date, limit: Int) async throws -> Int
    /// Replaces `userID`'s password hash and ends every other session than `keeping`, in one transaction.
    func changePassword(of userID: UserID, to passwordHash: String, keeping: String?, at date: Date) async throws
    /// Removes the user and everything they own or wrote (layers, annotations, comments,
    /// reactions, views, stars, grants given and received, world maps, assets, notifications,
    /// sessions, the account), and records that a deletion happened, all in one transaction.
    func deleteAccount(_ userID: UserID, at date: Date) async throws
    /// How many deletions have been recorded for `userID` (0 or 1), for audits and tests.
    func deletionRecorded(for userID: UserID) async throws -> Bool
}

extension AccountRepository {
    /// Starts a session of `userID` with a new ID and no device name.
    public func createSession(tokenHash: String, userID: UserID, at date: Date) async throws {
        try await createSession(AccountSession(userID: userID, createdAt: date), tokenHash: tokenHash)
    }

    /// The user of the live session with this token hash; nil when there is none or it was revoked.
    public func sessionUser(tokenHash: String) async throws -> UserID? {
        try await session(tokenHash: tokenHash)?.userID
    }
}

/// Content-addressed media and world maps on the server (SPEC D5).
///
/// The bytes are stored once per SHA-256; each user who stores them owns a reference that counts
/// toward that user's quota.
public protocol AssetRepository: Sendable {
    /// Stores `data` under its SHA-256 (computed by the caller) for `owner`; storing bytes the owner
    /// already has changes nothing. With `quotaBytes`, the owner's total after the upload is
    /// checked in the same transaction (two racing uploads cannot both slip under the quota), and
    /// ``AssetQuotaExceeded`` is thrown, storing nothing, when it would be over.
    func putAsset(sha256: String, owner: UserID, contentType: String, data: Data, at date: Date, quotaBytes: Int64?)
        async throws
    /// The asset's metadata and bytes, if it exists.
    func asset(sha256: String) async throws -> StoredAsset?
    /// Whether `owner` holds a reference to the asset.
    func ownsAsset(sha256: String, owner: UserID) async throws -> Bool
    /// The annotations and world maps that name the asset and whose author holds it, for read
    /// authorisation: a record naming someone else's upload is left out (issue 17).
    func assetReferences(sha256: String) async throws -> AssetReferences
}

/// An upload that would take its owner over the storage quota.
public struct AssetQuotaExceeded: Error, Hashable, Sendable {
    /// Bytes the owner stores already.
    public var usedBytes: Int64

    /// The error for an owner already using `usedBytes`.
    public init(usedBytes: Int64) {
        self.usedBytes = usedBytes
    }
}

/// An asset's bytes and what is known of them.
public struct StoredAsset: Hashable, Sendable {
    /// SHA-256, lowercase hex.
    public var sha256: String
    /// The MIME type it was uploaded with.
    public var contentType: String
    /// The bytes.
    public var data: Data

    /// An asset with the given parts.
    public init(sha256: String, contentType: String, data: Data) {
        self.sha256 = sha256
        self.contentType = contentType
        self.data = data
    }
}

/// The records that refer to an asset.
public struct AssetReferences: Hashable, Sendable {
    /// Annotations whose content or attachments name the asset.
    public var annotations: [AnnotationID]
    /// World maps whose map or thumbnail is the asset.
    public var worldMaps: [WorldMapID]

    /// References with the given parts.
    public init(annotations: [AnnotationID], worldMaps: [WorldMapID]) {
        self.annotations = annotations
        self.worldMaps = worldMaps
    }
}
