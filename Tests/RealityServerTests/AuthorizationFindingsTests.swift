import Foundation
import RealityAPI
import RealityCore
import Testing

/// What probing the server found (issue 17, part 4), each fixed and kept fixed.
@Suite("Authorization findings")
struct AuthorizationFindingsTests {
    /// Alice (plus) with a layer and a note in it, and Bob, a plus user, her editor there.
    struct Shared {
        var alice: Session
        var bob: Session
        var layer: Layer
        var note: Annotation
    }

    static func share(_ api: APIClient, bobAs level: PermissionLevel = .editor) async throws -> Shared {
        let alice = try await api.register("Alice")
        try await api.setTier(.plus, for: alice.id)
        let bob = try await api.register("Bob")
        try await api.setTier(.plus, for: bob.id)
        let layer = try await api.createLayer(alice, name: "Shared")
        let note = try await api.createNote(alice, in: layer.id)
        try await api.share(layer.id, by: alice, with: bob, as: level)
        return Shared(alice: alice, bob: bob, layer: layer, note: note)
    }

    @Test(
        "an editor cannot move the owner's annotation into a layer of his own, by REST or push",
        arguments: Backend.allCases)
    func editor_cannotTakeOverAnAnnotationByMovingIt(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api)
            let bobsLayer = try await api.createLayer(s.bob, name: "Bob's")
            let move = try await api.send(
                .post, "/api/v1/annotations/\(s.note.id)/move", token: s.bob.token,
                raw: #"{"layerID":"\#(bobsLayer.id)"}"#)
            #expect(move.status == .forbidden)
            #expect(move.errorCode == "not_owner")

            var moved = try #require(try await api.store.annotation(id: s.note.id))
            moved.layerID = bobsLayer.id
            let base = try await api.store.changeTag(of: .annotation, id: s.note.id.uuidString)
            let results = try await api.push(
                s.bob,
                [
                    SyncMutation(
                        mutationID: newMutationID(), recordType: .annotation, recordID: s.note.id.uuidString, op: .save,
                        baseChangeTag: base, fields: .annotation(moved))
                ])
            #expect(results.map(\.status) == [.rejected])
            #expect(try await api.store.annotation(id: s.note.id)?.layerID == s.layer.id)

            // Between the owner's own layers an editor still moves; the owner moves anywhere she may write.
            let second = try await api.createLayer(s.alice, name: "Second")
            try await api.share(second.id, by: s.alice, with: s.bob, as: .editor)
            let within = try await api.send(
                .post, "/api/v1/annotations/\(s.note.id)/move", token: s.bob.token, raw: #"{"layerID":"\#(second.id)"}"#
            )
            #expect(within.status == .ok)
            try await api.share(bobsLayer.id, by: s.bob, with: s.alice, as: .editor)
            let byOwner = try await api.send(
                .post, "/api/v1/annotations/\(s.note.id)/move", token: s.alice.token,
                raw: #"{"layerID":"\#(bobsLayer.id)"}"#)
            #expect(byOwner.status == .ok)
        }
    }

    @Test("the activity feed does not name a layer the viewer cannot see", arguments: Backend.allCases)
    func activityFeed_doesNotNamePrivateLayers(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api, bobAs: .viewer)
            let hidden = try await api.createLayer(s.alice, name: "alice-PRIVATE-medical")
            for target in [hidden.id, s.layer.id] {
                let move = try await api.send(
                    .post, "/api/v1/annotations/\(s.note.id)/move", token: s.alice.token,
                    raw: #"{"layerID":"\#(target)"}"#)
                #expect(move.status == .ok)
            }
            let feed = try await api.send(.get, "/api/v1/activity", token: s.bob.token)
            let text = String(decoding: feed.body, as: UTF8.self)
            #expect(feed.status == .ok)
            #expect(!text.contains("alice-PRIVATE-medical"))
            #expect(text.contains("moved to Shared"))
            let own = try await api.send(.get, "/api/v1/activity", token: s.alice.token)
            #expect(String(decoding: own.body, as: UTF8.self).contains("alice-PRIVATE-medical"))
        }
    }

    @Test("a viewer sees only their own grant; whoever may share sees them all", arguments: Backend.allCases)
    func grants_areShownToManagers_othersSeeTheirOwn(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api)
            let carol = try await api.register("Carol")
            try await api.share(s.layer.id, by: s.alice, with: carol, as: .viewer)
            for path in ["/api/v1/layers/\(s.layer.id)", "/api/v1/layers"] {
                let seen = try await api.send(.get, path, token: carol.token)
                let layers =
                    path.hasSuffix("layers")
                    ? try seen.decode(Page<Layer>.self).items : [try seen.decode(Layer.self)]
                let shared = try #require(layers.first { $0.id == s.layer.id })
                #expect(shared.permissions.map(\.userID) == [carol.id], "\(path)")
            }
            let byEditor = try await api.send(.get, "/api/v1/layers/\(s.layer.id)", token: s.bob.token).decode(
                Layer.self)
            #expect(Set(byEditor.permissions.map(\.userID)) == [s.bob.id, carol.id])
            _ = try await api.send(
                .post, "/api/v1/annotations/\(s.note.id)/permissions", token: s.alice.token,
                json: GrantRequest(userID: carol.id, level: .commenter))
            let dave = try await api.register("Dave")
            _ = try await api.send(
                .post, "/api/v1/annotations/\(s.note.id)/permissions", token: s.alice.token,
                json: GrantRequest(userID: dave.id, level: .viewer))
            let note = try await api.send(.get, "/api/v1/annotations/\(s.note.id)", token: carol.token).decode(
                Annotation.self)
            #expect(note.permissions.map(\.userID) == [carol.id])
            let list = try await api.send(.get, "/api/v1/annotations?layerID=\(s.layer.id)", token: carol.token)
            #expect(try list.decode(Page<Annotation>.self).items.first?.permissions.map(\.userID) == [carol.id])
        }
    }

    @Test("only the owner changes a layer's default level", arguments: Backend.allCases)
    func editor_cannotChangeDefaultPermission(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api)
            let patch = try await api.send(
                .patch, "/api/v1/layers/\(s.layer.id)", token: s.bob.token, raw: #"{"defaultPermission":"owner"}"#)
            #expect(patch.status == .forbidden)
            #expect(try await api.store.layer(id: s.layer.id)?.defaultPermission == s.layer.defaultPermission)
            let byOwner = try await api.send(
                .patch, "/api/v1/layers/\(s.layer.id)", token: s.alice.token, raw: #"{"defaultPermission":"commenter"}"#
            )
            #expect(byOwner.status == .ok)
            #expect(try await api.store.layer(id: s.layer.id)?.defaultPermission == .commenter)
        }
    }

    @Test(
        "creating with someone else's annotation or world map ID answers 404, as for any unseen ID",
        arguments: Backend.allCases)
    func createWithSomeoneElsesID_isNotFound(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            let mallory = try await api.register("Mallory")
            let layer = try await api.createLayer(alice)
            let note = try await api.createNote(alice, in: layer.id)
            let mine = try await api.createLayer(mallory)
            let create = try await api.send(
                .post, "/api/v1/annotations", token: mallory.token,
                raw:
                    #"{"id":"\#(note.id)","type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(mine.id)"}"#
            )
            #expect(create.status == .notFound)
            // Her own ID again is a conflict: she may know it exists.
            let again = try await api.send(
                .post, "/api/v1/annotations", token: alice.token,
                raw:
                    #"{"id":"\#(note.id)","type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#
            )
            #expect(again.status == .conflict)
            let asset = try await api.upload(Data("room".utf8), token: alice.token).decode(AssetResponse.self).id
            let map = try await api.send(
                .post, "/api/v1/worldmaps", token: alice.token, json: CreateWorldMapRequest(worldMapAssetID: asset)
            ).decode(WorldMap.self)
            let ownAsset = try await api.upload(Data("mine".utf8), token: mallory.token).decode(AssetResponse.self).id
            let probe = try await api.send(
                .post, "/api/v1/worldmaps", token: mallory.token,
                json: CreateWorldMapRequest(id: map.id, worldMapAssetID: ownAsset))
            #expect(probe.status == .notFound)
        }
    }

    @Test(
        "URLs other than http(s), and file for a device's media, are refused naming the field",
        arguments: Backend.allCases)
    func urls_onlyWebAndDeviceFileSchemes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            for (url, status) in [
                ("javascript:alert(1)", 400), ("data:text/html,hi", 400), ("file:///var/mobile/Media/p.heic", 201),
                ("https://cdn.example.com/p.jpg", 201),
            ] {
                let result = try await api.send(
                    .post, "/api/v1/annotations", token: ann.token,
                    raw:
                        #"{"type":"photo","content":{"mediaURL":"\#(url)"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#
                )
                #expect(result.status.code == status, "\(url)")
                if status == 400 { #expect(result.errorField == "content.mediaURL") }
            }
            for (url, status) in [
                ("javascript:alert(1)", 400), ("file:///etc/passwd", 400), ("https://example.com/a.png", 200),
            ] {
                let result = try await api.send(
                    .patch, "/api/v1/me", token: ann.token, raw: #"{"avatarURL":"\#(url)"}"#)
                #expect(result.status.code == status, "\(url)")
                if status == 400 { #expect(result.errorField == "avatarURL") }
            }
        }
    }

    @Test("an unknown enum value is a 400 in words, not Swift's internal text", arguments: Backend.allCases)
    func unknownEnumValue_hasACleanMessage(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            let result = try await api.send(
                .post, "/api/v1/annotations", token: ann.token,
                raw:
                    #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer.id)","visibilityRules":{"timeRules":[{"id":"\#(UUID())","type":"dateRange"}]}}"#
            )
            #expect(result.status == .badRequest)
            let error = try result.decode(APIErrorBody.self).error
            #expect(error.field == "visibilityRules.timeRules[0].type")
            #expect(!error.message.contains("Cannot initialize"))
            #expect(error.message.contains("dateRange"))
        }
    }

    @Test("a comment edit through push is rejected, not answered saved", arguments: Backend.allCases)
    func commentEditThroughPush_isRejected(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api, bobAs: .viewer)
            let comment = try await api.comment(s.alice, on: s.note.id, "Original").decode(RealityCore.Comment.self)
            var edited = comment
            edited.text = "Rewritten by a viewer"
            let results = try await api.push(
                s.bob,
                [
                    SyncMutation(
                        mutationID: newMutationID(), recordType: .comment, recordID: comment.id.uuidString, op: .save,
                        fields: .comment(edited))
                ])
            #expect(results.map(\.status) == [.rejected])
            #expect(try await api.store.comment(id: comment.id)?.text == "Original")
        }
    }

    @Test("granting the same level again sends no second notification", arguments: Backend.allCases)
    func regrant_sendsOneNotification(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let s = try await Self.share(api, bobAs: .viewer)
            try await api.share(s.layer.id, by: s.alice, with: s.bob, as: .viewer)
            let shared = try await api.notifications(s.bob).filter { $0.type == .shared }
            #expect(shared.count == 1)
            try await api.share(s.layer.id, by: s.alice, with: s.bob, as: .commenter)
            #expect(try await api.notifications(s.bob).filter { $0.type == .shared }.count == 2)
        }
    }
}
