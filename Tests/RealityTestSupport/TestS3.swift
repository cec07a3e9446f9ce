import Foundation
import RealityProcess

#if canImport(Glibc)
    import Glibc
#endif

/// The S3-compatible server the tests of this process use (issue 19): `REALITY_TEST_S3_URL` when
/// set, else moto's server mode started on a free loopback port: `REALITY_TEST_MOTO` (its
/// `moto_server`), else `moto_server` on PATH, else one installed on first use into
/// `.build/moto-venv` from PyPI (`python3 -m venv`; `.ci/run` makes sure python3-venv is there).
/// A watchdog stops it once this process is gone, however it ends. Each test takes a bucket of
/// its own (``newBucket()``).
public final class TestS3: Sendable {
    /// The server, started (or found) once per process.
    public static let shared = Task<TestS3, any Error> { try await TestS3.start() }
    /// The moto release installed when none is found.
    static let motoVersion = "5.2.1"

    /// The server's address.
    public let endpoint: URL
    /// Credentials moto accepts (any); a server of your own needs real ones in
    /// `REALITY_TEST_S3_ACCESS_KEY_ID` and `REALITY_TEST_S3_SECRET_ACCESS_KEY`.
    public let accessKey: String
    public let secretKey: String

    private init(endpoint: URL, accessKey: String, secretKey: String) {
        self.endpoint = endpoint
        self.accessKey = accessKey
        self.secretKey = secretKey
    }

    /// A bucket name no other test uses.
    public func newBucket() -> String { "reality-test-\(UUID().uuidString.lowercased())" }

    private static func start() async throws -> TestS3 {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["REALITY_TEST_S3_URL"], let url = URL(string: given) {
            return TestS3(
                endpoint: url, accessKey: environment["REALITY_TEST_S3_ACCESS_KEY_ID"] ?? "test",
                secretKey: environment["REALITY_TEST_S3_SECRET_ACCESS_KEY"] ?? "test")
        }
        let executable = try motoServer()
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try PrivatePostgresServer.freeLoopbackPort()
            let process = try ChildProcess(
                executable, ["-H", "127.0.0.1", "-p", String(port)], output: .null, error: .null)
            try startWatchdog(for: process.processIdentifier)
            if await listening(port: port, while: process) {
                return TestS3(endpoint: URL(string: "http://127.0.0.1:\(port)")!, accessKey: "test", secretKey: "test")
            }
            process.send(SIGKILL)
            lastError = PrivatePostgresServer.StartError(description: "moto_server did not listen on \(port)")
        }
        throw lastError ?? PrivatePostgresServer.StartError(description: "moto_server did not start")
    }

    /// The `moto_server` to run, installing one when there is none.
    private static func motoServer() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["REALITY_TEST_MOTO"], !given.isEmpty { return given }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/moto_server"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let venv = packageRoot().appendingPathComponent(".build/moto-venv").path
        let installed = venv + "/bin/moto_server"
        if FileManager.default.isExecutableFile(atPath: installed) { return installed }
        let script = "python3 -m venv '\(venv)' && '\(venv)/bin/pip' install -q 'moto[server]==\(motoVersion)'"
        let install = try ChildProcess("/bin/sh", ["-c", script], output: .null, error: .null)
        let status = install.exitBlocking()
        guard status == 0, FileManager.default.isExecutableFile(atPath: installed) else {
            throw PrivatePostgresServer.StartError(
                description: "no moto_server: installing moto[server]==\(motoVersion) into \(venv) exited \(status)")
        }
        return installed
    }

    /// Waits (up to 60 s) until something accepts connections on `port`, while `process` runs.
    private static func listening(port: Int, while process: ChildProcess) async -> Bool {
        for _ in 0..<600 {
            if !process.isRunning { return false }
            if (try? LoopbackSocket(port: port)).map({ $0.close() }) != nil { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Kills `pid` once this process has ended.
    private static func startWatchdog(for pid: pid_t) throws {
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; kill \(pid) 2>/dev/null"
        _ = try ChildProcess("/bin/sh", ["-c", script], output: .null, error: .null)
    }

    /// The package's root: the directory above `.build` holding this test binary.
    private static func packageRoot() -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? FileManager.default.currentDirectoryPath)
        while url.path != "/" {
            if url.lastPathComponent == ".build" { return url.deletingLastPathComponent() }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
