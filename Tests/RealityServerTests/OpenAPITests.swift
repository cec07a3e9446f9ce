import Foundation
import Hummingbird
import RealityAPI
import RealityCore
import RealityServer
import RealityStore
import Testing

/// The OpenAPI document is public and lists exactly the router's routes (SPEC C4).
@Suite("OpenAPI document")
struct OpenAPITests {
    /// Every declared route has a handler, and no handler serves an undeclared route: the router's
    /// table is the declarations' (``APIRoute/all``), each once.
    @Test func everyDeclaredRoute_isRegistered_andNothingElse() throws {
        let router = buildRouter(ServerConfiguration(port: 0), store: try SQLiteServerStore.inMemory())
        // The events WebSocket lives on the upgrade router, next to the HTTP one.
        let registered = router.routes.map { "\($0.method.rawValue) \($0.path)" } + [APIRoute.events.description]
        let declared = APIRoute.all.map(\.description)
        #expect(Set(registered).count == registered.count, "a route registered twice")
        #expect(Set(declared).count == declared.count, "a route declared twice")
        #expect(Set(declared).subtracting(registered).sorted() == [], "declared but not registered")
        #expect(Set(registered).subtracting(declared).sorted() == [], "registered but not declared")
    }

    @Test func document_isPublic_andDescribesEveryRoute_andNothingElse() async throws {
        let router = buildRouter(ServerConfiguration(port: 0), store: try SQLiteServerStore.inMemory())
        // The events WebSocket lives on the upgrade router, next to the HTTP one.
        let registered = Set(router.routes.map { "\($0.method.rawValue) \($0.path)" } + [APIRoute.events.description])
        #expect(registered.count > 50)
        try await TestServer.run(.sqlite) { api in
            let result = try await api.send(.get, "/api/v1/openapi.json")
            #expect(result.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: result.body) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var documented: Set<String> = []
            for (path, operations) in paths {
                for (method, operation) in operations {
                    documented.insert("\(method.uppercased()) \(path)")
                    let responses = (operation as? [String: Any])?["responses"] as? [String: Any]
                    #expect(responses?["default"] != nil, "\(method) \(path) documents its errors")
                }
            }
            #expect(documented.subtracting(registered).sorted() == [], "documented but not routed")
            #expect(registered.subtracting(documented).sorted() == [], "routed but not documented")
            let components = try #require(document["components"] as? [String: Any])
            let schemas = try #require(components["schemas"] as? [String: Any])
            for name in ["Annotation", "Layer", "Comment", "Error", "WorldMap", "AssetResponse", "AppNotification"] {
                #expect(schemas[name] != nil, "schema \(name)")
            }
            // Every reference, read from the parsed document (the text escapes its slashes).
            let refs = Self.references(in: document)
            #expect(refs.count > 30)
            for ref in refs {
                let parts = ref.split(separator: "/").map(String.init)
                let target = parts.count == 4 ? (components[parts[2]] as? [String: Any])?[parts[3]] : nil
                #expect(parts.first == "#" && target != nil, "$ref to nothing: \(ref)")
            }
            let security = try #require(components["securitySchemes"] as? [String: Any])
            #expect(security["bearerAuth"] != nil)
        }
    }

    /// Every `$ref` value anywhere in `value`.
    static func references(in value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            var found = Set(object["$ref"].flatMap { $0 as? String }.map { [$0] } ?? [])
            for child in object.values { found.formUnion(references(in: child)) }
            return found
        }
        if let array = value as? [Any] { return array.reduce(into: Set<String>()) { $0.formUnion(references(in: $1)) } }
        return []
    }
}
