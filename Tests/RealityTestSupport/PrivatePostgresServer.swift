import Foundation
import PostgresNIO
import RealityProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a throwaway PostgreSQL server for this test process from the binaries installed on
/// the machine (Debian's `postgresql` package, or any `initdb` and `pg_ctl` on PATH).
public enum PrivatePostgresServer {
    /// Why the server could not start, with the tools' output.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the server and returns a configuration for its `postgres` database.
    public static func start() throws -> PostgresClient.Configuration {
        let bin = try binaryDirectory()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let asRoot = geteuid() == 0
        if asRoot { try run("/bin/chown", ["postgres:postgres", directory]) }
        // initdb refuses to run as root, so as root everything runs as the postgres user.
        func asServerUser(_ tool: String, _ arguments: [String]) throws {
            if asRoot {
                try run(try runuser(), ["-u", "postgres", "--", "\(bin)/\(tool)"] + arguments)
            } else {
                try run("\(bin)/\(tool)", arguments)
            }
        }
        let data = directory + "/data"
        try asServerUser(
            "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync"])
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freeLoopbackPort()
            let options = [
                "-c listen_addresses=127.0.0.1", "-p \(port)", "-k \(directory)", "-c fsync=off",
                "-c synchronous_commit=off", "-c full_page_writes=off", "-c max_connections=200",
                "-c shared_buffers=64MB",
            ].joined(separator: " ")
            do {
                try asServerUser(
                    "pg_ctl", ["-D", data, "-l", directory + "/server.log", "-w", "-t", "60", "-o", options, "start"])
                try startWatchdog(bin: bin, data: data, directory: directory, asRoot: asRoot)
                return PostgresClient.Configuration(
                    host: "127.0.0.1", port: port, username: "postgres", password: nil, database: "postgres",
                    tls: .disable)
            } catch {
                lastError = error  // most likely the port was taken in between; try another
            }
        }
        throw lastError ?? StartError(description: "PostgreSQL did not start")
    }

    /// Stops the server and removes its files once this process has ended.
    private static func startWatchdog(bin: String, data: String, directory: String, asRoot: Bool) throws {
        let stop = (asRoot ? "\(try runuser()) -u postgres -- " : "") + "'\(bin)/pg_ctl' -D '\(data)' -m immediate stop"
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(stop) >/dev/null 2>&1
            rm -rf '\(directory)'
            """
        // Not waited for: it outlives this process on purpose.
        _ = try ChildProcess("/bin/sh", ["-c", script], output: .null, error: .null)
    }

    /// `REALITY_TEST_POSTGRES_BIN`, else the newest `/usr/lib/postgresql/*/bin`, else the
    /// directory of `initdb` on PATH.
    private static func binaryDirectory() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let bin = environment["REALITY_TEST_POSTGRES_BIN"], !bin.isEmpty { return bin }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return "\(root)/\(version)/bin"
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
            return String(directory)
        }
        throw StartError(
            description: """
                No PostgreSQL server binaries found: install Debian's postgresql package, or set \
                REALITY_TEST_POSTGRES_URL to a server, or REALITY_TEST_POSTGRES_BIN to the directory of initdb.
                """)
    }

    private static func runuser() throws -> String {
        for path in ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw StartError(description: "running as root, but runuser is missing to start PostgreSQL as postgres")
    }

    /// Runs a program to completion (``ChildProcess``); throws with its output when it fails.
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-pg-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process: ChildProcess
        do {
            process = try ChildProcess(executable, arguments, output: .appending(output), error: .output)
        } catch {
            throw StartError(description: "\(error)")
        }
        let status = process.exitBlocking()
        guard status == 0 else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw StartError(
                description: "\(executable) \(arguments.joined(separator: " ")) failed (\(status)):\n\(text)")
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartError(description: "socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw StartError(description: "could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
