import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// `/api/v1/search` and the recent list (SPEC S4).
@Suite("Search routes")
struct SearchRouteTests {
    @Test(arguments: Backend.allCases) func search_byTextAndFilters_onlyWhatTheCallerSees(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let milk = try await api.createNote(a, in: layer.id, text: "Buy milk tomorrow")
            _ = try await api.createNote(a, in: layer.id, text: "Call the plumber")
            let bLayer = try await api.createLayer(b)
            _ = try await api.createNote(b, in: bLayer.id, text: "Bob's milk")

            let found = try await api.send(.get, "/api/v1/search?q=mil", token: a.token)
            #expect(try found.decode(Page<Annotation>.self).items.map(\.id) == [milk.id])
            let filtered = try await api.send(
                .get, "/api/v1/search?q=milk&layerID=\(layer.id)&type=text&creatorID=\(a.id)&from=2000-01-01T00:00:00Z",
                token: a.token)
            #expect(try filtered.decode(Page<Annotation>.self).items.map(\.id) == [milk.id])
            let future = try await api.send(.get, "/api/v1/search?from=2999-01-01T00:00:00Z", token: a.token)
            #expect(try future.decode(Page<Annotation>.self).items.isEmpty)
            let all = try await api.send(.get, "/api/v1/search", token: a.token)
            #expect(try all.decode(Page<Annotation>.self).items.count == 2)

            let recent = try await api.send(.get, "/api/v1/annotations/recent?limit=1", token: a.token)
            let page = try recent.decode(Page<Annotation>.self)
            #expect(page.items.count == 1 && page.nextCursor != nil)
            let next = try await api.send(
                .get, "/api/v1/annotations/recent?limit=1&cursor=\(page.nextCursor!)", token: a.token)
            #expect(try next.decode(Page<Annotation>.self).items.count == 1)
        }
    }

    @Test(arguments: Backend.allCases) func search_refusesBadParameters(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            for query in [
                "type=poem", "layerID=nope", "creatorID=x", "from=yesterday", "to=2020-13-01",
                "from=2021-01-01T00:00:00Z&to=2020-01-01T00:00:00Z", "limit=0", "limit=x", "cursor=zzz",
                "q=\(String(repeating: "a", count: 600))",
            ] {
                let result = try await api.send(.get, "/api/v1/search?\(query)", token: a.token)
                #expect(result.status == .badRequest, "\(query.prefix(40)) → \(result.status)")
            }
            #expect(try await api.send(.get, "/api/v1/search?q=x").status == .unauthorized)
        }
    }
}
