import Foundation
import RealityCore
import RealityTestSupport
import Synchronization
import Testing

@testable import RealityStore

/// The composition root opens nothing until first use, opens once, and reports health (SPEC S10).
@Suite struct LazyServiceContainerTests {
    /// Counts how often the container asked for the store and for the user.
    final class Calls: Sendable {
        let opens = Mutex(0)
        let userLookups = Mutex(0)
        var openCount: Int { opens.withLock { $0 } }
        var userCount: Int { userLookups.withLock { $0 } }
    }

    static func container(
        _ calls: Calls, store: DeviceStore, user: UserID, failFirstOpen: Bool = false
    ) -> LazyServiceContainer<DeviceStore> {
        LazyServiceContainer<DeviceStore>(
            openStore: {
                let attempt = calls.opens.withLock { count in
                    count += 1
                    return count
                }
                if failFirstOpen, attempt == 1 { throw StoreError.unavailable(detail: "first open fails") }
                // Give concurrent first callers time to pile up behind this opening.
                try await Task.sleep(for: .milliseconds(50))
                return store
            },
            currentUser: { _ in
                calls.userLookups.withLock { $0 += 1 }
                return user
            })
    }

    @Test(arguments: StoreKind.allCases)
    func buildingTheContainer_opensNothing(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = Calls()
            let container = Self.container(calls, store: store, user: UserID())
            #expect(await container.isStoreOpen == false)
            #expect(await container.createdServices == [])
            #expect(await container.healthCheck() == [])
            #expect(calls.openCount == 0 && calls.userCount == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentFirstUses_openTheStoreExactlyOnce(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = Calls()
            let ana = Samples.user("Ana")
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            let container = Self.container(calls, store: store, user: ana.id)
            try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        switch index % 8 {
                        case 0: try await container.annotationService().serviceIdentifier
                        case 1: try await container.layerService().serviceIdentifier
                        case 2: try await container.permissionService().serviceIdentifier
                        case 3: try await container.searchService().serviceIdentifier
                        case 4: try await container.collaborationService().serviceIdentifier
                        case 5: try await container.userService().serviceIdentifier
                        case 6: try await container.notificationService().serviceIdentifier
                        default: try await container.anchorManager().serviceIdentifier
                        }
                    }
                }
                var names: Set<String> = []
                for try await name in group { names.insert(name) }
                #expect(names.count == 8)
            }
            #expect(calls.openCount == 1)
            #expect(await container.isStoreOpen)
            let expected = [
                "anchors", "annotations", "collaboration", "layers", "notifications", "permissions", "search", "users",
            ]
            #expect(await container.createdServices == expected)
            let health = await container.healthCheck()
            #expect(health.map(\.service) == expected)
            #expect(health.allSatisfy { $0.status == .healthy && $0.detail == nil })
            #expect(try await container.context().userID == ana.id)
            #expect(try await container.userService().getCurrentUser().id == ana.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func firstUse_createsOnlyTheServiceAskedFor(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = Calls()
            let container = Self.container(calls, store: store, user: UserID())
            _ = try await container.searchService()
            #expect(calls.openCount == 1)
            #expect(await container.createdServices == ["search"])
            #expect(await container.healthCheck().map(\.service) == ["search"])
            _ = try await container.searchService()
            #expect(await container.createdServices == ["search"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func reset_dropsServicesAndTheUser_butKeepsTheStoreOpen(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = Calls()
            let container = Self.container(calls, store: store, user: UserID())
            _ = try await container.layerService()
            await container.reset()
            #expect(await container.createdServices == [])
            #expect(await container.isStoreOpen)
            _ = try await container.layerService()
            #expect(calls.openCount == 1)
            #expect(calls.userCount == 2, "the acting user is looked up again after a reset")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedOpening_isRetriedOnTheNextUse(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = Calls()
            let container = Self.container(calls, store: store, user: UserID(), failFirstOpen: true)
            await #expect(throws: StoreError.unavailable(detail: "first open fails")) {
                _ = try await container.userService()
            }
            #expect(await container.isStoreOpen == false)
            #expect(await container.createdServices == [])
            _ = try await container.userService()
            #expect(calls.openCount == 2)
            #expect(await container.isStoreOpen)
        }
    }

    @Test func containersOverOneFile_areIndependent_andOpenLazily() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lazy.sqlite")
        let calls = Calls()
        let container = LazyServiceContainer<DeviceStore>(
            openStore: {
                calls.opens.withLock { $0 += 1 }
                return try DeviceStore.open(path: path)
            },
            currentUser: { try await $0.localProfile() })
        #expect(!FileManager.default.fileExists(atPath: path), "building the root creates no file")
        let me = try await container.userService().getCurrentUser()
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(me.subscriptionTier == .free && calls.openCount == 1)
        let other = LazyServiceContainer<DeviceStore>(
            openStore: { try DeviceStore.open(path: path) }, currentUser: { try await $0.localProfile() })
        #expect(try await other.context().userID == me.id, "the same local profile from the same file")
    }
}
