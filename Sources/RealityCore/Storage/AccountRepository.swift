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
    /// The world map the session with `tokenHash` is relocalised in (issue 20), if it chose one.
    func currentWorldMap(ofSession tokenHash: String) async throws -> WorldMapID?
    /// Sets the world map the session with `tokenHash` is relocalised in; nil clears it.
    func setCurrentWorldMap(_ id: WorldMapID?, ofSession tokenHash: String) async throws
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
    /// Records that `owner` holds the asset `sha256` (its bytes, kept by the server's blob store,
    /// are `byteCount` long and of `contentType`); holding bytes the owner already has changes
    /// nothing. With `quotaBytes`, the owner's total after the upload is checked in the same
    /// transaction (two racing uploads cannot both slip under the quota), and
    /// ``AssetQuotaExceeded`` is thrown, recording nothing, when it would be over. When the row is
    /// new and `job` is given, that job is queued for the asset in the same transaction.
    func putAsset(
        sha256: String, owner: UserID, contentType: String, byteCount: Int64, at date: Date, quotaBytes: Int64?,
        job: JobKind?
    ) async throws
    /// What is known of the asset, if anyone holds it.
    func asset(sha256: String) async throws -> StoredAsset?
    /// Whether `owner` holds a reference to the asset.
    func ownsAsset(sha256: String, owner: UserID) async throws -> Bool
    /// The annotations and world maps that name the asset and whose author holds it, for read
    /// authorisation: a record naming someone else's upload is left out (issue 17).
    func assetReferences(sha256: String) async throws -> AssetReferences
    /// Removes `owner`'s reference to the asset, in one transaction: ``AssetRelease/notHeld`` when
    /// they hold none, ``AssetRelease/inUse(_:)`` (removing nothing) while one of their annotations
    /// that is not deleted, or one of their world maps, names it; when no reference is left the
    /// asset's row goes too and the answer says its bytes may be collected.
    func releaseAsset(sha256: String, owner: UserID) async throws -> AssetRelease
    /// Records the renditions and media facts of the asset `sha256`, replacing any it had; answers
    /// false, recording nothing, when no one holds the asset any more.
    func saveRenditions(_ renditions: [AssetRendition], facts: MediaFacts, of sha256: String) async throws -> Bool
    /// The asset's rendition of `kind`, if one was made.
    func rendition(of sha256: String, kind: RenditionKind) async throws -> AssetRendition?
    /// Whether a row names the blob `sha256`: an asset's, or a rendition's. A blob no row names is
    /// collected.
    func isBlobNamed(_ sha256: String) async throws -> Bool
    /// Assets whose bytes are still in the database (kept there before the blob store), at most
    /// `limit`, with their bytes.
    func inlineAssets(limit: Int) async throws -> [InlineAsset]
    /// Forgets the database's copy of the asset's bytes, once the blob store holds them.
    func clearInlineAsset(sha256: String) async throws
}

/// What removing a reference to an asset did.
public enum AssetRelease: Hashable, Sendable {
    /// The owner held no reference.
    case notHeld
    /// A record of the owner's still names the asset; nothing was removed. `kind` says which:
    /// `annotation` or `worldMap` (their record types), or `challengeCompletion` (an Out of Box
    /// completion photo, `id` its challenge).
    case inUse(kind: String, id: String)
    /// The reference is gone; `collectable` when it was the last, and the bytes may go too.
    case released(collectable: Bool)
}

/// An asset whose bytes the database still keeps.
public struct InlineAsset: Hashable, Sendable {
    /// SHA-256, lowercase hex.
    public var sha256: String
    /// The bytes.
    public var data: Data

    /// An inline asset with the given parts.
    public init(sha256: String, data: Data) {
        self.sha256 = sha256
        self.data = data
    }
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

/// What the server knows of an asset; its bytes are in the blob store.
public struct StoredAsset: Hashable, Sendable {
    /// SHA-256, lowercase hex.
    public var sha256: String
    /// The MIME type its bytes show (``MediaFormat/sniff(_:)``), or
    /// ``MediaFormat/unknownMIMEType``.
    public var contentType: String
    /// Its length in bytes.
    public var byteCount: Int64
    /// When its bytes first reached the server.
    public var uploadedAt: Date
    /// What the server read from its media (nothing until its job ran).
    public var facts: MediaFacts

    /// An asset with the given parts.
    public init(
        sha256: String, contentType: String, byteCount: Int64, uploadedAt: Date, facts: MediaFacts = MediaFacts()
    ) {
        self.sha256 = sha256
        self.contentType = contentType
        self.byteCount = byteCount
        self.uploadedAt = uploadedAt
        self.facts = facts
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
