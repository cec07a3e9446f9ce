import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// "What is around me, now" over HTTP (issue 20): nearest first with distances, and every
/// visibility rule applied, proximity included, as the device applies them.
@Suite("Spatial routes")
struct SpatialRouteTests {
    static func create(
        _ api: APIClient, _ session: Session, in layer: LayerID, at position: SIMD3<Float>, text: String,
        rules: VisibilityRules? = nil
    ) async throws -> Annotation {
        let result = try await api.send(
            .post, "/api/v1/annotations", token: session.token,
            json: CreateAnnotationRequest(
                type: .text, content: AnnotationContent(text: text), position: position, layerID: layer,
                visibilityRules: rules))
        guard result.status == .created else { throw TestFailure("create: \(result.status)") }
        return try result.decode(Annotation.self)
    }

    @Test(arguments: Backend.allCases) func nearby_isNearestFirst_withDistances_andTheRadiusInclusive(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let far = try await Self.create(api, a, in: layer.id, at: [10, 0, 0], text: "far")
            let edge = try await Self.create(api, a, in: layer.id, at: [3, 0, 4], text: "edge")
            let here = try await Self.create(api, a, in: layer.id, at: [0, 0, 0], text: "here")
            let found = try await api.send(.get, "/api/v1/annotations/nearby?at=0,0,0&radius=5", token: a.token)
                .decode(Page<NearbyAnnotation>.self).items
            #expect(found.map(\.annotation.id) == [here.id, edge.id])
            #expect(found.map(\.distance) == [0, 5])
            let wide = try await api.send(.get, "/api/v1/annotations/nearby?at=0,0,0&radius=20&limit=2", token: a.token)
                .decode(Page<NearbyAnnotation>.self).items
            #expect(wide.map(\.annotation.id) == [here.id, edge.id] && !wide.contains { $0.annotation.id == far.id })
            let others = try await api.send(.get, "/api/v1/annotations/nearby?at=0,0,0&radius=20", token: b.token)
                .decode(Page<NearbyAnnotation>.self).items
            #expect(others.isEmpty)
            for (query, field) in [
                ("radius=5", "at"), ("at=1,2&radius=5", "at"), ("at=nan,0,0&radius=5", "at"),
                ("at=0,0,0", "radius"), ("at=0,0,0&radius=x", "radius"), ("at=0,0,0&radius=-1", nil),
                ("at=0,0,0&radius=1e9", nil), ("at=0,0,0&radius=5&limit=0", "limit"),
            ] as [(String, String?)] {
                let result = try await api.send(.get, "/api/v1/annotations/nearby?\(query)", token: a.token)
                #expect(result.status == .badRequest, "\(query)")
                if let field { #expect(result.errorField == field, "\(query)") }
            }
            #expect(try await api.send(.get, "/api/v1/annotations/nearby?at=0,0,0&radius=5").status == .unauthorized)
        }
    }

    @Test(arguments: Backend.allCases) func visible_appliesTimeAndProximityRules_forTheViewer(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let plain = try await Self.create(api, a, in: layer.id, at: [0, 0, 0], text: "always")
            let close = try await Self.create(
                api, a, in: layer.id, at: [0, 0, 0], text: "within 2 m",
                rules: VisibilityRules(locationRules: [LocationRule(type: .proximity, radiusMeters: 2)]))
            let start = Date(timeIntervalSince1970: 1_900_000_000)
            let window = try await Self.create(
                api, a, in: layer.id, at: [0, 0, 0], text: "one hour",
                rules: VisibilityRules(
                    timeRules: [TimeRule(type: .timeRange, startTime: start, endTime: start.addingTimeInterval(3_600))])
            )
            func visible(_ query: String) async throws -> Set<AnnotationID> {
                let result = try await api.send(.get, "/api/v1/annotations/visible?\(query)", token: a.token)
                #expect(result.status == .ok, "\(query)")
                return Set(try result.decode(Page<Annotation>.self).items.map(\.id))
            }
            #expect(try await visible("viewer=1,0,0") == [plain.id, close.id])
            // At the radius: shown; past it, or with no viewer: hidden.
            #expect(try await visible("viewer=2,0,0") == [plain.id, close.id])
            #expect(try await visible("viewer=2.01,0,0") == [plain.id])
            #expect(try await visible("") == [plain.id])
            let during = Timestamp.format(start.addingTimeInterval(60))
            #expect(try await visible("at=\(during)&viewer=9,9,9") == [plain.id, window.id])
            for query in ["at=yesterday", "viewer=1,2", "viewer=inf,0,0"] {
                #expect(
                    try await api.send(.get, "/api/v1/annotations/visible?\(query)", token: a.token).status
                        == .badRequest, "\(query)")
            }
        }
    }
}
