import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@Suite("Layers and annotations over HTTP")
struct LayerAnnotationRouteTests {
    @Test(arguments: Backend.allCases) func layers_createListShowPatchDelete(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let layer = try await api.createLayer(ada, name: "Kitchen")
            let list = try await api.send(.get, "/api/v1/layers", token: ada.token)
            #expect(list.status == .ok)
            let page = try list.decode(Page<Layer>.self)
            #expect(page.items.map(\.id) == [layer.id])
            #expect(page.nextCursor == nil)

            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: ada.token).status == .ok)
            let patched = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: ada.token, raw: #"{"name":"Pantry","color":"green"}"#)
            #expect(patched.status == .ok)
            let renamed = try patched.decode(Layer.self)
            #expect(renamed.name == "Pantry")
            #expect(renamed.color == .green)

            #expect(try await api.send(.delete, "/api/v1/layers/\(layer.id)", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: ada.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases) func freeTier_secondLayer_is403NamingTheLimit(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            _ = try await api.createLayer(ada)
            let second = try await api.send(
                .post, "/api/v1/layers", token: ada.token, json: CreateLayerRequest(name: "Two"))
            #expect(second.status == .forbidden)
            #expect(second.errorCode == "layer_limit_reached")
        }
    }

    @Test(arguments: Backend.allCases) func annotations_createShowPatchMoveDelete(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            try await api.setTier(.plus, for: ada.id)
            let home = try await api.createLayer(ada, name: "Home")
            let work = try await api.createLayer(ada, name: "Work")
            let note = try await api.createNote(ada, in: home.id)

            let shown = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ada.token)
            #expect(shown.status == .ok)
            #expect(try shown.decode(Annotation.self).title == "Fridge")

            let cleared = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: ada.token, raw: #"{"title":null,"status":"resolved"}"#)
            #expect(cleared.status == .ok)
            let patched = try cleared.decode(Annotation.self)
            #expect(patched.title == nil)
            #expect(patched.status == .resolved)
            #expect(patched.content.text == "Milk")

            let moved = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/move", token: ada.token, json: MoveRequest(layerID: work.id))
            #expect(moved.status == .ok)
            #expect(try moved.decode(Annotation.self).layerID == work.id)

            #expect(
                try await api.send(.delete, "/api/v1/annotations/\(note.id)", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ada.token).status == .notFound)
        }
    }

    /// A create takes every field the declaration lets a body set, not only those
    /// `CreateAnnotationRequest` lists: a field added to the declaration is not dropped by it.
    @Test(arguments: Backend.allCases) func create_setsEveryPatchableField(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            try await api.setTier(.plus, for: ada.id)
            let home = try await api.createLayer(ada, name: "Home")
            let sample = Samples.everyFieldEdit(of: Samples.everyField(owner: ada.id, layer: home.id), movedTo: home.id)
            let created = try await api.send(.post, "/api/v1/annotations", token: ada.token, json: sample)
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            let annotation = try created.decode(Annotation.self)
            for field in Annotation.declaration.fields where field.isPatchable {
                #expect(!field.access.differs(annotation, sample), "a create did not set \(field.name)")
            }
            #expect(annotation.id == sample.id && annotation.layerID == home.id)
        }
    }

    @Test(arguments: Backend.allCases) func annotationList_filtersAndPages(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let layer = try await api.createLayer(ada)
            var made: [AnnotationID] = []
            for index in 0..<5 { made.append(try await api.createNote(ada, in: layer.id, text: "note \(index)").id) }

            var seen: [AnnotationID] = []
            var cursor: String?
            repeat {
                let query = "limit=2&layerID=\(layer.id)" + (cursor.map { "&cursor=\($0)" } ?? "")
                let result = try await api.send(.get, "/api/v1/annotations?\(query)", token: ada.token)
                #expect(result.status == .ok)
                let page = try result.decode(Page<Annotation>.self)
                #expect(page.items.count <= 2)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(Set(seen) == Set(made))
            #expect(seen.count == 5)

            let near = try await api.send(.get, "/api/v1/annotations?near=1,2,3&radius=1", token: ada.token)
            #expect(try near.decode(Page<Annotation>.self).items.count == 5)
            let far = try await api.send(.get, "/api/v1/annotations?near=100,100,100&radius=1", token: ada.token)
            #expect(try far.decode(Page<Annotation>.self).items.isEmpty)
            let photos = try await api.send(.get, "/api/v1/annotations?type=photo", token: ada.token)
            #expect(try photos.decode(Page<Annotation>.self).items.isEmpty)
            let visible = try await api.send(
                .get, "/api/v1/annotations?visibleAt=2030-01-01T00:00:00.000Z", token: ada.token)
            #expect(try visible.decode(Page<Annotation>.self).items.count == 5)
        }
    }

    @Test(
        arguments: Backend.allCases,
        [
            "limit=0", "limit=201", "limit=abc", "type=hologram", "status=maybe", "layerID=nope", "creatorID=x",
            "near=1,2", "near=1,2,3", "near=1,2,3&radius=-1", "near=nan,2,3&radius=1", "near=1,2,3&radius=1e30",
            "radius=5", "visibleAt=yesterday", "cursor=%%%", "cursor=bm90LWEtY3Vyc29y",
        ])
    func annotationList_badQuery_is400(_ backend: Backend, query: String) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let result = try await api.send(.get, "/api/v1/annotations?\(query)", token: ada.token)
            #expect(result.status == .badRequest, "\(query)")
            #expect(result.errorCode != nil)
        }
    }
}
