import RealityCore

/// Runs blocking work (a socket read, a pipe read) on a Dispatch thread and awaits its result,
/// so that it never occupies one of the few threads of Swift's cooperative pool: on a two-core
/// machine two blocked reads there stop every task, including the ones they wait for.
public func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await onDispatchThread(work)
}
