import Foundation
import RealityAPI
import RealityCore
import Testing

/// The live-events hub reads one public feed for every user tied to nothing a commit touched
/// (issue 24, ``LiveAudience``): the hints stay exact. A stranger hears of public changes only, on
/// every socket; the owner hears of their own change as private, never public; a grantee hears of
/// the grant, of changes under it and of the revoke; nobody hears of a private layer's change.
@Suite("Live audience")
struct LiveAudienceTests {
    @Test("hints stay exact when most listeners share one look", arguments: Backend.allCases)
    func exactHints(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            try await Self.scenario(commitVia: api, listenVia: api)
        }
    }

    /// Ann commits through `commitVia`; Bob, Cat (two sockets) and Ann listen through `listenVia`.
    static func scenario(commitVia writer: APIClient, listenVia reader: APIClient) async throws {
        let ann = try await writer.register("Ann")
        let bob = try await writer.register("Bob")
        let cat = try await writer.register("Cat")
        try await writer.setTier(.pro, for: ann.id)
        let square = try await writer.createLayer(ann, name: "Square")
        let diary = try await writer.createLayer(ann, name: "Diary")
        let open = try await writer.send(
            .patch, "/api/v1/layers/\(square.id)", token: ann.token, raw: #"{"isPublic": true}"#)
        #expect(open.status == .ok)
        let annEvents = EventRecorder()
        let bobEvents = EventRecorder()
        let catEvents = [EventRecorder(), EventRecorder()]
        let everyone = [annEvents, bobEvents] + catEvents
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await reader.listen(as: ann, into: annEvents) }
            group.addTask { try await reader.listen(as: bob, into: bobEvents) }
            for recorder in catEvents { group.addTask { try await reader.listen(as: cat, into: recorder) } }
            for recorder in everyone { try await recorder.waitUntilConnected() }

            // A public note: strangers hear `public` on every socket; its owner hears `private`.
            _ = try await writer.createNote(ann, in: square.id)
            for recorder in catEvents + [bobEvents] {
                _ = try await recorder.wait { $0.contains(.changes(scopes: [.public])) }
            }
            _ = try await annEvents.wait { $0.contains(.changes(scopes: [.private])) }

            // A note in Ann's private diary, then a public one: the strangers hear only the second.
            let before = await catEvents[0].events.count
            _ = try await writer.createNote(ann, in: diary.id)
            _ = try await annEvents.wait { $0.filter { $0 == .changes(scopes: [.private]) }.count >= 2 }
            _ = try await writer.createNote(ann, in: square.id)
            let after = try await catEvents[0].wait { $0.count > before }
            #expect(after.dropFirst(before).allSatisfy { $0 == .changes(scopes: [.public]) })

            // Bob is granted the diary: he hears it, then a note in it, then the revoke; Cat never does.
            try await writer.share(diary.id, by: ann, with: bob, as: .viewer)
            _ = try await bobEvents.wait { Self.hints(.shared, in: $0) >= 1 }
            let sharedBefore = Self.hints(.shared, in: await bobEvents.events)
            _ = try await writer.createNote(ann, in: diary.id, text: "Only for Bob")
            _ = try await bobEvents.wait { Self.hints(.shared, in: $0) > sharedBefore }
            let beforeRevoke = Self.hints(.shared, in: await bobEvents.events)
            let revoke = try await writer.send(
                .delete, "/api/v1/layers/\(diary.id)/permissions/\(bob.id)", token: ann.token)
            #expect(revoke.status == .noContent)
            _ = try await bobEvents.wait { Self.hints(.shared, in: $0) > beforeRevoke }

            // A last public note: once Cat hears it, everything before it was delivered.
            _ = try await writer.createNote(ann, in: square.id, text: "Last")
            for recorder in catEvents {
                let events = try await recorder.wait { $0.filter { $0 == .changes(scopes: [.public]) }.count >= 3 }
                #expect(
                    events.allSatisfy { $0 == .changes(scopes: [.public]) },
                    "a stranger hears only of the public layer: \(events)")
            }
            let annHeard = await annEvents.events
            #expect(
                Self.hints(.public, in: annHeard) == 0, "the owner's own public notes are private to her: \(annHeard)")
            for recorder in everyone { await recorder.stop() }
            try await group.waitForAll()
        }
    }

    /// How many hints in `events` name `scope`.
    static func hints(_ scope: SyncScope, in events: [LiveEvent]) -> Int {
        events.filter { if case .changes(let scopes) = $0 { scopes.contains(scope) } else { false } }.count
    }
}
