import AsyncHTTPClient
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import RealityTestSupport
import Testing

extension DeviceSyncTests {
    /// A server killed with SIGKILL in the middle of a sync and started again on the same data
    /// (issue 5, "Tests"): the devices converge with nothing lost and nothing doubled.
    @Suite struct ServerKillTests {
        static let notes = 1_000

        @Test(arguments: Backend.allCases)
        func aServerKilledMidSync_losesNothing_andTheStoresConverge(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let ana = try await harness.register("Ana")
                let phone = try await harness.device("phone", as: ana)
                let layer = try await phone.services.layerService().createLayer(
                    name: "Site", icon: "tag", color: .orange)
                let drafts = (0..<Self.notes).map { index in
                    AnnotationDraft(
                        type: .text, content: AnnotationContent(text: "note \(index)"),
                        position: SIMD3(Float(index % 40), 0, Float(index / 40)), layerID: layer.id)
                }
                _ = try await phone.services.annotationService().createAnnotations(drafts)
                let queued = try await phone.store.pendingSyncCount()
                #expect(queued == Self.notes + 1)

                // Push: the outbox goes in batches of 400; the server dies once the first has come back.
                let pushing = Task { try await phone.sync() }
                try await Self.waitUntil { try await phone.store.pendingSyncCount() < queued }
                try await server.kill()
                await #expect(throws: (any Error).self, "the sync was cut off") { try await pushing.value }
                try await server.start(client: harness.client)
                try await phone.sync()
                #expect(try await phone.store.pendingSyncCount() == 0)

                // Pull: a new device pulls seven records a page; the server dies part of the way.
                let tablet = try await harness.device("tablet", as: ana)
                let pulling = Task { try await tablet.sync() }
                try await Self.waitUntil { try await tablet.store.annotationCount(ownedBy: ana.user.id) > 0 }
                try await server.kill()
                await #expect(throws: (any Error).self, "the sync was cut off") { try await pulling.value }
                #expect(try await tablet.store.annotationCount(ownedBy: ana.user.id) < Self.notes)
                try await server.start(client: harness.client)
                try await tablet.sync()
                try await phone.sync()

                let phoneSnapshot = try await phone.snapshot()
                #expect(phoneSnapshot.annotations.count == Self.notes)
                #expect(Set(phoneSnapshot.annotations.map(\.content.text)).count == Self.notes)
                #expect(phoneSnapshot == (try await tablet.snapshot()))
                #expect(try await tablet.store.pendingSyncCount() == 0)
                let usage = try await harness.usage(of: ana)
                #expect(usage.annotationCount == Self.notes, "the server holds each note once")
            }
        }

        /// Polls `condition` every 20 ms for up to a minute.
        static func waitUntil(_ condition: () async throws -> Bool) async throws {
            for _ in 0..<3_000 {
                if try await condition() { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw SyncTestFailure("the condition did not come true in time")
        }
    }
}
