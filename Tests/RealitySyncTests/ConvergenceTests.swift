import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import Testing

/// A property-based run: random operations on three devices of one account, synced in random
/// orders, must end in identical stores with nothing left to push.
extension DeviceSyncTests {
    @Suite struct ConvergenceTests {
        /// A seed drawn for this run (or `REALITY_SYNC_SEED`, to replay one that failed: failures
        /// name their seed), and two fixed seeds.
        static let seeds: [UInt64] = [
            UInt64(ProcessInfo.processInfo.environment["REALITY_SYNC_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max),
            20_261_121, divergingSeed,
        ]

        /// A seed after which one annotation's `updatedAt` differed between devices before the fix:
        /// a pushed edit equal to the server's version changed nothing there, was answered `saved`
        /// without the record, and the device kept its own date, which the feed never corrected.
        static let divergingSeed: UInt64 = 11_887_000_808_210_672_955

        @Test(arguments: Backend.allCases, seeds)
        func randomOperationsOnThreeDevices_converge(backend: Backend, seed: UInt64) async throws {
            try await SyncTestServer.run(backend) { server in
                var random = SplitMix64(seed: seed)
                let ana = try await server.register("Ana")
                var devices: [TestDevice] = []
                for name in ["one", "two", "three"] {
                    devices.append(try await server.device(name, as: ana))
                }
                let layer = try await devices[0].services.layerService().createLayer(
                    name: "Shared", icon: "tag", color: .red)
                try await devices[0].sync()
                for device in devices.dropFirst() { try await device.sync() }

                for step in 0..<40 {
                    let device = devices[Int.random(in: 0..<devices.count, using: &random)]
                    try await Self.randomStep(on: device, layer: layer.id, step: step, random: &random)
                }
                // Settle: every device syncs, in a random order, until nothing is left to push.
                for _ in 0..<4 {
                    for device in devices.shuffled(using: &random) { try await device.sync() }
                }
                for device in devices {
                    #expect(
                        try await device.store.pendingSyncCount() == 0,
                        "seed \(seed): \(device.name) has pending changes")
                }
                let first = try await devices[0].snapshot()
                for device in devices.dropFirst() {
                    let snapshot = try await device.snapshot()
                    #expect(
                        snapshot.differences(from: first) == [],
                        "seed \(seed): \(device.name) differs from \(devices[0].name)")
                }
            }
        }

        /// One random operation (or a sync) on `device`.
        static func randomStep(
            on device: TestDevice, layer: LayerID, step: Int, random: inout SplitMix64
        ) async throws {
            let annotations = try await device.services.annotationService().fetchAnnotations(in: layer)
            let target = annotations.randomElement(using: &random)
            let choice = Int.random(in: 0..<8, using: &random)
            let annotationService = try await device.services.annotationService()
            let collaboration = try await device.services.collaborationService()
            switch (choice, target) {
            case (0, _), (_, nil):
                _ = try await annotationService.createAnnotation(
                    content: AnnotationContent(text: "step \(step)"), type: .text,
                    position: SIMD3(Float(step), 0, 0), layerID: layer)
            case (1, var annotation?):
                annotation.title = "title \(step) on \(device.name)"
                try await annotationService.updateAnnotation(annotation)
            case (2, let annotation?):
                let statuses: [AnnotationStatus] = [.open, .inProgress, .resolved]
                try await collaboration.setStatus(annotation.id, to: statuses.randomElement(using: &random) ?? .open)
            case (3, let annotation?):
                _ = try await collaboration.addComment(to: annotation.id, text: "comment \(step)")
            case (4, let annotation?):
                let emoji = ["👍", "🎉", "👀"].randomElement(using: &random) ?? "👍"
                if annotation.reactions.contains(where: { $0.emoji == emoji && $0.userID == device.user.id }) {
                    try await collaboration.removeReaction(from: annotation.id, emoji: emoji)
                } else {
                    try await collaboration.addReaction(to: annotation.id, emoji: emoji)
                }
            case (5, let annotation?):
                try await annotationService.recordView(id: annotation.id)
            case (6, let annotation?) where Int.random(in: 0..<3, using: &random) == 0:
                try await annotationService.deleteAnnotation(id: annotation.id)
            default:
                try await device.sync()
            }
        }
    }
}
