import Dispatch
import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// The SQLite store's pool usage (what `/metrics` reports as `store_pool_*`), on a real file.
@Suite struct StorePoolUsageTests {
    @Test func aReadInProgress_isCountedOnAReader_andLeavesWhenItEnds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteServerStore.open(path: directory.path("pool.sqlite"))
        #expect(store.poolUsage.map(\.kind) == [.reader, .writer])
        #expect(store.poolUsage.map(\.size) == [5, 1])
        let before = try #require(store.poolUsage.first { $0.kind == .reader })

        let release = DispatchSemaphore(value: 0)
        let read = Task { try await store.read { _ in release.wait() } }
        var inFlight = 0
        for _ in 0..<500 where inFlight == 0 {
            inFlight = store.poolUsage.first { $0.kind == .reader }?.inFlight ?? 0
            if inFlight == 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(inFlight == 1)
        release.signal()
        try await read.value

        let after = try #require(store.poolUsage.first { $0.kind == .reader })
        #expect(after.inFlight == 0)
        #expect(after.total == before.total + 1)
        try await store.setMetadata("k", to: "v")
        #expect(store.poolUsage.first { $0.kind == .writer }?.total ?? 0 >= 1)
    }

    @Test func aStoreInMemory_readsOnItsOneConnection() async throws {
        let store = try DeviceStore.inMemory()
        #expect(store.poolUsage.map(\.kind) == [.writer])
        _ = try await store.metadata("k")
        #expect(store.poolUsage.first?.total == 1)
        #expect(store.poolUsage.first?.inFlight == 0)
    }
}
