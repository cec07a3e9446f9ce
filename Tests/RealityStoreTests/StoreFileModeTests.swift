import Foundation
import RealityCore
import Testing

@testable import RealityStore

/// The device's store holds its bearer token and private notes: the store, its WAL and SHM files,
/// and a folder the store creates are private to the user.
@Suite struct StoreFileModeTests {
    @Test func aNewStore_andTheFolderItCreates_arePrivate() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let folder = root.url.appendingPathComponent(".reality")
        let path = folder.appendingPathComponent("default.sqlite").path
        let store = try DeviceStore.open(path: path)
        try await store.setMetadata("probe", to: "written")
        #expect(try mode(folder.path) == 0o700)
        for file in StoreFileModes.files(at: path) {
            #expect(try mode(file) == 0o600, "\(file)")
        }
    }

    @Test func anExistingStoreOthersCouldRead_isMadePrivate_andItsFolderLeftAlone() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.url.path)
        let path = root.path("device.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        let store = try DeviceStore.open(path: path)
        try await store.setMetadata("probe", to: "written")
        #expect(try mode(path) == 0o600)
        #expect(try mode(path + "-wal") == 0o600)
        #expect(try mode(root.url.path) == 0o755, "a folder the store did not create is not the store's to change")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
