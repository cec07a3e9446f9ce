import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import Testing

/// Devices syncing through a real server (issue 5, "Tests"), on both backends.
extension DeviceSyncTests {
    @Suite struct SyncScenarioTests {
        @Test(arguments: Backend.allCases)
        func offlineEditsOnTwoDevices_thenSync_giveIdenticalStores(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let phone = try await server.device("phone", as: ana)
                let tablet = try await server.device("tablet", as: ana)
                let phoneLayer = try await phone.services.layerService().createLayer(
                    name: "Phone", icon: "tag", color: .red)
                let tabletLayer = try await tablet.services.layerService().createLayer(
                    name: "Tablet", icon: "tag", color: .blue)
                for index in 0..<5 {
                    _ = try await phone.services.annotationService().createAnnotation(
                        content: AnnotationContent(text: "phone \(index)"), type: .text, position: .zero,
                        layerID: phoneLayer.id)
                    _ = try await tablet.services.annotationService().createAnnotation(
                        content: AnnotationContent(text: "tablet \(index)"), type: .text, position: .zero,
                        layerID: tabletLayer.id)
                }
                try await phone.sync()
                try await tablet.sync()
                try await phone.sync()
                let phoneSnapshot = try await phone.snapshot()
                #expect(phoneSnapshot.annotations.count == 10)
                #expect(phoneSnapshot.layers.count == 2)
                #expect(phoneSnapshot == (try await tablet.snapshot()))
                #expect(try await phone.store.pendingSyncCount() == 0)
                #expect(try await tablet.store.pendingSyncCount() == 0)
            }
        }

        @Test(arguments: Backend.allCases)
        func concurrentEditsToDifferentFields_areBothKept(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await Self.twoDevicesSharingANote(server, ana)
                var titled = try #require(try await phone.services.annotationService().fetchAnnotation(id: note.id))
                titled.title = "From the phone"
                try await phone.services.annotationService().updateAnnotation(titled)
                try await tablet.services.collaborationService().setStatus(note.id, to: .resolved)
                try await phone.sync()
                try await tablet.sync()
                try await phone.sync()
                for device in [phone, tablet] {
                    let merged = try #require(try await device.store.annotation(id: note.id))
                    #expect(merged.title == "From the phone", "\(device.name)")
                    #expect(merged.status == .resolved, "\(device.name)")
                }
                #expect(try await phone.snapshot() == (try await tablet.snapshot()))
            }
        }

        @Test(arguments: [ConflictResolutionStrategy.merge, .useLocal, .useRemote, .manual])
        func sameFieldConflict_isSettledByTheChosenStrategy(strategy: ConflictResolutionStrategy) async throws {
            try await SyncTestServer.run(.sqlite) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await Self.twoDevicesSharingANote(server, ana)
                try await tablet.store.setConflictStrategy(strategy)
                try await Self.setTitle("Phone title", of: note.id, on: phone)
                try await phone.sync()
                // The tablet edits the same field from the old base, after the phone's edit reached
                // the server: its edit is the later one, and its push meets a conflict.
                try await Self.setTitle("Tablet title", of: note.id, on: tablet)
                try await tablet.sync()
                if strategy == .manual {
                    #expect(try await tablet.store.openConflicts().map(\.recordID) == [note.id.uuidString])
                    #expect(try await tablet.store.annotation(id: note.id)?.title == "Tablet title")
                    try await tablet.store.resolveConflict(recordID: note.id.uuidString, with: .remote)
                    try await tablet.sync()
                }
                try await phone.sync()
                let expected =
                    switch strategy {
                    case .merge, .useLocal: "Tablet title"  // the tablet's edit is the later one
                    case .useRemote, .manual: "Phone title"
                    }
                #expect(try await phone.store.annotation(id: note.id)?.title == expected)
                #expect(try await tablet.store.annotation(id: note.id)?.title == expected)
                #expect(try await tablet.store.openConflicts().isEmpty)
            }
        }

        @Test(arguments: Backend.allCases)
        func deleteAgainstEdit_theDeletionWins_andBothDevicesAgree(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let (phone, tablet, note) = try await Self.twoDevicesSharingANote(server, ana)
                try await phone.services.annotationService().deleteAnnotation(id: note.id)
                try await Self.setTitle("Edited on the tablet", of: note.id, on: tablet)
                try await phone.sync()
                try await tablet.sync()
                try await phone.sync()
                try await tablet.sync()
                var records: [Annotation] = []
                for device in [phone, tablet] {
                    let record = try #require(try await device.store.annotation(id: note.id))
                    #expect(record.isDeleted, "\(device.name)")
                    #expect(try await device.store.pendingSyncCount() == 0, "\(device.name)")
                    records.append(record)
                }
                #expect(records[0] == records[1])
                #expect(records[1].title != "Edited on the tablet", "the edit arrived after the deletion")
            }
        }

        @Test(arguments: Backend.allCases)
        func shareThenRevoke_recordsAppearThenDisappearOnTheGranteesDevice(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let bo = try await server.register("Bo")
                let anaPhone = try await server.device("ana-phone", as: ana)
                let boPhone = try await server.device("bo-phone", as: bo)
                let layer = try await anaPhone.services.layerService().createLayer(
                    name: "Shared", icon: "tag", color: .green)
                let note = try await anaPhone.services.annotationService().createAnnotation(
                    content: AnnotationContent(text: "for Bo"), type: .text, position: .zero, layerID: layer.id)
                try await anaPhone.sync()
                try await boPhone.sync()
                #expect(try await boPhone.store.annotation(id: note.id) == nil)

                try await server.grant(.viewer, to: bo.user.id, onLayer: layer.id, as: ana)
                try await anaPhone.sync()
                #expect(try await anaPhone.store.layer(id: layer.id)?.permissions.map(\.userID) == [bo.user.id])
                try await boPhone.sync()
                #expect(try await boPhone.store.annotation(id: note.id)?.content.text == "for Bo")
                #expect(try await boPhone.store.layer(id: layer.id) != nil)

                try await anaPhone.services.permissionService().revokePermission(from: bo.user.id, forLayer: layer.id)
                try await anaPhone.sync()
                try await boPhone.sync()
                #expect(try await boPhone.store.annotation(id: note.id) == nil)
                #expect(try await boPhone.store.layer(id: layer.id) == nil)
            }
        }

        @Test(arguments: Backend.allCases)
        func replayedPush_answersTheFirstResult_andChangesNothing(backend: Backend) async throws {
            try await SyncTestServer.run(backend) { server in
                let ana = try await server.register("Ana")
                let phone = try await server.device("phone", as: ana)
                let layer = try await phone.services.layerService().createLayer(name: "L", icon: "tag", color: .red)
                let outgoing = try await phone.store.outgoingMutations(limit: 10)
                let request = SyncPushRequest(clientID: "replay", mutations: outgoing.compactMap { $0.wireMutation() })
                let transport = await phone.engine.serverTransport
                let first = try await transport.push(request)
                let second = try await transport.push(request)
                #expect(first.results.map(\.status) == [.saved])
                #expect(second == first)
                let other = try await server.device("tablet", as: ana)
                try await other.sync()
                #expect(try await other.store.layer(id: layer.id)?.name == "L")
                #expect(try await other.snapshot().layers.count == 1)
            }
        }

        // MARK: - Helpers

        /// Two devices of `account`, both synced with one note the first made.
        static func twoDevicesSharingANote(
            _ server: SyncTestServer, _ account: AuthResponse
        ) async throws -> (TestDevice, TestDevice, Annotation) {
            let phone = try await server.device("phone", as: account)
            let tablet = try await server.device("tablet", as: account)
            let layer = try await phone.services.layerService().createLayer(name: "Home", icon: "tag", color: .red)
            let note = try await phone.services.annotationService().createAnnotation(
                content: AnnotationContent(text: "shared note"), type: .text, position: .zero, layerID: layer.id)
            try await phone.sync()
            try await tablet.sync()
            #expect(try await tablet.store.annotation(id: note.id) != nil)
            return (phone, tablet, note)
        }

        static func setTitle(_ title: String, of id: AnnotationID, on device: TestDevice) async throws {
            let service = try await device.services.annotationService()
            var annotation = try #require(try await service.fetchAnnotation(id: id))
            annotation.title = title
            try await service.updateAnnotation(annotation)
        }
    }
}
