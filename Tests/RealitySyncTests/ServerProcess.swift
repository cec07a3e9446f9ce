import AsyncHTTPClient
import Foundation
import RealityProcess
import RealityTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `reality serve` in a child process of its own, so that a test can kill it with SIGKILL and
/// start it again on the same data, as an operator's crash and restart would.
final class ServerProcess: @unchecked Sendable {
    /// The server's base address.
    let url: String
    /// The server's port on loopback.
    let port: Int
    /// Its PostgreSQL database, when it keeps its data there.
    let postgresURL: String?
    /// The SQLite file it keeps its data in otherwise.
    let sqlitePath: String
    private let arguments: [String]
    private let log: URL
    // Touched only by the test that owns the server, one call at a time.
    private var process: ChildProcess?

    /// A server on a free loopback port keeping its data in `directory`, or in the PostgreSQL
    /// database at `postgresURL` when one is given; `extra` is added to its arguments.
    init(directory: URL, postgresURL: String?, adminToken: String, extra: [String] = []) throws {
        port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        log = directory.appendingPathComponent("server.log")
        self.postgresURL = postgresURL
        sqlitePath = directory.appendingPathComponent("data").appendingPathComponent("reality.sqlite").path
        var arguments = [
            "serve", "--host", "127.0.0.1", "--port", "\(port)", "--data",
            directory.appendingPathComponent("data").path,
            "--admin-token", adminToken,
            // The lowest bcrypt cost: each registration and login hashes, 0.4 s apiece at the
            // default cost in a debug build, and these tests sign in many times.
            "--password-cost", "4",
        ]
        if let postgresURL { arguments += ["--postgres", postgresURL] }
        self.arguments = arguments + extra
    }

    /// The `reality` executable that `swift build` puts beside the test bundle.
    static var executable: URL {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory =
            FileManager.default.fileExists(atPath: bundle.path)
            ? bundle.deletingLastPathComponent() : Bundle.main.bundleURL.deletingLastPathComponent()
        return directory.appendingPathComponent("reality")
    }

    /// Starts the process and waits until `/health` answers 200.
    func start(client: HTTPClient) async throws {
        let process = try ChildProcess(Self.executable.path, arguments, output: .appending(log.path), error: .output)
        self.process = process
        for _ in 0..<600 {
            guard process.isRunning else { break }
            var request = HTTPClientRequest(url: url + "/health")
            request.method = .GET
            if let response = try? await client.execute(request, timeout: .seconds(2)), response.status == .ok {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw SyncTestFailure("reality serve did not become healthy: \(text.suffix(2000))")
    }

    /// What the process has written to standard output and standard error so far.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Kills the process with SIGKILL (no graceful shutdown) and waits until it is gone.
    func kill() async throws {
        guard let process, process.isRunning else { return }
        process.send(SIGKILL)
        _ = try await process.exit()
        self.process = nil
    }

    /// Sends `signal` (SIGTERM or SIGINT: a graceful shutdown) to the process.
    func send(_ signal: Int32) {
        guard let process, process.isRunning else { return }
        process.send(signal)
    }

    /// The most memory the process has had resident so far (`VmHWM` in `/proc/PID/status`).
    var peakResidentBytes: Int? {
        guard let process,
            let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// True while the process runs.
    var isRunning: Bool { process?.isRunning ?? false }

    /// Waits up to `timeout` for the process to exit and answers its exit status; nil when it is
    /// still running then.
    func exitStatus(within timeout: Duration) async throws -> Int32? {
        guard let process else { return nil }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }

    /// The ports this test process hands out, each once: the two lanes of device tests
    /// (``DeviceSyncTests``, ``DeviceCommandLineTests``) start servers side by side, and a port
    /// the kernel picked for one could be picked again for the other before the first server
    /// bound it. They lie below Linux's ephemeral range (32768 and up), which the kernel takes
    /// outgoing connections' ports from, and start at a place of this process's own.
    private static let nextPort = Mutex(portRange.lowerBound + Int(getpid()) % portRange.count)
    private static var portRange: Range<Int> { 20_000..<32_000 }

    /// A port nothing listens on now, handed out by no other call in this process.
    static func freePort() throws -> Int {
        for _ in 0..<1_000 {
            let port = nextPort.withLock { next in
                defer { next = next + 1 < portRange.upperBound ? next + 1 : portRange.lowerBound }
                return next
            }
            if isFree(port) { return port }
        }
        throw SyncTestFailure("no free port in \(portRange)")
    }

    /// True when a socket can bind `port` on loopback now.
    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
