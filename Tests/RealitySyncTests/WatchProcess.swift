import Foundation
import RealityProcess
import RealityTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `reality sync --watch` running as a child process, its standard output read line by line
/// through a pipe as it comes (as a script or `tail` would read it).
///
/// `@unchecked Sendable`: the process and the pipe are only started, signalled and read from;
/// the lines live behind a mutex.
final class WatchProcess: @unchecked Sendable {
    private let process: ChildProcess
    private let lines = Mutex(Lines())
    private let errors: FileHandle

    /// The lines printed so far, and whether standard output has closed.
    struct Lines {
        var all: [String] = []
        var closed = false
    }

    /// Starts `reality COMMAND ARGUMENTS --store STORE` (`sync --watch` unless told).
    init(store: String, command: [String] = ["sync", "--watch"], arguments: [String] = []) throws {
        process = try ChildProcess(ServerProcess.executable.path, command + ["--store", store] + arguments)
        guard let reader = process.standardOutput, let errors = process.standardError else {
            throw SyncTestFailure("reality's standard streams are not piped")
        }
        self.errors = errors
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.all.append(line) }
                }
            }
            lines.withLock { $0.closed = true }
        }
    }

    /// Every line printed so far.
    var printed: [String] { lines.withLock { $0.all } }

    /// Waits up to `timeout` for a line that satisfies `matches`; returns it, or nil.
    func line(within timeout: Duration, where matches: (String) -> Bool) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = printed.first(where: matches) { return line }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Sends `signal` and waits up to 20 s for the process to exit; returns its status and what
    /// it printed on standard error.
    func stop(with signal: Int32) async throws -> (status: Int32?, error: String) {
        process.send(signal)
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            process.send(SIGTERM)
            return (nil, "")
        }
        // Let the reader take the last lines.
        for _ in 0..<100 where !lines.withLock({ $0.closed }) { try await Task.sleep(for: .milliseconds(20)) }
        let errors = self.errors
        let error = try await blocking { errors.readDataToEndOfFile() }
        return (process.terminationStatus, String(decoding: error, as: UTF8.self))
    }

    deinit {
        if process.isRunning { process.send(SIGTERM) }
    }
}
