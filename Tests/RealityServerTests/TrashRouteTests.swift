import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealityTestSupport
import Testing

@testable import RealityServer

/// The rules the server keeps (issue 20): the retention job retires annotations past their
/// rules into the trash, every device learns of it through sync, and the owner alone lists and
/// restores what is in the trash.
@Suite struct TrashRouteTests {
    /// Runs what is due on a job runner of its own over `store`, as the server's runner does,
    /// after waiting 1.1 s; the sweep it runs queues the next one `interval` later (a second, so a
    /// slow write under a loaded run never leaves the next sweep due at once and counted twice).
    static func runDueJobs(
        _ store: some ServerStore, interval: TimeInterval = 1, waiting wait: Duration = .milliseconds(1_100)
    ) async throws -> Int {
        try await Task.sleep(for: wait)
        let runner = JobRunner(
            queue: store, handlers: [RetentionJob(store: store, interval: interval, logger: TestServer.logger)],
            signal: JobSignal(), pollInterval: .seconds(3_600), metrics: ServerMetrics(), logger: TestServer.logger)
        return await runner.runDueJobs()
    }

    /// The server's own runner looks only when told (no uploads here) or once an hour.
    static func quietRunner(_ configuration: inout ServerConfiguration) {
        configuration.jobPollInterval = .seconds(3_600)
    }

    @Test(arguments: Backend.allCases)
    func spentViews_sendAnAnnotationToTheTrash_devicesLearn_andOnlyItsOwnerRestoresIt(backend: Backend) async throws {
        try await TestServer.run(backend, Self.quietRunner) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            try await api.setTier(.pro, for: ana.id)
            let layer = try await api.createLayer(ana)
            try await api.share(layer.id, by: ana, with: ben, as: .viewer)
            let note = try await api.createNote(ana, in: layer.id)
            let ruled = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: ana.token,
                raw: #"{"visibilityRules":{"expiresAfterViews":1}}"#)
            #expect(ruled.status == .ok)
            let before = try await api.pullAll(ben, .shared)
            #expect(before.changes.saved(.annotation).contains(note.id.uuidString))
            #expect(try await Self.runDueJobs(api.store) == 1, "the sweep queued at start")
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ana.token).status == .ok)

            #expect(
                try await api.send(.post, "/api/v1/annotations/\(note.id)/views", token: ben.token).status == .noContent
            )
            #expect(try await Self.runDueJobs(api.store) == 1)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ana.token).status == .notFound)
            let after = try await api.pullAll(ben, .shared, since: before.token)
            let learned = after.changes.first { $0.recordID == note.id.uuidString }
            if case .annotation(let record) = learned?.record {
                #expect(record.isDeleted)
            } else {
                #expect(learned?.deleted == true, "Ben's device hears of it")
            }

            let trash = try await api.send(.get, "/api/v1/trash", token: ana.token).decode(Page<TrashEntry>.self)
            #expect(trash.items.map(\.id) == [note.id.rawValue])
            #expect(trash.items.first?.purgeAt == trash.items.first?.deletedAt.addingTimeInterval(30 * 86_400))
            #expect(
                try await api.send(.get, "/api/v1/trash", token: ben.token).decode(Page<TrashEntry>.self).items.isEmpty)
            let bens = try await api.send(.post, "/api/v1/annotations/\(note.id)/restore", token: ben.token)
            #expect(bens.status == .notFound, "a viewer cannot restore, nor learn it is there")
            #expect(try await api.send(.post, "/api/v1/annotations/\(note.id)/restore").status == .unauthorized)

            let restored = try await api.send(.post, "/api/v1/annotations/\(note.id)/restore", token: ana.token)
            #expect(restored.status == .ok)
            let back = try restored.decode(Annotation.self)
            #expect(!back.isDeleted && back.visibilityRules?.expiresAfterViews == nil, "the spent rule is lifted")
            #expect(try await Self.runDueJobs(api.store) == 1)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ben.token).status == .ok)
            let again = try await api.send(.post, "/api/v1/annotations/\(note.id)/restore", token: ana.token)
            #expect(again.status == .notFound, "only what is in the trash is restored")
            #expect(
                try await api.send(.post, "/api/v1/annotations/nope/restore", token: ana.token).status == .badRequest)
            let synced = try await api.pullAll(ben, .shared, since: after.token)
            if case .annotation(let record) = synced.changes.first(where: { $0.recordID == note.id.uuidString })?.record
            {
                #expect(!record.isDeleted, "Ben's device gets it back")
            } else {
                Issue.record("the restore did not reach Ben's feed")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func restore_refusesWhatWouldExpireAgain_orWhatHasNoLayer_andBringsBackLayers(backend: Backend) async throws {
        try await TestServer.run(backend, Self.quietRunner) { api in
            let ana = try await api.register("Ana")
            try await api.setTier(.pro, for: ana.id)
            let layer = try await api.createLayer(ana, name: "Week")
            let week = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: ana.token, raw: #"{"autoExpireDays":7}"#)
            #expect(week.status == .ok)
            var old = Samples.note(
                "old", owner: ana.id, layer: layer.id, createdAt: Date().addingTimeInterval(-8 * 86_400))
            old.updatedAt = Date().addingTimeInterval(-86_400)
            try await api.store.commit(ChangeSet(changes: [.saveAnnotation(old)]))
            #expect(try await Self.runDueJobs(api.store) == 1)
            #expect(try await api.store.annotation(id: old.id)?.isDeleted == true)
            let refused = try await api.send(.post, "/api/v1/annotations/\(old.id)/restore", token: ana.token)
            #expect(refused.status == .conflict)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("auto-expiry"))
            #expect(try await api.store.annotation(id: old.id)?.isDeleted == true, "a refusal changes nothing")

            let other = try await api.createLayer(ana, name: "Other")
            let note = try await api.createNote(ana, in: other.id)
            #expect(
                try await api.send(.delete, "/api/v1/annotations/\(note.id)", token: ana.token).status == .noContent)
            #expect(try await api.send(.delete, "/api/v1/layers/\(other.id)", token: ana.token).status == .noContent)
            let orphan = try await api.send(.post, "/api/v1/annotations/\(note.id)/restore", token: ana.token)
            #expect(String(decoding: orphan.body, as: UTF8.self).contains("restore the layer first"))
            let trash = try await api.send(.get, "/api/v1/trash", token: ana.token).decode(Page<TrashEntry>.self)
            #expect(Set(trash.items.map(\.kind)) == [.annotation, .layer])
            let restored = try await api.send(.post, "/api/v1/layers/\(other.id)/restore", token: ana.token)
            #expect(restored.status == .ok)
            #expect(try restored.decode(Layer.self).isDeleted == false)
            #expect(try await api.send(.get, "/api/v1/layers/\(other.id)", token: ana.token).status == .ok)
            let note2 = try await api.send(.post, "/api/v1/annotations/\(note.id)/restore", token: ana.token)
            #expect(note2.status == .ok, "with its layer back, so can the annotation be")
        }
    }

    /// A runner that dies midway leaves the job leased; once the lease ends, one of two runners
    /// racing for it finishes the sweep, nothing is trashed twice, and the job waits for its next run.
    @Test(arguments: Backend.allCases)
    func aSweepKilledMidRun_isFinishedOnce_byOneOfTwoRunners(backend: Backend) async throws {
        try await withServerStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var dated = Samples.note("dated", owner: ana.id, layer: layer.id)
            dated.visibilityRules = VisibilityRules(expiresAt: Date().addingTimeInterval(-1))
            var binned = Samples.note("binned", owner: ana.id, layer: layer.id, isDeleted: true)
            binned.updatedAt = Date().addingTimeInterval(-31 * 86_400)
            try await store.commit(
                ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(dated), .saveAnnotation(binned)])
            )
            try await store.enqueueJob(.retention, subject: JobKind.retentionSubject, at: Date())
            // The lease is long enough that a loaded machine (the whole suite in parallel) still
            // runs the next line inside it.
            let lease: Duration = .seconds(10)
            let dead = try await store.claimJobs(
                now: Date(), leaseEnd: Date().addingTimeInterval(Double(lease.components.seconds)), limit: 1)
            #expect(dead.map(\.kind) == [.retention])
            #expect(try await Self.runDueJobs(store, interval: 60, waiting: .zero) == 0, "the lease holds")
            #expect(try await Self.expire(store) == 1, "the dead runner's half")
            let stamped = try await store.annotation(id: dated.id)?.updatedAt
            async let first = Self.runDueJobs(store, interval: 60, waiting: lease)
            async let second = Self.runDueJobs(store, interval: 60, waiting: lease)
            #expect(try await first + second == 1, "one runner takes it")
            #expect(try await store.annotation(id: dated.id)?.updatedAt == stamped, "not trashed twice")
            #expect(try await store.annotation(id: binned.id) == nil, "the other half is done")
            let counts = try await store.jobCounts()
            #expect(counts.queued == 1 && counts.failed == 0, "the sweep waits for its next run")
            #expect(try await store.isJobQueued(.retention, subject: JobKind.retentionSubject))
        }
    }

    static func expire(_ store: some ServerStore) async throws -> Int {
        try await Retention(store: store).expire(now: Date())
    }

    private func withServerStore(_ backend: Backend, _ body: (any ServerStore) async throws -> Void) async throws {
        switch backend {
        case .sqlite: try await body(try SQLiteServerStore.inMemory())
        case .postgres: try await withPostgresStore { try await body($0) }
        }
    }
}
