import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import Testing

extension DeviceSyncTests {
    /// Live sync (`reality sync --watch`): devices connected to the events socket receive each
    /// other's changes without polling.
    @Suite struct LiveSyncTests {
        @Test(arguments: Backend.allCases)
        func aChangeOnOneDevice_reachesAWatchingDevice_withoutAnExplicitSync(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let phone = try await server.device("phone", as: ana)
                let tablet = try await server.device("tablet", as: ana)
                var logger = Logger(label: "live-test")
                logger.logLevel = .warning
                let rounds = RoundCounter()
                func service(for device: TestDevice) async -> SyncService<DeviceStore> {
                    let transport = await device.engine.serverTransport
                    return SyncService(
                        engine: device.engine,
                        events: LiveEventsClient(serverURL: server.url, token: transport.token ?? "", logger: logger),
                        reconnect: RetryPolicy(base: 0.05, cap: 0.5, maxRetries: nil), logger: logger,
                        onSynced: { _ in await rounds.add() })
                }
                let phoneService = await service(for: phone)
                let tabletService = await service(for: tablet)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await phoneService.run() }
                    group.addTask { try await tabletService.run() }
                    // Both devices have made their first full sync once two rounds are done.
                    try await rounds.wait(atLeast: 2)
                    let layer = try await phone.services.layerService().createLayer(
                        name: "Live", icon: "tag", color: .blue)
                    let note = try await phone.services.annotationService().createAnnotation(
                        content: AnnotationContent(text: "made on the phone"), type: .text, position: .zero,
                        layerID: layer.id)
                    // The phone's commit is pushed by its watcher; the server's hint makes the tablet pull.
                    let arrived = try await Self.poll { try await tablet.store.annotation(id: note.id) != nil }
                    #expect(arrived, "the note reached the watching tablet")
                    #expect(try await tablet.store.annotation(id: note.id)?.content.text == "made on the phone")
                    group.cancelAll()
                }
            }
        }

        /// Polls `condition` every 10 ms for up to ten seconds (a bound, not a measurement).
        static func poll(_ condition: () async throws -> Bool) async throws -> Bool {
            for _ in 0..<1000 {
                if try await condition() { return true }
                try await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
    }
}

/// Counts the rounds of work the watching services finished.
actor RoundCounter {
    private var count = 0

    func add() { count += 1 }

    /// Waits (up to ten seconds) until `atLeast` rounds are done.
    func wait(atLeast: Int) async throws {
        for _ in 0..<1000 where count < atLeast { try await Task.sleep(for: .milliseconds(10)) }
        guard count >= atLeast else { throw SyncTestFailure("the watchers did not sync") }
    }
}

/// A failure inside a sync test's set-up.
struct SyncTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
