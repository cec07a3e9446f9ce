import Foundation
import Testing

@testable import RealityServer

/// One server serves a SQLite data directory: a second one on it cannot start until the first
/// is gone.
@Suite struct DataDirectoryLockTests {
    @Test func aSecondServerOnTheSameDirectory_isRefused_untilTheFirstIsGone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-lock-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        var first: (any Sendable)? = try await buildApplication(configuration)
        #expect(first != nil)
        await #expect {
            _ = try await buildApplication(configuration)
        } throws: { error in
            let description = (error as? ServerStartError)?.description ?? ""
            return description == "\(directory.path) is in use: another server (process \(getpid())) serves it"
        }
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("reality-lock-\(UUID())")
        defer { try? FileManager.default.removeItem(at: other) }
        _ = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: other))

        first = nil
        _ = try await buildApplication(configuration)
    }

    @Test func aDirectoryThatCannotHoldTheLock_isReported() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reality-lock-file-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        #expect(throws: ServerStartError.self) { try DataDirectoryLock(directory: file) }
    }
}
