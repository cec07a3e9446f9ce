import Foundation
import Synchronization

/// The live sessions a server store has recently looked up, so that an authenticated request
/// need not read the database to learn who sent it (and since when the session lives).
///
/// On SQLite, safe because one process serves a SQLite file (`reality serve` locks its data
/// directory): every revocation goes through the same store, which forgets the session (or all of
/// a user's sessions) as soon as the write commits, so the next request with that token reads the
/// database and is refused. On PostgreSQL, several instances share the sessions: the store trusts
/// its cache only while it hears the others' revocations (`PostgresReadCaches`, docs/performance.md).
/// Entries also expire after ``lifetime``, which bounds how long a change made by another process
/// that says nothing (an operator with `sqlite3` or `psql`) goes unnoticed.
///
/// A lookup that misses reads the database outside the lock. A revocation committed meanwhile
/// must not be undone by that read putting its now stale answer into the cache, so every
/// revocation advances a generation, and an answer read under an older generation is dropped.
/// Recording a session's use (at most once per touch interval) forgets its entry the same way,
/// so that the next request reads the new last use rather than touching again.
public final class SessionCache: Sendable {
    /// How long an entry is trusted without reading the database again, unless the store is
    /// opened with another lifetime.
    public static let defaultLifetime: Duration = .seconds(5)
    /// The most sessions kept; past it the expired ones go, then arbitrary ones.
    public static let capacity = 10_000

    /// How long an entry is trusted without reading the database again.
    public let lifetime: Duration
    private let state = Mutex(ReadCacheTable<String, AccountSession>())
    private let clock = ContinuousClock()

    /// An empty cache whose entries are trusted for `lifetime`.
    public init(lifetime: Duration = SessionCache.defaultLifetime) {
        self.lifetime = lifetime
    }

    /// The cached live session with `tokenHash`, if there is a fresh entry; otherwise nil and the
    /// generation to pass to ``insert(_:session:generation:)`` after reading.
    public func lookup(_ tokenHash: String) -> (session: AccountSession?, generation: UInt64) {
        let now = clock.now
        let (session, generation) = state.withLock { $0.lookup(tokenHash, at: now) }
        return (session, generation)
    }

    /// Remembers that `tokenHash` names the live `session`, unless a revocation or a touch
    /// happened since `generation` was read (the answer may predate it).
    public func insert(_ tokenHash: String, session: AccountSession, generation: UInt64) {
        let now = clock.now
        state.withLock { state in
            // An answer that will not be kept makes no room either.
            guard state.isCurrent(generation) else { return }
            if state.entries.count >= Self.capacity, state.entries[tokenHash] == nil {
                state.drop { $1.expires <= now }
                if state.entries.count >= Self.capacity { state.dropAny() }
            }
            _ = state.insert(session, for: tokenHash, expires: now + lifetime, generation: generation)
        }
    }

    /// How many sessions are cached, fresh or not.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The cache's entries and lookups so far.
    public var usage: StoreCacheUsage { state.withLock { $0.usage(name: "sessions") } }

    /// Forgets the session with `tokenHash`.
    public func revoke(tokenHash: String) {
        _ = state.withLock { $0.advance { key, _ in key == tokenHash } }
    }

    /// Forgets every session of `userID`.
    public func revokeAll(of userID: UserID) {
        _ = state.withLock { $0.advance { $1.value.userID == userID } }
    }

    /// Forgets every session (the store can no longer hear of revocations).
    public func forgetAll() {
        _ = state.withLock { $0.advance() }
    }

    /// Forgets the session with the ID `id`.
    public func revoke(id: UUID) {
        _ = state.withLock { $0.advance { $1.value.id == id } }
    }
}
