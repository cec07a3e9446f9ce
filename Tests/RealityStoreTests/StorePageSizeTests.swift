import Foundation
import GRDB
import RealityCore
import Testing

@_spi(Benchmarks) @_spi(Testing) @testable import RealityStore

/// A new file takes its side's page size (``SQLiteStoreSide/pageSize``) and WAL; a file made with
/// another size keeps it and opens as before; a store removed with its companions starts afresh.
@Suite struct StorePageSizeTests {
    @Test func aNewDeviceFile_hasTheDevicesPageSize_inWALMode() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let store = try DeviceStore.open(path: root.path("device.sqlite"))
        try await store.setMetadata("probe", to: "written")
        #expect(try await pageSize(store) == SQLiteStoreSide.device.pageSize)
        #expect(try await journalMode(store) == "wal")
    }

    @Test func aNewServerFile_hasTheServersPageSize() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let store = try SQLiteServerStore.open(path: root.path("server.sqlite"))
        #expect(try await pageSize(store) == SQLiteStoreSide.server.pageSize)
        #expect(SQLiteStoreSide.server.pageSize != SQLiteStoreSide.device.pageSize, "the test covers both sizes")
    }

    @Test func aFileMadeWithAnotherPageSize_keepsIt_andKeepsItsData() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let path = root.path("older.sqlite")
        try await DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL")
        }
        let store = try DeviceStore.open(path: path)
        try await store.setMetadata("probe", to: "kept")
        let reopened = try DeviceStore.open(path: path)
        #expect(try await reopened.metadata("probe") == "kept")
        #expect(try await pageSize(reopened) == 4096)
    }

    @Test func removedFiles_leaveNothing_andTheStoreStartsAfresh() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let path = root.path("bench.sqlite")
        do {
            let store = try DeviceStore.open(path: path)
            try await store.setMetadata("probe", to: "gone")
        }
        DeviceStore.removeFiles(at: path)
        for file in StoreFileModes.files(at: path) {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file)")
        }
        let fresh = try DeviceStore.open(path: path)
        #expect(try await fresh.metadata("probe") == nil)
        #expect(try await pageSize(fresh) == SQLiteStoreSide.device.pageSize)
    }

    private func pageSize<Role>(_ store: SQLiteStore<Role>) async throws -> Int? {
        try await store.inspect { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    private func journalMode<Role>(_ store: SQLiteStore<Role>) async throws -> String? {
        try await store.inspect { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }
}
