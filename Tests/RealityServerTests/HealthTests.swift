import Foundation
import RealityCore
import RealityStore
import Testing

@testable import RealityServer

/// `/health` reports each part of the server by what it depends on: live events by the hub and
/// the relay, sign-in by the store and the hashing threads.
@Suite("Health by dependency")
struct HealthTests {
    @Test func liveEvents_areUnhealthyOnceTheHubStops_andDegradedWhileTheRelayReconnects() async {
        let status = LiveEventsStatus()
        let dependency = status.healthDependency
        #expect(await dependency.check() == nil)
        status.relay(problem: "connection reset")
        #expect(
            await dependency.check()
                == HealthDependency.Problem(
                    status: .degraded, detail: "not listening for other instances' commits: connection reset"))
        status.relay(problem: nil)
        #expect(await dependency.check() == nil)
        status.hubStopped()
        #expect(
            await dependency.check()
                == HealthDependency.Problem(
                    status: .unhealthy, detail: "the live-event hub has stopped"))
    }

    @Test func passwordHashing_isDegradedWhenAThreadAnswersLate() async throws {
        let hasher = PasswordHasher(cost: 4)
        #expect(await hasher.healthDependency(slowAfter: .seconds(3600)).check() == nil)
        let late = try #require(await hasher.healthDependency(slowAfter: .zero).check())
        #expect(late.status == .degraded)
        #expect(late.detail.hasPrefix("password hashing waited "))
    }

    @Test func aStoppedHub_makesOnlyEventsUnhealthy() async throws {
        let store = try SQLiteServerStore.inMemory()
        let status = LiveEventsStatus()
        let container = ServiceContainer(store: store, assets: store)
            .registering(AccountService(store: store, hasher: PasswordHasher(cost: 4)))
            .registering(ServerComponent.events(status))
        status.hubStopped()
        let health = await container.healthCheck()
        #expect(health.map(\.service).suffix(3) == ["assets", "auth", "events"])
        #expect(health.filter { $0.status != .healthy }.map(\.service) == ["events"])
        #expect(health.last?.detail == "the live-event hub has stopped")
    }
}
