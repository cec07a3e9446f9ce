import Foundation
import RealityCore
import RealityTestSupport
import Synchronization
import Testing

@testable import RealityStore

/// The one composition root: the services it makes act for the user asked for, commit what the
/// sync API applies, and report health by what each depends on.
@Suite struct ServiceContainerTests {
    /// A component with the given dependencies, for health reports.
    struct Component: ServiceProtocol {
        let serviceIdentifier: String
        let dependencies: [HealthDependency]
    }

    /// Counts the checks of a dependency.
    final class Checks: Sendable {
        let count = Mutex(0)
    }

    static let coreServices =
        [
            "annotations", "layers", "users", "permissions", "search", "collaboration", "notifications", "anchors",
            "trash",
        ] + RecordType.ownedKinds.map { $0.routePath }

    @Test(arguments: StoreKind.allCases)
    func health_listsEachServiceOnce_andAssetsOnlyWhereTheStoreKeepsThem(kind: StoreKind) async throws {
        try await withStore(kind) { device in
            let health = await ServiceContainer(store: device).healthCheck()
            #expect(health.map(\.service) == Self.coreServices)
            #expect(health.allSatisfy { $0.status == .healthy && $0.detail == nil })
        }
        try await withStore(kind, role: ServerRole.self) { server in
            let health = await ServiceContainer(store: server, assets: server).healthCheck()
            #expect(health.map(\.service) == Self.coreServices + ["assets"])
            #expect(health.allSatisfy { $0.status == .healthy })
        }
    }

    @Test func health_checksEachDependencyOnce_andBlamesOnlyThoseThatNeedIt() async throws {
        try await withStore(.inMemory) { store in
            let checks = Checks()
            let slow = HealthDependency(name: "slow threads") {
                checks.count.withLock { $0 += 1 }
                return .init(status: .degraded, detail: "threads are slow")
            }
            let down = HealthDependency(name: "hub") { .init(status: .unhealthy, detail: "hub stopped") }
            let container = ServiceContainer(store: store)
                .registering(Component(serviceIdentifier: "auth", dependencies: [.store(store), slow]))
                .registering(Component(serviceIdentifier: "hashing", dependencies: [slow]))
                .registering(Component(serviceIdentifier: "events", dependencies: [down, slow]))
            let health = Dictionary(uniqueKeysWithValues: await container.healthCheck().map { ($0.service, $0) })
            #expect(checks.count.withLock { $0 } == 1, "a dependency several services share is checked once")
            #expect(health["annotations"] == ServiceHealth(service: "annotations", status: .healthy))
            #expect(health["auth"] == ServiceHealth(service: "auth", status: .degraded, detail: "threads are slow"))
            #expect(health["hashing"]?.status == .degraded)
            #expect(
                health["events"]
                    == ServiceHealth(
                        service: "events", status: .unhealthy, detail: "hub stopped; threads are slow"))
        }
    }

    @Test func services_actForTheUserAskedFor_andApplyWhatTheSyncAPIPushes() async throws {
        try await withStore(.inMemory) { store in
            let ana = Samples.user("Ana")
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            let container = ServiceContainer(store: store)
            #expect(try await container.users(ana.id).getCurrentUser().id == ana.id)
            #expect(container.context(ana.id).pushing.isEmpty)
            let pushed = [PushedMutation(userID: ana.id, mutationID: "m1")]
            let applying = container.applying(pushed)
            #expect(applying.context(ana.id).pushing == pushed)
            #expect(container.context(ana.id).pushing.isEmpty, "applying leaves the root it came from alone")
        }
    }
}
