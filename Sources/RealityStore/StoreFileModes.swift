import Foundation
import RealityCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a store's files private to its user: the device's store holds the bearer token and the
/// user's private notes, the server's every password hash and session digest.
enum StoreFileModes {
    /// The store file at `path` and the WAL and shared-memory files SQLite keeps beside it.
    static func files(at path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }

    /// Creates the folder of the store at `path` mode 0700 when missing (an existing folder is
    /// left as it is: it may be anyone's, `/tmp`), and the store file mode 0600 when missing, so
    /// that SQLite makes its `-wal` and `-shm` files with that mode too; a store file and its
    /// companions that exist with group or world access are made 0600.
    static func preparePrivateFile(at path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.unavailable(detail: "\(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        for file in files(at: path) {
            var status = stat()
            if stat(file, &status) == 0, status.st_mode & 0o077 != 0 {
                _ = chmod(file, 0o600)
            }
        }
    }
}
