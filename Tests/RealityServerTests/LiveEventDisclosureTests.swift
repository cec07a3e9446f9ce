import Foundation
import RealityAPI
import RealityCore
import Testing

/// The events socket discloses no more than REST and the feed do (issue 17, ``GrantDisclosure``):
/// its frames are hints (`ready`, `changes` with scopes) and the caller's own notifications, which
/// name a layer at most, never its grants; a viewer hears that something changed, not who was let in.
@Suite("Live event disclosure")
struct LiveEventDisclosureTests {
    @Test(
        "a viewer's socket hears of grant changes on the layer but never sees a grant or who holds one",
        arguments: Backend.allCases)
    func viewersSocket_carriesNoGrants(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let cat = try await api.register("Cat")
            let dan = try await api.register("Dan")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let bobEvents = EventRecorder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await api.listen(as: bob, into: bobEvents) }
                try await bobEvents.waitUntilConnected()
                try await api.share(layer.id, by: ann, with: bob, as: .viewer)
                try await api.share(layer.id, by: ann, with: cat, as: .editor)
                let direct = try await api.send(
                    .post, "/api/v1/annotations/\(note.id)/permissions", token: ann.token,
                    json: GrantRequest(userID: dan.id, level: .commenter))
                #expect(direct.status == .created)
                #expect(
                    try await api.send(
                        .delete, "/api/v1/layers/\(layer.id)/permissions/\(cat.id)", token: ann.token
                    ).status == .noContent)
                let marker = try await api.createNote(ann, in: layer.id, text: "marker")
                let shared = try await api.pullAll(bob, .shared)
                #expect(shared.changes.saved(.annotation).contains(marker.id.uuidString))
                // The hub may cover all five commits in one look (when it is busy) or in several, so
                // Bob hears of his shared scope once at least; every frame he has by then is checked.
                let received = try await bobEvents.wait { events in
                    events.contains { if case .notification(let n) = $0 { n.type == .shared } else { false } }
                        && events.contains {
                            if case .changes(let scopes) = $0 { scopes.contains(.shared) } else { false }
                        }
                }
                for event in received {
                    switch event {
                    case .changes(let scopes): #expect(!scopes.isEmpty)
                    case .notification(let notification): #expect(notification.recipientID == bob.id)
                    case .ready: Issue.record("ready is not recorded as an event")
                    }
                }
                let frames = await bobEvents.frames
                for frame in frames {
                    for other in [cat.id, dan.id] { #expect(!frame.contains(other.uuidString), "\(frame)") }
                    #expect(!frame.contains("permissions") && !frame.contains("grantedBy"), "\(frame)")
                }
                // The feed, read by the same viewer, shows only his own grant too.
                let layerRecord = shared.changes.last { $0.recordID == layer.id.uuidString }?.record
                if case .layer(let seen)? = layerRecord {
                    #expect(seen.permissions.map(\.userID) == [bob.id])
                } else {
                    Issue.record("the layer did not come down")
                }
                await bobEvents.stop()
                try await group.waitForAll()
            }
        }
    }
}
