import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import Testing

/// "The later edit of each field wins" means the later edit in time, as people made them, whichever
/// device syncs first (issue 16): offline edits on two and three devices, synced in every order,
/// and a property run of random edits on three devices.
extension DeviceSyncTests {
    @Suite struct EditOrderTests {
        /// The orders in which two devices (0 and 1) can come back online.
        static let twoDeviceOrders: [[Int]] = [[0, 1], [1, 0]]

        @Test(arguments: Backend.allCases, twoDeviceOrders)
        func theLaterEditInTime_wins_whicheverDeviceSyncsFirst(backend: Backend, order: [Int]) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await SyncScenarioTests.twoDevicesSharingANote(server, ana)
                let devices = [phone, tablet]
                try await Self.edit(note.id, on: phone) { $0.content.text = "phone's text" }
                try await Self.pause()
                try await Self.edit(note.id, on: tablet) { $0.content.text = "tablet's text" }
                try await Self.settle(devices, order: order)
                for device in devices {
                    let text = try await device.store.annotation(id: note.id)?.content.text
                    #expect(text == "tablet's text", "\(device.name) after syncing in the order \(order)")
                }
            }
        }

        @Test(arguments: twoDeviceOrders)
        func eachField_takesItsOwnLaterEdit(order: [Int]) async throws {
            try await SyncTestServer.run(.sqlite) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await SyncScenarioTests.twoDevicesSharingANote(server, ana)
                // The phone edits the text, the tablet edits it later, the phone then edits the title:
                // the tablet's text and the phone's title are the later edits of their fields, though
                // the phone's record as a whole was edited last.
                try await Self.edit(note.id, on: phone) { $0.content.text = "phone's text" }
                try await Self.pause()
                try await Self.edit(note.id, on: tablet) { $0.content.text = "tablet's text" }
                try await Self.pause()
                try await Self.edit(note.id, on: phone) { $0.title = "phone's title" }
                try await Self.settle([phone, tablet], order: order)
                for device in [phone, tablet] {
                    let annotation = try #require(try await device.store.annotation(id: note.id))
                    #expect(annotation.content.text == "tablet's text", "\(device.name), order \(order)")
                    #expect(annotation.title == "phone's title", "\(device.name), order \(order)")
                }
            }
        }

        /// Every order in which three devices can come back online.
        static let threeDeviceOrders: [[Int]] = [
            [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
        ]

        @Test(arguments: threeDeviceOrders)
        func threeDevicesEditingOffline_agreeOnTheLatestEditOfEachField(order: [Int]) async throws {
            try await SyncTestServer.run(.sqlite) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await SyncScenarioTests.twoDevicesSharingANote(server, ana)
                let laptop = try await server.device("laptop", as: ana)
                try await laptop.sync()
                let devices = [phone, tablet, laptop]
                try await Self.edit(note.id, on: laptop) { $0.title = "laptop's title" }
                try await Self.pause()
                try await Self.edit(note.id, on: phone) { $0.title = "phone's title" }
                try await Self.pause()
                try await Self.edit(note.id, on: tablet) { $0.content.text = "tablet's text" }
                try await Self.pause()
                try await Self.edit(note.id, on: laptop) { $0.status = .resolved }
                try await Self.settle(devices, order: order)
                for device in devices {
                    let annotation = try #require(try await device.store.annotation(id: note.id))
                    #expect(annotation.title == "phone's title", "\(device.name), order \(order)")
                    #expect(annotation.content.text == "tablet's text", "\(device.name), order \(order)")
                    #expect(annotation.status == .resolved, "\(device.name), order \(order)")
                }
            }
        }

        /// A seed drawn for this run (or `REALITY_SYNC_SEED` to replay one; failures name it), and a
        /// fixed one.
        static let seeds: [UInt64] = [
            UInt64(ProcessInfo.processInfo.environment["REALITY_SYNC_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max),
            20_261_125,
        ]

        @Test(arguments: seeds)
        func randomOfflineEdits_convergeToTheLatestEditOfEachField(seed: UInt64) async throws {
            try await SyncTestServer.run(.sqlite) { server in
                var random = SplitMix64(seed: seed)
                let ana = try await server.register("Ana")
                let (phone, tablet, first) = try await SyncScenarioTests.twoDevicesSharingANote(server, ana)
                let laptop = try await server.device("laptop", as: ana)
                let second = try await phone.services.annotationService().createAnnotation(
                    content: AnnotationContent(text: "second note"), type: .text, position: .one, layerID: first.layerID
                )
                try await phone.sync()
                try await tablet.sync()
                try await laptop.sync()
                let devices = [phone, tablet, laptop]
                let notes = [first.id, second.id]
                // The latest value given to each (note, field), in the order the edits were made.
                var latest: [String: String] = [:]
                for step in 0..<24 {
                    let device = devices[Int.random(in: 0..<devices.count, using: &random)]
                    let note = notes[Int.random(in: 0..<notes.count, using: &random)]
                    let value = "\(device.name) \(step)"
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0:
                        try await Self.edit(note, on: device) { $0.title = value }
                        latest["\(note) title"] = value
                    case 1:
                        try await Self.edit(note, on: device) { $0.content.text = value }
                        latest["\(note) text"] = value
                    case 2:
                        try await Self.edit(note, on: device) { $0.position = SIMD3(Float(step), 1, 2) }
                        latest["\(note) position"] = "\(step)"
                    default:
                        _ = try await device.sync()  // now and then a device comes online mid-way
                    }
                    try await Self.pause()
                }
                var order = Array(devices.indices)
                order.shuffle(using: &random)
                try await Self.settle(devices, order: order)
                for device in devices {
                    #expect(
                        try await device.store.pendingSyncCount() == 0,
                        "seed \(seed): \(device.name) has pending changes")
                    for note in notes {
                        let annotation = try #require(try await device.store.annotation(id: note))
                        if let title = latest["\(note) title"] {
                            #expect(annotation.title == title, "seed \(seed): \(device.name)'s title of \(note)")
                        }
                        if let text = latest["\(note) text"] {
                            #expect(annotation.content.text == text, "seed \(seed): \(device.name)'s text of \(note)")
                        }
                        if let step = latest["\(note) position"] {
                            #expect(
                                "\(Int(annotation.position.x))" == step,
                                "seed \(seed): \(device.name)'s position of \(note)")
                        }
                    }
                }
            }
        }

        // MARK: - Helpers

        /// Edits annotation `id` on `device` through its service, as the CLI does.
        static func edit(_ id: AnnotationID, on device: TestDevice, _ change: (inout Annotation) -> Void) async throws {
            let service = try await device.services.annotationService()
            var annotation = try #require(try await service.fetchAnnotation(id: id))
            change(&annotation)
            try await service.updateAnnotation(annotation)
        }

        /// Lets the clock move past the millisecond of the last edit, so that edits made one after
        /// the other are stamped in that order.
        static func pause() async throws {
            try await Task.sleep(for: .milliseconds(3))
        }

        /// The devices come online in `order`, each syncing, and then all sync until settled.
        static func settle(_ devices: [TestDevice], order: [Int]) async throws {
            for index in order { _ = try await devices[index].sync() }
            for _ in 0..<2 {
                for index in order { _ = try await devices[index].sync() }
            }
        }
    }
}
