import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

@Suite struct AnnotationServiceTests {
    @Test(arguments: StoreKind.allCases)
    func createFetchUpdateDelete_throughTheContainer(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer("Home")
            h.clock.advance(by: 1)
            let note = try await ana.annotations.createAnnotation(
                content: AnnotationContent(text: "Buy milk"), type: .text, position: SIMD3(1, 2, 3), layerID: layer.id)
            #expect(note.ownerID == ana.userID)
            #expect(note.layerID == layer.id)
            #expect(note.createdAt == h.clock.now && note.updatedAt == h.clock.now)
            var mine = note
            mine.myPermission = .owner  // what a read tells its reader
            #expect(try await ana.annotations.fetchAnnotation(id: note.id) == mine)
            #expect(try await ana.annotations.fetchAnnotations(in: layer.id) == [mine])

            h.clock.advance(by: 60)
            var edit = note
            edit.title = "Shopping"
            edit.content = AnnotationContent(text: "Buy oat milk")
            edit.position = SIMD3(4, 5, 6)
            edit.status = .inProgress
            edit.ownerID = UserID()  // not editable: ignored
            edit.createdAt = Samples.at(-9_999)  // not editable: ignored
            edit.isDeleted = true  // deleting is its own operation: ignored
            try await ana.annotations.updateAnnotation(edit)
            let updated = try #require(try await ana.annotations.fetchAnnotation(id: note.id))
            #expect(updated.title == "Shopping")
            #expect(updated.content.text == "Buy oat milk")
            #expect(updated.position == SIMD3(4, 5, 6))
            #expect(updated.status == .inProgress)
            #expect(updated.ownerID == ana.userID && updated.createdAt == note.createdAt && !updated.isDeleted)
            #expect(updated.updatedAt == h.clock.now)

            h.clock.advance(by: 60)
            try await ana.annotations.deleteAnnotation(id: note.id)
            #expect(try await ana.annotations.fetchAnnotation(id: note.id) == nil)
            #expect(try await ana.annotations.fetchAnnotations(in: layer.id).isEmpty)
            let stored = try #require(try await h.store.annotation(id: note.id))
            #expect(stored.isDeleted && stored.updatedAt == h.clock.now, "soft delete keeps the row for sync")
            await #expect(throws: ServiceError.notFound(.annotation, id: note.id.uuidString)) {
                try await ana.annotations.deleteAnnotation(id: note.id)
            }
            let kinds = try await ana.collaboration.getActivityFeed(limit: 10).map(\.kind)
            #expect(kinds == [.annotationDeleted, .annotationUpdated, .annotationCreated, .layerCreated])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func createAnnotation_fromAFullDraft_keepsEveryField(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let id = AnnotationID()
            let anchor = AnchorID()
            let draft = AnnotationDraft(
                id: id, type: .photo,
                content: AnnotationContent(
                    text: "caption", mediaURL: URL(string: "file:///tmp/p.heic"), cloudAssetID: Samples.assetID),
                title: "Photo", position: SIMD3(0.5, 1, -2), orientation: Quaternion(x: 0, y: 0.6, z: 0, w: 0.8),
                scale: 2, anchorID: anchor, layerID: layer.id, visibilityRules: Samples.fullRules(),
                status: .inProgress,
                attachments: Samples.fullAnnotation(owner: ana.userID, layer: layer.id).attachments)
            let note = try await ana.annotations.createAnnotation(draft)
            #expect(note.id == id && note.anchorID == anchor)
            #expect(try await h.store.annotation(id: id) == note)

            let before = try await h.store.snapshot()
            let error = await thrownError { _ = try await ana.annotations.createAnnotation(draft) }
            #expect(error as? ServiceError == .invalidOperation(reason: "An annotation with ID \(id) already exists."))
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func moveAnnotation_needsEditOnBothLayers(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let from = try await ana.layer("From")
            let to = try await ana.layer("To")
            let bensPrivate = try await ben.layer("Ben's")
            let bensShared = try await ben.layer("Shared")
            _ = try await ben.permissions.grantPermission(
                to: ana.userID, level: .viewer, forLayer: bensShared.id, expiresAt: nil)
            let note = try await ana.note("wanders", in: from.id)

            h.clock.advance(by: 1)
            try await ana.annotations.moveAnnotation(id: note.id, to: to.id)
            #expect(try await ana.annotations.fetchAnnotations(in: to.id).map(\.id) == [note.id])
            #expect(try await ana.annotations.fetchAnnotations(in: from.id).isEmpty)
            #expect(try await ana.annotations.fetchAnnotation(id: note.id)?.updatedAt == h.clock.now)

            let before = try await h.store.snapshot()
            await #expect(throws: ServiceError.notFound(.layer, id: bensPrivate.id.uuidString)) {
                try await ana.annotations.moveAnnotation(id: note.id, to: bensPrivate.id)
            }
            await #expect(throws: PermissionError.cannotEdit) {
                try await ana.annotations.moveAnnotation(id: note.id, to: bensShared.id)
            }
            await #expect(throws: ServiceError.notFound(.annotation, id: note.id.uuidString)) {
                try await ben.annotations.moveAnnotation(id: note.id, to: bensPrivate.id)
            }
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fetchNearby_returnsWhatTheUserMaySee_nearestFirst(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let mine = try await ana.layer()
            let bensPrivate = try await ben.layer("Private")
            let bensShared = try await ben.layer("Shared")
            _ = try await ben.permissions.grantPermission(
                to: ana.userID, level: .viewer, forLayer: bensShared.id, expiresAt: nil)
            let far = try await ana.note("far", in: mine.id, at: SIMD3(3, 0, 0))
            let near = try await ana.note("near", in: mine.id, at: SIMD3(0.5, 0, 0))
            let out = try await ana.note("out", in: mine.id, at: SIMD3(3, 0, 0.5))
            let shared = try await ben.note("shared", in: bensShared.id, at: SIMD3(0, 2, 0))
            _ = try await ben.note("private", in: bensPrivate.id, at: SIMD3(0, 0, 0))
            let found = try await ana.annotations.fetchNearby(position: .zero, radius: 3)
            #expect(found.map(\.id) == [near.id, shared.id, far.id])
            #expect(!found.contains { $0.id == out.id })
            #expect(try await ben.annotations.fetchNearby(position: .zero, radius: 3).count == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fetchVisible_appliesTimeExpiryViewAndLocationRules(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let tokyo = UserPreferences(timeZone: "Asia/Tokyo")
            let ana = try await h.user("Ana", preferences: tokyo)
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .viewer, forLayer: layer.id, expiresAt: nil)
            let t0 = h.clock.now
            let plain = try await ana.note("plain", in: layer.id)
            let window = try await ana.note(
                "window", in: layer.id,
                rules: VisibilityRules(timeRules: [
                    TimeRule(
                        type: .timeRange, startTime: t0.addingTimeInterval(100), endTime: t0.addingTimeInterval(200))
                ]))
            let expiring = try await ana.note(
                "expiring", in: layer.id, rules: VisibilityRules(expiresAt: t0.addingTimeInterval(50)))
            let nearby = try await ana.note(
                "nearby", in: layer.id, at: SIMD3(10, 0, 0),
                rules: VisibilityRules(
                    locationRules: [LocationRule(type: .proximity, radiusMeters: 2)]))
            let twice = try await ana.note("twice", in: layer.id, rules: VisibilityRules(expiresAfterViews: 2))
            // 09:00–10:00 every day in the owner's zone (Tokyo, UTC+9), i.e. 00:00–01:00 UTC.
            let morning = try await ana.note(
                "tokyo morning", in: layer.id,
                rules: VisibilityRules(timeRules: [
                    TimeRule(
                        type: .recurring,
                        recurrence: RecurrenceRule(
                            frequency: .daily, timeOfDay: TimeOfDay(hour: 9, minute: 0, endHour: 10, endMinute: 0)))
                ]))

            func visible(_ services: UserServices, at date: Date, from position: SIMD3<Float>? = nil) async throws
                -> Set<AnnotationID>
            {
                Set(try await services.annotations.fetchVisible(at: date, viewerPosition: position).map(\.id))
            }
            let tokyoMorning = Samples.date("2026-03-15T00:30:00.000Z")
            let utcMorning = Samples.date("2026-03-15T09:30:00.000Z")
            #expect(try await visible(ben, at: t0.addingTimeInterval(10)) == [plain.id, expiring.id, twice.id])
            #expect(try await visible(ben, at: t0.addingTimeInterval(150)) == [plain.id, window.id, twice.id])
            #expect(
                try await visible(ben, at: t0.addingTimeInterval(150), from: SIMD3(11, 0, 0)) == [
                    plain.id, window.id, twice.id, nearby.id,
                ])
            #expect(
                try await visible(ben, at: t0.addingTimeInterval(150), from: SIMD3(13, 0, 0)) == [
                    plain.id, window.id, twice.id,
                ])
            #expect(try await visible(ben, at: tokyoMorning).contains(morning.id), "read in the owner's zone")
            #expect(try await !visible(ben, at: utcMorning).contains(morning.id), "not in the machine's or UTC's")

            try await ben.annotations.recordView(id: twice.id)
            #expect(try await visible(ben, at: t0.addingTimeInterval(10)).contains(twice.id))
            try await ana.annotations.recordView(id: twice.id)
            #expect(try await ana.annotations.fetchAnnotation(id: twice.id)?.viewCount == 2)
            #expect(try await !visible(ben, at: t0.addingTimeInterval(10)).contains(twice.id))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func watchAnnotations_yieldsNow_andAfterEachChangeToThatLayerOnly(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let watched = try await ana.layer("Watched")
            let other = try await ana.layer("Other")
            let first = try await ana.note("first", in: watched.id)
            let recorder = await Recorder.start(ana.annotations.watchAnnotations(in: watched.id))
            defer { Task { await recorder.stop() } }

            let initial = await recorder.items(atLeast: 1)
            #expect(initial.first?.map(\.id) == [first.id])

            _ = try await ana.note("elsewhere", in: other.id)
            h.clock.advance(by: 1)
            let second = try await ana.note("second", in: watched.id)
            let afterAdd = await recorder.items(atLeast: 2)
            #expect(afterAdd.count >= 2)
            #expect(
                afterAdd.dropFirst().first.map { Set($0.map(\.id)) } == [first.id, second.id],
                "the change in another layer yielded nothing")

            try await ana.annotations.moveAnnotation(id: first.id, to: other.id)
            let afterMove = await recorder.items(atLeast: 3)
            #expect(afterMove.dropFirst(2).first?.map(\.id) == [second.id], "moving out of the layer counts too")

            _ = try await ana.note("elsewhere again", in: other.id)
            let quiet = await recorder.items(after: .milliseconds(300))
            #expect(quiet.count == 3, "changes to other layers do not wake the watcher")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anchors_areReusedWithinHalfAMetre_inTheCurrentWorldMap(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let map = WorldMap(worldMapAssetID: Samples.assetID, ownerID: ana.userID, createdAt: h.clock.now)
            try await ana.anchors.saveWorldMap(map)
            let placed = try await h.services(for: ana.userID, worldMap: map.id)
            let layer = try await placed.layer()
            let a = try await placed.note("a", in: layer.id, at: SIMD3(0, 0, 0))
            let b = try await placed.note("b", in: layer.id, at: SIMD3(0.3, 0, 0.3))
            let c = try await placed.note("c", in: layer.id, at: SIMD3(2, 0, 0))
            #expect(a.anchorID == b.anchorID)
            #expect(a.anchorID != c.anchorID)
            let saved = try #require(try await placed.anchors.worldMap(id: map.id))
            #expect(saved.anchors.map(\.id) == [a.anchorID, c.anchorID])
            #expect(saved.anchors.map(\.position) == [SIMD3(0, 0, 0), SIMD3(2, 0, 0)])
            #expect(try await placed.anchors.worldMaps().map(\.id) == [map.id])

            let ben = try await h.user("Ben")
            #expect(try await ben.anchors.worldMap(id: map.id) == nil)
            var stolen = saved
            stolen.ownerID = ben.userID
            await #expect(throws: ServiceError.notFound(.worldMap, id: map.id.uuidString)) {
                try await ben.anchors.saveWorldMap(stolen)
            }

            // Anchor IDs are not secret (every annotation names its anchor): a map of Ben's that
            // reuses them must not take them out of Ana's map.
            let before = try await h.store.snapshot()
            let copycat = WorldMap(
                worldMapAssetID: Samples.assetID, anchors: saved.anchors, ownerID: ben.userID, createdAt: h.clock.now)
            let error = await thrownError { try await ben.anchors.saveWorldMap(copycat) }
            let conflicts = Set(saved.anchors.map { StoreError.conflict(recordType: .worldMap, id: $0.id.uuidString) })
            #expect((error as? StoreError).map(conflicts.contains) == true, "\(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
            #expect(try await placed.anchors.worldMap(id: map.id)?.anchors == saved.anchors)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anchors_ofAMapThatIsNotShared_areNotReusedByOthers(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let anchor = WorldAnchor(transform: .identity)
            let map = WorldMap(
                worldMapAssetID: Samples.assetID, anchors: [anchor], ownerID: ana.userID, isShared: false,
                sharedWith: [ben.userID], createdAt: h.clock.now)
            try await ana.anchors.saveWorldMap(map)
            let bensView = try await h.services(for: ben.userID, worldMap: map.id)
            #expect(try await bensView.anchors.worldMap(id: map.id) == nil, "not shared")
            #expect(
                try await bensView.anchors.anchorFor(position: .zero) != anchor.id, "so its anchors are not his to use")
            #expect(try await ana.anchors.worldMap(id: map.id)?.anchors == [anchor])
        }
    }
}
