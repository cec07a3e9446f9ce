import Dispatch

/// Runs `work`, which blocks or computes for long (bcrypt, waiting on a child process or a
/// socket), on a Dispatch thread and awaits its result.
///
/// Swift's tasks run on a few threads: the cooperative pool's, or the server's event loops once
/// they are the global executor (`ServerThreads`). Work like this on one of them stops every task
/// and every connection that thread serves.
public func onDispatchThread<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// ``onDispatchThread(_:)`` for work that cannot fail.
public func onDispatchThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: work())
        }
    }
}
