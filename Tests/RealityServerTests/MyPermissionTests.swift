import Foundation
import RealityAPI
import RealityCore
import Testing

/// Every layer and annotation the server answers carries the caller's own level (issue 20),
/// from the one resolver, in REST and in the sync feed, and as it counts for changes.
@Suite struct MyPermissionTests {
    @Test(arguments: Backend.allCases)
    func everyAnswer_carriesTheCallersOwnLevel(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let cy = try await api.register("Cy")
            try await api.setTier(.pro, for: ana.id)
            let layer = try await api.createLayer(ana)
            #expect(layer.myPermission == .owner)
            let note = try await api.createNote(ana, in: layer.id)
            #expect(note.myPermission == .owner)
            try await api.share(layer.id, by: ana, with: ben, as: .commenter)
            let granted = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/permissions", token: ana.token,
                json: GrantRequest(userID: cy.id, level: .viewer))
            #expect(granted.status == .created)

            func levels(_ session: Session) async throws -> [String: PermissionLevel?] {
                var seen: [String: PermissionLevel?] = [:]
                let one = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: session.token)
                seen["annotation"] = try? one.decode(Annotation.self).myPermission
                let space = try await api.send(.get, "/api/v1/layers/\(layer.id)", token: session.token)
                seen["layer"] = try? space.decode(Layer.self).myPermission
                let list = try await api.send(.get, "/api/v1/annotations", token: session.token)
                seen["list"] = try list.decode(Page<Annotation>.self).items.first { $0.id == note.id }?.myPermission
                let layers = try await api.send(.get, "/api/v1/layers", token: session.token)
                seen["layers"] = try layers.decode(Page<Layer>.self).items.first { $0.id == layer.id }?.myPermission
                let near = try await api.send(
                    .get, "/api/v1/annotations/nearby?at=1,2,3&radius=5", token: session.token)
                seen["nearby"] = try near.decode(Page<NearbyAnnotation>.self).items.first?.annotation.myPermission
                for scope in [SyncScope.private, .shared] {
                    for change in try await api.pullAll(session, scope).changes {
                        switch change.record {
                        case .annotation(let record) where record.id == note.id:
                            seen["feed annotation"] = record.myPermission
                        case .layer(let record) where record.id == layer.id: seen["feed layer"] = record.myPermission
                        default: break
                        }
                    }
                }
                return seen
            }
            let everywhere = ["annotation", "layer", "list", "layers", "nearby", "feed annotation", "feed layer"]
            #expect(try await levels(ana) == Dictionary(uniqueKeysWithValues: everywhere.map { ($0, .owner) }))
            #expect(try await levels(ben) == Dictionary(uniqueKeysWithValues: everywhere.map { ($0, .commenter) }))
            let cys = try await levels(cy)
            #expect(cys["annotation"] == .viewer && cys["list"] == .viewer && cys["feed annotation"] == .viewer)
            #expect((cys["layer"] ?? nil) == nil, "Cy sees the note, not its layer")

            // Ana's plan lapses: what Ben was granted counts as viewer for changes, and says so.
            try await api.setTier(.free, for: ana.id)
            let lapsed = try await levels(ben)
            #expect(
                lapsed == Dictionary(uniqueKeysWithValues: everywhere.map { ($0, .viewer) }), "\(lapsed)")
            #expect(try await levels(ana)["annotation"] == .owner)
        }
    }
}
