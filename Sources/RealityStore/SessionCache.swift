import Foundation
import RealityCore
import Synchronization

/// The live sessions a SQLite server has recently looked up, so that an authenticated request
/// need not read the database to learn who sent it.
///
/// Safe only because one process serves a SQLite file (`reality serve` locks its data directory):
/// every revocation goes through the same ``SQLiteStore``, which forgets the session (or all of a
/// user's sessions) as soon as the write commits, so the next request with that token reads the
/// database and is refused. PostgreSQL stores keep no such cache: several instances share its
/// sessions, and a logout on one must stop the token on all of them at once. Entries also expire
/// after ``lifetime``, which bounds how long a change made to the file by another process (an
/// operator with `sqlite3`) goes unnoticed.
///
/// A lookup that misses reads the database outside the lock. A revocation committed meanwhile
/// must not be undone by that read putting its now stale answer into the cache, so every
/// revocation advances a generation, and an answer read under an older generation is dropped.
final class SessionCache: Sendable {
    /// How long an entry is trusted without reading the database again.
    static let lifetime: Duration = .seconds(5)
    /// The most sessions kept; past it the expired ones go, then arbitrary ones.
    static let capacity = 10_000

    private struct Entry {
        var userID: UserID
        var expires: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var generation: UInt64 = 0
        var hits = 0, misses = 0
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// The user of the cached live session with `tokenHash`, if there is a fresh entry; otherwise
    /// nil and the generation to pass to ``insert(_:userID:generation:)`` after reading.
    func lookup(_ tokenHash: String) -> (userID: UserID?, generation: UInt64) {
        let now = clock.now
        return state.withLock { state in
            if let entry = state.entries[tokenHash], entry.expires > now {
                state.hits += 1
                return (entry.userID, state.generation)
            }
            state.misses += 1
            return (nil, state.generation)
        }
    }

    /// Remembers that `tokenHash` names a live session of `userID`, unless a revocation happened
    /// since `generation` was read (the answer may predate it).
    func insert(_ tokenHash: String, userID: UserID, generation: UInt64) {
        let expires = clock.now + Self.lifetime
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= Self.capacity, state.entries[tokenHash] == nil {
                let now = clock.now
                state.entries = state.entries.filter { $0.value.expires > now }
                if state.entries.count >= Self.capacity { state.entries.remove(at: state.entries.startIndex) }
            }
            state.entries[tokenHash] = Entry(userID: userID, expires: expires)
        }
    }

    /// How many sessions are cached, fresh or not.
    var count: Int { state.withLock { $0.entries.count } }

    /// The cache's entries and lookups so far.
    var usage: StoreCacheUsage {
        state.withLock { StoreCacheUsage(name: "sessions", entries: $0.entries.count, hits: $0.hits, misses: $0.misses) }
    }

    /// Forgets the session with `tokenHash`.
    func revoke(tokenHash: String) {
        state.withLock { state in
            state.generation &+= 1
            state.entries[tokenHash] = nil
        }
    }

    /// Forgets every session of `userID`.
    func revokeAll(of userID: UserID) {
        state.withLock { state in
            state.generation &+= 1
            state.entries = state.entries.filter { $0.value.userID != userID }
        }
    }
}
