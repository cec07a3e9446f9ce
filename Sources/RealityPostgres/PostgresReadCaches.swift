import Foundation
import RealityCore
import Synchronization

/// What a PostgreSQL store keeps of what it read: sessions by token (``SessionCache``),
/// annotations with their layer chains (``AnnotationReadCache``) and the sync epoch, so that an
/// authenticated point read, a pull and a live event need not go to the database for them while
/// nothing changed (issue 24).
///
/// Several instances share the database, so a cache is trusted only while its store hears every
/// instance's changes: while ``PostgresStore/relayCommitsOfOtherInstances(report:)`` listens on the
/// database's notice channel. Every commit, account deletion and session revocation sends a
/// notice (``PostgresNotice``) in its own transaction, so it goes out when, and only when, the
/// change commits; hearing one, an instance forgets what it may have made stale (the annotations
/// on any change; the sessions named by a revocation). This instance's own changes are forgotten
/// as soon as they commit. While the relay is not listening (not started yet, or reconnecting),
/// nothing is looked up or kept, and everything kept is forgotten when it stops or starts, since
/// notices sent meanwhile are lost. A change on one instance is therefore seen by the others once
/// its notice arrives (a notice is delivered after its transaction commits; milliseconds on a
/// healthy connection), and never later than an entry's lifetime (5 s), which also bounds what a
/// notice that never arrives could leave.
final class PostgresReadCaches: Sendable {
    let sessions: SessionCache
    let annotations: AnnotationReadCache
    /// The secret that signs sync tokens, once read: made once and never changed, so it needs no
    /// notice (every pull asks for it).
    let syncSecret = Mutex<Data?>(nil)
    /// The sync epoch (``PostgresStore/syncEpoch()``), which every pull and the live events after
    /// every commit ask for. Only an account deletion changes it, and its notice forgets it.
    private let epochTable = Mutex(ReadCacheTable<EpochKey, Int64>())
    private let lifetime: Duration
    private let clock = ContinuousClock()
    private let hearing = Mutex(false)

    /// The one key of ``epochTable``.
    private struct EpochKey: Hashable {}

    /// Empty caches whose entries are trusted for `lifetime`, used once the relay listens.
    init(lifetime: Duration = SessionCache.defaultLifetime) {
        sessions = SessionCache(lifetime: lifetime)
        annotations = AnnotationReadCache(lifetime: lifetime)
        self.lifetime = lifetime
    }

    /// The sync epoch, from memory while trusted and fresh, otherwise as `read` answers it.
    func epoch(_ read: () async throws -> Int64) async throws -> Int64 {
        let now = clock.now
        let found = try await answer(
            lookup: { epochTable.withLock { $0.lookup(EpochKey(), at: now) } }, read: { try await read() },
            keep: { value, generation in
                let expires = clock.now + lifetime
                epochTable.withLock { _ = $0.insert(value, for: EpochKey(), expires: expires, generation: generation) }
            })
        guard let found else { throw StoreError.unavailable(detail: "the sync epoch read answered nothing") }
        return found
    }

    /// The epoch's cache's entries and lookups so far.
    var epochUsage: StoreCacheUsage { epochTable.withLock { $0.usage(name: "epoch") } }

    /// Whether lookups may be answered and reads kept now: the relay hears every change.
    var isTrusted: Bool { hearing.withLock { $0 } }

    /// What `read` answers, from a cache while trusted: `lookup` gives the cached answer or the
    /// generation to `keep` a fresh one under; untrusted, every call reads and nothing is kept.
    func answer<Value>(
        lookup: () -> (Value?, UInt64), read: () async throws -> Value?,
        keep: (Value, UInt64) -> Void
    ) async throws -> Value? {
        guard isTrusted else { return try await read() }
        let (cached, generation) = lookup()
        if let cached { return cached }
        let fresh = try await read()
        if let fresh { keep(fresh, generation) }
        return fresh
    }

    /// The relay listens: from now on every change is heard. What was kept before is forgotten
    /// (nothing should be, but a notice sent while nobody listened is lost).
    func startedHearing() {
        forgetAll()
        hearing.withLock { $0 = true }
    }

    /// The relay stopped listening: nothing more is trusted until it listens again.
    func stoppedHearing() {
        hearing.withLock { $0 = false }
        forgetAll()
    }

    /// Forgets what `notice`, from this instance or another, may have made stale (everything for
    /// a notice this build cannot read).
    func forget(_ notice: PostgresNotice?) {
        annotations.invalidate()
        switch notice {
        case nil:
            sessions.forgetAll()
            forgetEpoch()
        case .commit: break
        case .sessionRevoked(let tokenHash): sessions.revoke(tokenHash: tokenHash)
        case .sessionIDRevoked(let id): sessions.revoke(id: id)
        case .sessionsOfUserRevoked(let userID): sessions.revokeAll(of: userID)
        case .accountDeleted(let userID):
            sessions.revokeAll(of: userID)
            // The deletion started a new epoch (every token issued before answers 410).
            forgetEpoch()
        }
    }

    private func forgetAll() {
        sessions.forgetAll()
        annotations.invalidate()
        forgetEpoch()
    }

    private func forgetEpoch() {
        epochTable.withLock { _ = $0.advance() }
    }
}

/// What one instance tells the others on the database's notice channel, after a change commits.
enum PostgresNotice: Equatable, Sendable {
    /// A commit (``ChangeCommitting/commit(_:applying:)``): live events, and any annotation may have changed.
    case commit
    /// The session with this token hash was revoked (a logout).
    case sessionRevoked(tokenHash: String)
    /// The session with this ID was revoked (from the session list).
    case sessionIDRevoked(UUID)
    /// Every session of this user, or all but one, was revoked (a password change, a "sign out everywhere").
    case sessionsOfUserRevoked(UserID)
    /// The account was deleted, with everything it owned.
    case accountDeleted(UserID)

    /// The notice's payload from the instance `instance`: its ID, then the kind and its value.
    func payload(from instance: UUID) -> String {
        let id = instance.uuidString
        switch self {
        case .commit: return id
        case .sessionRevoked(let tokenHash): return "\(id) token \(tokenHash)"
        case .sessionIDRevoked(let session): return "\(id) session \(session.uuidString)"
        case .sessionsOfUserRevoked(let user): return "\(id) user \(user.uuidString)"
        case .accountDeleted(let user): return "\(id) deleted \(user.uuidString)"
        }
    }

    /// The instance and notice a payload holds; nil for one this build cannot read (a newer
    /// instance's kind), which the caller treats as a change to everything.
    static func parse(_ payload: String) -> (instance: String, notice: PostgresNotice?) {
        let parts = payload.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { return (payload, .commit) }
        let notice: PostgresNotice? =
            switch parts[1] {
            case "token": .sessionRevoked(tokenHash: parts[2])
            case "session": UUID(uuidString: parts[2]).map(PostgresNotice.sessionIDRevoked)
            case "user": UserID(uuidString: parts[2]).map(PostgresNotice.sessionsOfUserRevoked)
            case "deleted": UserID(uuidString: parts[2]).map(PostgresNotice.accountDeleted)
            default: nil
            }
        return (parts[0], notice)
    }
}
