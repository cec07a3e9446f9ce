import NIOCore
import NIOPosix

/// Where the server's Swift tasks run.
public enum ServerThreads {
    /// Makes SwiftNIO's event loops Swift Concurrency's global executor, so that a request's
    /// handler runs on the thread that read it instead of hopping to the cooperative pool and
    /// back. Call once, from the main thread, before the server starts; answers whether it took.
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
