import Foundation
import RealityAPI
import RealityCore
import Testing

/// `POST /api/v1/sync/push`: results, idempotency, conflicts, rules and limits (docs/sync-protocol.md).
@Suite("Sync push")
struct SyncPushRouteTests {
    private func note(in layer: LayerID, owner: UserID, text: String = "Milk") -> Annotation {
        Annotation(
            type: .text, content: AnnotationContent(text: text), title: "Fridge", position: [1, 2, 3],
            layerID: layer, ownerID: owner)
    }

    private func save(_ annotation: Annotation, base: String? = nil, id: String = newMutationID()) -> SyncMutation {
        SyncMutation(
            mutationID: id, recordType: .annotation, recordID: annotation.id.uuidString, op: .save,
            baseChangeTag: base, fields: .annotation(annotation))
    }

    @Test(
        "a device's create is saved with its ID, and a replay answers the first result and changes nothing",
        arguments: Backend.allCases)
    func createAndReplay(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            let local = note(in: layer.id, owner: ann.id)
            let mutation = save(local)
            let first = try await api.push(ann, [mutation])
            #expect(first.map(\.status) == [.saved])
            let tag = try #require(first[0].changeTag)
            let replay = try await api.push(ann, [mutation])
            #expect(replay == first)
            let stored = try #require(try await api.store.annotation(id: local.id))
            #expect(stored.content.text == "Milk" && stored.ownerID == ann.id)
            #expect(try await api.store.annotationCount(ownedBy: ann.id) == 1)
            #expect(try await api.store.changeTag(of: .annotation, id: local.id.uuidString) == tag)

            // A view replayed is counted once.
            let view = SyncMutation(
                mutationID: newMutationID(), recordType: .view, recordID: local.id.uuidString, op: .view,
                fields: .annotationReference(local.id))
            #expect(try await api.push(ann, [view]).map(\.status) == [.saved])
            #expect(try await api.push(ann, [view]).map(\.status) == [.saved])
            #expect(try await api.store.annotation(id: local.id)?.viewCount == 1)
        }
    }

    @Test(
        "an edit from a stale base is a conflict carrying the server's record; from the current base it saves",
        arguments: Backend.allCases)
    func conflicts(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            var local = note(in: layer.id, owner: ann.id)
            let created = try await api.push(ann, [save(local)])
            let base = try #require(created[0].changeTag)
            // Another device edits the title through REST.
            let patch = try await api.send(
                .patch, "/api/v1/annotations/\(local.id)", token: ann.token, raw: #"{"title": "Server"}"#)
            #expect(patch.status == .ok)
            local.content = AnnotationContent(text: "Eggs")
            let stale = try await api.push(ann, [save(local, base: base)])
            #expect(stale[0].status == .conflict)
            guard case .annotation(let server) = stale[0].record else {
                Issue.record("a conflict carries the server's annotation")
                return
            }
            #expect(server.title == "Server" && server.content.text == "Milk")
            let current = try #require(stale[0].changeTag)
            #expect(current != base)
            // After merging, the device sends the merged record from the server's tag.
            local.title = "Server"
            let merged = try await api.push(ann, [save(local, base: current)])
            #expect(merged[0].status == .saved)
            let stored = try #require(try await api.store.annotation(id: local.id))
            #expect(stored.title == "Server" && stored.content.text == "Eggs")
            // A create of an ID that exists is a conflict too.
            #expect(try await api.push(ann, [save(local)])[0].status == .conflict)
        }
    }

    @Test(
        "a save that changes nothing answers saved with the server's record and its own tag, first and on replay",
        arguments: Backend.allCases)
    func unchangedSave(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            var local = note(in: layer.id, owner: ann.id)
            let created = try await api.push(ann, [save(local)])
            let tag = try #require(created[0].changeTag)
            let before = try #require(try await api.store.annotation(id: local.id))
            // The device's edit equals what the server holds; only its own date differs.
            local.updatedAt = before.updatedAt.addingTimeInterval(5)
            let mutation = save(local, base: tag)
            let results = try await api.push(ann, [mutation])
            #expect(results.map(\.status) == [.saved])
            #expect(results[0].changeTag == tag)
            guard case .annotation(let server) = results[0].record else {
                Issue.record("an unchanged save carries the server's annotation")
                return
            }
            var shown = before
            shown.myPermission = .owner  // what the server tells its reader
            #expect(server == shown)
            #expect(try await api.store.changeTag(of: .annotation, id: local.id.uuidString) == tag)
            #expect(try await api.push(ann, [mutation]) == results)
            // A save that changes the record answers its new tag and no record.
            local.title = "Pantry"
            let edited = try await api.push(ann, [save(local, base: tag)])
            #expect(edited.map(\.status) == [.saved] && edited[0].record == nil && edited[0].changeTag != tag)
        }
    }

    @Test("an edit that arrives after a deletion is refused: the deletion wins", arguments: Backend.allCases)
    func deleteWins(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let layer = try await api.createLayer(ann)
            var local = note(in: layer.id, owner: ann.id)
            let base = try #require(try await api.push(ann, [save(local)])[0].changeTag)
            #expect(
                try await api.send(.delete, "/api/v1/annotations/\(local.id)", token: ann.token).status == .noContent)
            local.title = "edited offline"
            let late = try await api.push(ann, [save(local, base: base)])
            #expect(late[0].status == .rejected && late[0].error?.code == "invalid_operation")
            let stored = try #require(try await api.store.annotation(id: local.id))
            #expect(stored.isDeleted && stored.title == "Fridge")
            // Someone who never saw it is told it does not exist, not that it was deleted.
            let stranger = try await api.push(bob, [save(local, base: base)])
            #expect(stranger[0].status == .rejected && stranger[0].error?.code == "not_found")
        }
    }

    @Test(
        "mutations follow the REST rules: someone else's IDs, permissions, plan limits, validation",
        arguments: Backend.allCases)
    func rules(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let layer = try await api.createLayer(ann)
            let annNote = try await api.createNote(ann, in: layer.id)

            // Bob cannot edit, delete, create into, react to or read Ann's records, nor see them in a conflict.
            var hijack = annNote
            hijack.title = "mine"
            let attempts = [
                save(hijack, base: "1"),
                save(hijack),
                SyncMutation(
                    mutationID: newMutationID(), recordType: .annotation, recordID: annNote.id.uuidString,
                    op: .delete, fields: .none),
                save(note(in: layer.id, owner: bob.id)),
                SyncMutation(
                    mutationID: newMutationID(), recordType: .reaction, recordID: annNote.id.uuidString,
                    op: .save, fields: .reaction(ReactionFields(annotationID: annNote.id, emoji: "👍"))),
                SyncMutation(
                    mutationID: newMutationID(), recordType: .star, recordID: annNote.id.uuidString,
                    op: .save, fields: .annotationReference(annNote.id)),
                SyncMutation(
                    mutationID: newMutationID(), recordType: .layer, recordID: layer.id.uuidString,
                    op: .delete, fields: .none),
                SyncMutation(
                    mutationID: newMutationID(), recordType: .user, recordID: ann.id.uuidString,
                    op: .save, fields: .profile(ProfileFields(displayName: "Mallory"))),
            ]
            let results = try await api.push(bob, attempts)
            #expect(results.map(\.status) == Array(repeating: .rejected, count: attempts.count))
            #expect(results.allSatisfy { $0.record == nil })
            let stored = try #require(try await api.store.annotation(id: annNote.id))
            #expect(stored.title == annNote.title && !stored.isDeleted && stored.reactions.isEmpty)
            #expect(try await api.store.user(id: ann.id)?.displayName == "Ann")

            // Validation and the free plan's limits hold.
            var bad = note(in: layer.id, owner: ann.id)
            bad.title = String(repeating: "t", count: Annotation.maxTitleLength + 1)
            let invalid = try await api.push(ann, [save(bad)])
            #expect(invalid[0].status == .rejected && invalid[0].error?.field == "title")
            var overLimit: [SyncMutation] = []
            for index in 0..<30 { overLimit.append(save(note(in: layer.id, owner: ann.id, text: "n\(index)"))) }
            let limited = try await api.push(ann, overLimit)
            #expect(limited.filter { $0.status == .saved }.count == 24)
            #expect(limited.last?.error?.code == "annotation_limit_reached")
            #expect(try await api.store.annotationCount(ownedBy: ann.id) == 25)
            // A rejection replays as the same rejection.
            #expect(try await api.push(ann, [overLimit.last!]) == [limited.last!])
        }
    }

    @Test(
        "a run of creates is applied together; one refused create leaves the others saved and answers alone",
        arguments: Backend.allCases)
    func createRuns(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let existing = try await api.createNote(ann, in: layer.id)
            var notes = (0..<6).map { note(in: layer.id, owner: ann.id, text: "n\($0)") }
            notes[2].title = String(repeating: "t", count: Annotation.maxTitleLength + 1)
            var clash = note(in: layer.id, owner: ann.id)
            clash.id = existing.id
            notes[4] = clash
            let mutations = notes.map { save($0) }
            let results = try await api.push(ann, mutations)
            #expect(results.map(\.status) == [.saved, .saved, .rejected, .saved, .conflict, .saved])
            #expect(results[2].error?.field == "title")
            #expect(try await api.store.annotationCount(ownedBy: ann.id) == 5)
            // The clean run goes in as one commit: every create has the same change tag.
            let clean = (0..<5).map { save(note(in: layer.id, owner: ann.id, text: "c\($0)")) }
            let together = try await api.push(ann, clean)
            #expect(together.allSatisfy { $0.status == .saved })
            #expect(Set(together.compactMap(\.changeTag)).count == 1)
            // Replaying the whole request answers the same and creates nothing more.
            #expect(try await api.push(ann, clean) == together)
            #expect(
                try await api.push(ann, mutations).map(\.status) == [
                    .saved, .saved, .rejected, .saved, .conflict, .saved,
                ])
            #expect(try await api.store.annotationCount(ownedBy: ann.id) == 10)
        }
    }

    @Test("grants, reactions, stars and reads are set operations that never conflict", arguments: Backend.allCases)
    func setOperations(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let annNote = try await api.createNote(ann, in: layer.id)
            let grant = SyncMutation(
                mutationID: newMutationID(), recordType: .grant, recordID: "layer:\(layer.id):\(bob.id)", op: .save,
                fields: .grant(
                    GrantFields(targetType: .layer, targetID: layer.id.rawValue, userID: bob.id, level: .commenter)))
            #expect(try await api.push(ann, [grant]).map(\.status) == [.saved])
            let react = SyncMutation(
                mutationID: newMutationID(), recordType: .reaction, recordID: annNote.id.uuidString, op: .save,
                fields: .reaction(ReactionFields(annotationID: annNote.id, emoji: "🎉")))
            var again = react
            again.mutationID = newMutationID()
            let star = SyncMutation(
                mutationID: newMutationID(), recordType: .star, recordID: annNote.id.uuidString, op: .save,
                fields: .annotationReference(annNote.id))
            let results = try await api.push(bob, [react, again, star])
            #expect(results.map(\.status) == [.saved, .saved, .saved])
            let stored = try #require(try await api.store.annotation(id: annNote.id))
            #expect(stored.reactions.map(\.emoji) == ["🎉"])
            let starred = try await api.pullAll(bob, .private)
            #expect(starred.changes.saved(.star) == [annNote.id.uuidString])
            let unstar = SyncMutation(
                mutationID: newMutationID(), recordType: .star, recordID: annNote.id.uuidString, op: .delete,
                fields: .annotationReference(annNote.id))
            #expect(try await api.push(bob, [unstar]).map(\.status) == [.saved])
            #expect(
                try await api.pullAll(bob, .private, since: starred.token).changes.deleted(.star)
                    == [annNote.id.uuidString])
        }
    }

    @Test(
        "batches beyond 400 mutations or 2 MiB answer 413 with the limits; malformed bodies 400",
        arguments: Backend.allCases)
    func limits(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let published = try await api.send(.get, "/api/v1/sync/limits", token: ann.token)
            #expect(try published.decode(SyncLimits.self) == .server)
            let layer = try await api.createLayer(ann)
            let tooMany = (0..<401).map { _ in save(note(in: layer.id, owner: ann.id)) }
            let many = try await api.send(
                .post, "/api/v1/sync/push", token: ann.token,
                json: SyncPushRequest(clientID: "d", mutations: tooMany))
            #expect(many.status == .contentTooLarge)
            #expect(try many.decode(SyncBatchTooLargeBody.self).limits == .server)
            let huge = String(repeating: "x", count: (2 << 20) + 1)
            let big = try await api.send(.post, "/api/v1/sync/push", token: ann.token, raw: huge)
            #expect(big.status == .contentTooLarge)
            #expect(try big.decode(SyncBatchTooLargeBody.self).limits == .server)
            #expect(try await api.store.annotationCount(ownedBy: ann.id) == 0)
            let malformed = [
                "{", "[]", #"{"clientID": "d"}"#, #"{"clientID": "", "mutations": []}"#,
                #"{"clientID": "d", "mutations": [{"mutationID": "m", "recordType": "annotation", "recordID": "x", "op": "view", "fields": {}}]}"#,
                #"{"clientID": "d", "mutations": [{"mutationID": "m", "recordType": "ghost", "recordID": "x", "op": "save", "fields": {}}]}"#,
                #"{"clientID": "d", "mutations": [{"mutationID": "", "recordType": "star", "recordID": "x", "op": "save", "fields": {"annotationID": "nope"}}]}"#,
            ]
            for body in malformed {
                let result = try await api.send(.post, "/api/v1/sync/push", token: ann.token, raw: body)
                #expect(result.status == .badRequest, "body \(body)")
            }
        }
    }
}
