/// Mutual exclusion per key: holders of one key run one at a time, in the order they asked;
/// different keys do not wait for each other. Used so that publishing a blob and collecting the
/// same blob never interleave.
actor KeyedLock<Key: Hashable & Sendable> {
    private var held: Set<Key> = []
    private var waiting: [Key: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` while holding `key`.
    nonisolated func withLock<T: Sendable>(_ key: Key, _ body: () async throws -> T) async rethrows -> T {
        await lock(key)
        return try await holding(key, body)
    }

    /// Runs `body` while holding `key` if nobody holds it now; nil (without running it) if
    /// somebody does.
    nonisolated func withLockIfFree<T: Sendable>(_ key: Key, _ body: () async throws -> T) async rethrows -> T? {
        guard await tryLock(key) else { return nil }
        return try await holding(key, body)
    }

    /// Runs `body`, `key` being held, and releases it however `body` ends.
    private nonisolated func holding<T: Sendable>(_ key: Key, _ body: () async throws -> T) async rethrows -> T {
        do {
            let result = try await body()
            await unlock(key)
            return result
        } catch {
            await unlock(key)
            throw error
        }
    }

    private func tryLock(_ key: Key) -> Bool {
        held.insert(key).inserted
    }

    private func lock(_ key: Key) async {
        guard held.contains(key) else {
            held.insert(key)
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Hands the key to the next waiter (it stays held) or frees it.
    private func unlock(_ key: Key) {
        guard var queue = waiting[key], !queue.isEmpty else {
            held.remove(key)
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue.isEmpty ? nil : queue
        next.resume()
    }
}
