import Foundation
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one server process that may serve a SQLite data directory: an exclusive `flock` on the
/// directory's `server.lock`, which holds the process ID for whoever finds it taken.
///
/// The server keeps what it recently read (sessions, annotations) in memory and forgets it when
/// it commits a change, so a second server on the same file would answer from memory what the
/// other has changed. The kernel drops the lock when the process ends however it ends, so a
/// crash leaves nothing to clean up. A service of the application, so that the lock is held as
/// long as the application is.
final class DataDirectoryLock: Service, Sendable {
    /// The lock file's name in the data directory.
    static let fileName = "server.lock"

    private let descriptor: Int32

    /// Takes the lock of `directory` (which must exist), or throws a ``ServerStartError`` naming
    /// the process that holds it.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerStartError(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno == EWOULDBLOCK ? Self.holder(of: descriptor) : String(cString: strerror(errno))
            close(descriptor)
            throw ServerStartError(description: "\(directory.path) is in use: \(reason)")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    /// Makes `directory` ready to hold a server's data, private to the server's user: creates it
    /// (and `assets` inside it) mode 0700 when missing, and the database file `databasePath`
    /// mode 0600, so that SQLite makes its `-wal` and `-shm` files with the same mode. Refuses, as
    /// PostgreSQL does, a directory that its group or others may use: it holds every password
    /// hash, session digest and private note.
    static func prepare(directory: URL, assets: URL, databasePath: String) throws {
        let manager = FileManager.default
        let privateDirectory: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: privateDirectory)
        } catch {
            throw ServerStartError(description: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        var status = stat()
        guard stat(directory.path, &status) == 0 else {
            throw ServerStartError(description: "cannot read \(directory.path): \(String(cString: strerror(errno)))")
        }
        if status.st_mode & 0o077 != 0 {
            throw ServerStartError(
                description: "data directory \(directory.path) has group or world access; chmod 0700 \(directory.path)")
        }
        do {
            try manager.createDirectory(at: assets, withIntermediateDirectories: true, attributes: privateDirectory)
        } catch {
            throw ServerStartError(description: "cannot create \(assets.path): \(error.localizedDescription)")
        }
        let descriptor = open(databasePath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerStartError(description: "cannot open \(databasePath): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    deinit {
        close(descriptor)
    }

    /// Holds the lock until the application shuts down; it is let go when the application is.
    func run() async throws {
        try? await gracefulShutdown()
    }

    /// Who holds the lock, as its file tells.
    private static func holder(of descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let pid =
            count > 0
            ? String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        return pid.isEmpty ? "another server holds its lock" : "another server (process \(pid)) serves it"
    }
}
