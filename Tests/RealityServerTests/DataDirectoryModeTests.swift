import Foundation
import Testing

@testable import RealityServer

/// The server's data directory is private to its user: made 0700 with files 0600, and a directory
/// that others may read is refused before the server listens, naming the fix.
@Suite struct DataDirectoryModeTests {
    @Test func aNewDataDirectory_isPrivate_andSoIsEveryFileInIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-modes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        let app: (any Sendable)? = try await buildApplication(configuration)
        #expect(app != nil)
        #expect(try mode(directory.path) == 0o700)
        #expect(try mode(configuration.assetsDirectory.path) == 0o700)
        for name in ["reality.sqlite", "reality.sqlite-wal", "reality.sqlite-shm", DataDirectoryLock.fileName] {
            #expect(try mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)")
        }
    }

    @Test(arguments: [0o755, 0o750, 0o701])
    func aDataDirectoryOthersMayUse_isRefused_namingTheFix(_ permissions: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-open-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: directory.path)
        await #expect {
            _ = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: directory))
        } throws: { error in
            (error as? ServerStartError)?.description
                == "data directory \(directory.path) has group or world access; chmod 0700 \(directory.path)"
        }
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("reality.sqlite").path),
            "nothing was created in it")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
