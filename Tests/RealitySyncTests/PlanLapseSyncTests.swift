import AsyncHTTPClient
import Foundation
import GRDB
import Hummingbird
import RealityAPI
import RealityCore
import RealitySync
import Testing

@_spi(Testing) @testable import RealityStore

/// A paid plan lapsing, as two people's devices see it (docs/seed-fixes.md, "When a paid plan
/// lapses"): the grantee's device gets the layer again with its level lowered, its edit made
/// before it knew is rejected with the reason and held, and the owner's device gets its record.
extension DeviceSyncTests {
    @Suite struct PlanLapseSyncTests {
        @Test(arguments: Backend.allCases)
        func lapsedPlan_lowersTheGranteesLevel_rejectsItsPendingEditWithTheReason_andReachesTheOwner(
            backend: Backend
        ) async throws {
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
                try await server.grant(.editor, to: bo.user.id, onLayer: layer.id, as: ana)
                // Time for both devices to sync and Bo to edit before the end, on a loaded machine.
                let end = Timestamp.now().addingTimeInterval(8)
                try await server.setPlan(.pro, endingAt: end, for: ana.user.id)
                try await anaPhone.sync()
                let tagBefore = try await Self.userChangeTag(on: anaPhone)
                try await boPhone.sync()
                #expect(try await boPhone.store.layer(id: layer.id)?.permissions.map(\.level) == [.editor])

                // Bo edits while his device still holds him an editor; the plan ends before he syncs.
                var edited = try #require(try await boPhone.store.annotation(id: note.id))
                edited.title = "Bo's title"
                try await boPhone.services.annotationService().updateAnnotation(edited)
                #expect(Timestamp.now() < end, "the set-up outlasted the plan: make the plan longer")
                try await Task.sleep(for: .seconds(max(0, end.timeIntervalSinceNow) + 0.2))
                try await boPhone.sync()

                #expect(try await boPhone.store.layer(id: layer.id)?.permissions.map(\.level) == [.viewer])
                let rejections = try await boPhone.store.syncRejections()
                #expect(rejections.map(\.code) == ["owner_plan_does_not_share"])
                #expect(rejections.first?.message.contains("owner's plan") == true)
                #expect(try await boPhone.store.annotation(id: note.id)?.title == "Bo's title", "held, not undone")
                // What the device now holds, it enforces itself: a new edit is refused on the device.
                var again = try #require(try await boPhone.store.annotation(id: note.id))
                again.title = "Again"
                await #expect(throws: PermissionError.cannotEdit) {
                    try await boPhone.services.annotationService().updateAnnotation(again)
                }

                try await anaPhone.sync()
                #expect(try await Self.userChangeTag(on: anaPhone) != tagBefore, "the owner's record came down again")
                let profile = try await anaPhone.services.userService().getCurrentUser()
                #expect(profile.tier(at: Timestamp.now()) == .free)
                #expect(try await anaPhone.store.annotation(id: note.id)?.title != "Bo's title")
            }
        }

        /// The change tag of the device's own user record.
        static func userChangeTag(on device: TestDevice) async throws -> String? {
            try await device.store.inspect { db in
                try String.fetchOne(
                    db, sql: "SELECT changeTag FROM sync_metadata WHERE recordType = 'user' AND recordID = ?",
                    arguments: [device.user.id.uuidString])
            }
        }
    }
}

extension SyncTestServer {
    /// Puts `userID` on `tier` until `end` through the admin route, as an operator does.
    func setPlan(_ tier: SubscriptionTier, endingAt end: Date, for userID: UserID) async throws {
        var request = HTTPClientRequest(url: url + "/api/v1/admin/users/\(userID)/tier")
        request.method = .PUT
        request.headers.add(name: "Authorization", value: "Bearer \(Self.adminToken)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try RealityJSON.encode(TierRequest(tier: tier, expiresAt: end))))
        let response = try await client.execute(request, timeout: .seconds(30))
        #expect(response.status == .ok, "setting \(userID)'s plan")
    }
}
