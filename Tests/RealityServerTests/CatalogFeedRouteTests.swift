import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// Out of Box's catalog in the sync feed's public scope (issue 21; docs/out-of-box.md, "The
/// device's copy of the catalog"): every user receives every challenge there, and each change an
/// administrator makes, once, after the token that saw the one before.
@Suite("Catalog in the sync feed")
struct CatalogFeedRouteTests {
    static let entry =
        #"{"id": "feed-added", "title": "Count the stairs you climb today", "description": "Keep a tally of every stair you climb from morning to night.", "category": "physical", "timeInvestment": "quick", "socialRequirement": "solo", "costLevel": "free", "difficultyLevel": 2, "tags": ["walking"], "locationType": "anywhere"}"#

    @Test(
        "every user's public scope carries the whole catalog, each challenge as the server has it",
        arguments: Backend.allCases)
    func firstPull(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let shipped = try ShippedCatalog.file().challenges
            for person in [ana, bob] {
                let feed = try await api.pullAll(person, .public, limit: 100)
                let published = try Self.challenges(in: feed.changes)
                #expect(published.count == shipped.count, "every challenge once, across pages of 100")
                #expect(Set(published.map(\.id)) == Set(shipped.map(\.id)))
                #expect(feed.changes.allSatisfy { !$0.changeTag.isEmpty && !$0.deleted })
                for scope in [SyncScope.private, .shared] {
                    #expect(try await api.pullAll(person, scope).changes.saved(.challenge).isEmpty)
                }
            }
            let one = try #require(shipped.first)
            let served = try await api.send(.get, "/api/v1/challenges/\(one.id)", token: ana.token).decode(
                Challenge.self)
            let feed = try await api.pullAll(ana, .public)
            #expect(try Self.challenges(in: feed.changes).first { $0.id == one.id } == served, "every field")
        }
    }

    @Test("an administrator's change comes down once, after the token, to every user", arguments: Backend.allCases)
    func updates(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let anaStart = try await api.pullAll(ana, .public)
            let bobStart = try await api.pullAll(bob, .public)
            #expect(try await api.pull(ana, .public, since: anaStart.token).changes.isEmpty, "nothing new")

            let added = try await api.send(
                .post, "/api/v1/admin/challenges", token: TestServer.adminToken,
                raw: #"{"challenges": [\#(Self.entry)]}"#)
            #expect(added.status == .ok, "\(String(decoding: added.body, as: UTF8.self))")
            let anaAdded = try await api.pullAll(ana, .public, since: anaStart.token)
            #expect(anaAdded.changes.map(\.recordID) == ["feed-added"])
            #expect(try Self.challenges(in: anaAdded.changes).first?.isActive == true)

            let retire = Self.entry.replacingOccurrences(
                of: #""locationType": "anywhere"}"#, with: #""locationType": "anywhere", "isActive": false}"#)
            let retired = try await api.send(
                .post, "/api/v1/admin/challenges", token: TestServer.adminToken, raw: #"{"challenges": [\#(retire)]}"#)
            #expect(retired.status == .ok)
            let anaRetired = try await api.pullAll(ana, .public, since: anaAdded.token)
            #expect(try Self.challenges(in: anaRetired.changes).map(\.isActive) == [false], "a retirement is a change")
            #expect(anaRetired.changes.first?.changeTag != anaAdded.changes.first?.changeTag)

            // Bob, who pulled before both, gets the challenge once, as it is now.
            let bobLater = try await api.pullAll(bob, .public, since: bobStart.token)
            #expect(try Self.challenges(in: bobLater.changes).map(\.isActive) == [false])
            // The catalog endpoint tells the same story by generation.
            let changes = try await api.send(
                .get, "/api/v1/challenges/catalog?since=0", token: ana.token
            ).decode(CatalogChanges.self)
            #expect(changes.challenges.contains { $0.id == "feed-added" && !$0.isActive })
        }
    }

    @Test("a device cannot push a challenge: the mutation is refused and nothing changes", arguments: Backend.allCases)
    func pushRefused(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let start = try await api.pullAll(ana, .public)
            let one = try #require(try ShippedCatalog.file().challenges.first)
            for op in ["save", "delete"] {
                let body = """
                    {"clientID": "test-device", "mutations": [{"mutationID": "\(newMutationID())", "recordType": "challenge",
                    "recordID": "\(one.id)", "op": "\(op)", "fields": \(Self.entry.replacingOccurrences(of: "feed-added", with: one.id))}]}
                    """
                let pushed = try await api.send(.post, "/api/v1/sync/push", token: ana.token, raw: body)
                #expect(pushed.status == .badRequest, "\(op): \(String(decoding: pushed.body, as: UTF8.self))")
            }
            #expect(try await api.pull(ana, .public, since: start.token).changes.isEmpty)
            let kept = try await api.send(.get, "/api/v1/challenges/\(one.id)", token: ana.token).decode(Challenge.self)
            #expect(kept.title == one.title)
        }
    }

    @Test("a catalog change is a live hint of the public scope to every listener", arguments: Backend.allCases)
    func liveHint(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let events = EventRecorder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await api.listen(as: ana, into: events) }
                try await events.waitUntilConnected()
                let added = try await api.send(
                    .post, "/api/v1/admin/challenges", token: TestServer.adminToken,
                    raw: #"{"challenges": [\#(Self.entry)]}"#)
                #expect(added.status == .ok)
                let heard = try await events.wait { events in
                    events.contains { if case .changes(let scopes) = $0 { scopes.contains(.public) } else { false } }
                }
                #expect(
                    !heard.contains { if case .changes(let scopes) = $0 { scopes.contains(.private) } else { false } })
                await events.stop()
                try await group.waitForAll()
            }
        }
    }

    /// The challenges that `changes` carry, decoded from their published records.
    static func challenges(in changes: [SyncChange]) throws -> [Challenge] {
        try changes.filter { $0.recordType == .challenge }.map { change in
            guard case .published(let record)? = change.record else {
                throw TestFailure("\(change.recordID) came down without its record")
            }
            return try Challenge(published: record)
        }
    }
}
