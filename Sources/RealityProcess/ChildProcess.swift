import Foundation
import Glibc
import Synchronization

/// A program started through `posix_spawn` and `waitpid`: the server's ffmpeg and ffprobe, and the
/// tests' `reality`, `pg_ctl`, libvips tools, ….
///
/// Not Foundation's `Process`: on Linux with Swift 6.3.1 its `run()` reads each `/proc/self/fd`
/// entry as a whole 256-byte `dirent` name and, when an entry ends near an unmapped page,
/// crashes the test process with a bad pointer dereference (seen here once in a full run;
/// https://github.com/swiftlang/swift-corelibs-foundation/pull/5472, fixed after 6.3.1). Its
/// `waitUntilExit` was also seen to hang after `pg_ctl start`, and a child ffmpeg's exit went unseen
/// (left a zombie) while other threads started processes.
///
/// The pipes are made close-on-exec, so another test's child never holds them open (which would
/// keep a reader from seeing the end of its output); the child's own ends are moved to 0, 1 and 2.
/// A pipe is made and then marked (`pipe2` does not reach Swift), so the making of the pipes and
/// the spawn hold one lock across the process: no other child started here is spawned between
/// the two and inherits an end still unmarked.
/// Signals the test process ignores or blocks are reset for the child, so SIGINT and SIGTERM
/// reach `reality serve` as they would from a shell.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// A pipe to or from this process (``standardInput``, ``standardOutput``, ``standardError``).
        case pipe
        /// `/dev/null`.
        case null
        /// A file, appended to (created when missing).
        case appending(String)
        /// Standard error only: wherever standard output goes.
        case output
    }

    /// The child's process ID.
    public let processIdentifier: pid_t
    /// Writes to the child's standard input, when it is ``Stream/pipe``.
    public let standardInput: FileHandle?
    /// Reads the child's standard output, when it is ``Stream/pipe``.
    public let standardOutput: FileHandle?
    /// Reads the child's standard error, when it is ``Stream/pipe``.
    public let standardError: FileHandle?
    /// The raw `waitpid` status once the child has exited and been reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Held from the first pipe a start makes until its child is spawned.
    private static let starting = Mutex(())

    /// Starts `executable` with `arguments` (and `environment`, or this process's when nil).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Stream = .null, output: Stream = .pipe, error: Stream = .pipe
    ) throws {
        let started = try Self.starting.withLock { _ in
            try Self.spawn(executable, arguments, environment: environment, input: input, output: output, error: error)
        }
        processIdentifier = started.pid
        standardInput = started.input
        standardOutput = started.output
        standardError = started.error
    }

    /// Spawns the child; answers its process ID and this process's ends of its pipes.
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?, input: Stream,
        output: Stream, error: Stream
    ) throws -> (pid: pid_t, input: FileHandle?, output: FileHandle?, error: FileHandle?) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }

        /// Sets the child's descriptor `target` up as `stream` says; answers this process's end
        /// of a pipe.
        func connect(_ stream: Stream, to target: Int32) throws -> FileHandle? {
            switch stream {
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw ChildProcessError("pipe failed: errno \(errno)") }
                // Close-on-exec: only the dup2 onto 0, 1 or 2 reaches the child.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                // For standard input the child reads (end 0); for the others it writes (end 1).
                let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, target)
                return FileHandle(fileDescriptor: parent, closeOnDealloc: true)
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
                return nil
            case .appending(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                return nil
            case .output:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
                return nil
            }
        }
        let standardInput = try connect(input, to: 0)
        let standardOutput = try connect(output, to: 1)
        let standardError = try connect(error, to: 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables: [UnsafeMutablePointer<CChar>?]? = environment.map { environment in
            environment.map { key, value in strdup("\(key)=\(value)") } + [nil]
        }
        defer { variables?.forEach { free($0) } }
        var pid: pid_t = 0
        let result: Int32
        if var variables {
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, &variables)
        } else {
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard result == 0 else { throw ChildProcessError("could not start \(executable): error \(result)") }
        return (pid, standardInput, standardOutput, standardError)
    }

    /// True until the child has exited (reaping it when it has).
    public var isRunning: Bool { status() == nil }

    /// The exit code, or the number of the signal that ended the child (as `Process` reports
    /// it); nil while it runs.
    public var terminationStatus: Int32? { status().map(Self.decode) }

    /// Sends `signal` to the child, unless it has been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { if $0 == nil { _ = kill(processIdentifier, signal) } }
    }

    /// Waits for the child to exit, looking every few milliseconds, and answers
    /// ``terminationStatus``.
    public func exit() async throws -> Int32 {
        while true {
            if let status = status() { return Self.decode(status) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits for the child to exit, blocking this thread (looking every few milliseconds), and
    /// answers ``terminationStatus``.
    public func exitBlocking() -> Int32 {
        while true {
            if let status = status() { return Self.decode(status) }
            usleep(5_000)
        }
    }

    /// The raw status once the child has exited, reaping it the first time; nil while it runs.
    private func status() -> Int32? {
        reaped.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            while true {
                let result = waitpid(processIdentifier, &status, WNOHANG)
                if result == -1 && errno == EINTR { continue }
                guard result == processIdentifier else { return nil }
                reaped = status
                return status
            }
        }
    }

    /// `WIFEXITED ? WEXITSTATUS : WTERMSIG`, spelled out (the C macros do not reach Swift).
    private static func decode(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }
}

/// A child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
