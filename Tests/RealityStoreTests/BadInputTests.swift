import Foundation
import RealityCore
import Testing

@testable import RealityStore

/// Nothing a client sends crashes, corrupts or half-applies a write ("Bad input, everywhere").
@Suite struct BadInputTests {
    enum NearbyCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nanX, infiniteY, negativeInfiniteZ, nanRadius, infiniteRadius, zeroRadius, negativeRadius, hugeRadius

        var testDescription: String { rawValue }

        var input: (SIMD3<Float>, Float) {
            switch self {
            case .nanX: (SIMD3(.nan, 0, 0), 1)
            case .infiniteY: (SIMD3(0, .infinity, 0), 1)
            case .negativeInfiniteZ: (SIMD3(0, 0, -.infinity), 1)
            case .nanRadius: (.zero, .nan)
            case .infiniteRadius: (.zero, .infinity)
            case .zeroRadius: (.zero, 0)
            case .negativeRadius: (.zero, -1)
            case .hugeRadius: (.zero, 10_001)
            }
        }

        var field: String {
            switch self {
            case .nanX: "position[0]"
            case .infiniteY: "position[1]"
            case .negativeInfiniteZ: "position[2]"
            default: "radius"
            }
        }
    }

    @Test(arguments: StoreKind.allCases, NearbyCase.allCases)
    func nearby_refusesNonFiniteOrOutOfRangeInput_byField(kind: StoreKind, input: NearbyCase) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            _ = try await ana.note("here", in: layer.id)
            let (position, radius) = input.input
            let error = await thrownError {
                _ = try await ana.annotations.fetchNearby(position: position, radius: radius)
            }
            #expect((error as? ValidationError)?.field == input.field, "\(String(describing: error))")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func nearby_atTheLargestRadius_works(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let far = try await ana.note("far", in: layer.id, at: SIMD3(9_999, 0, 0))
            let found = try await ana.annotations.fetchNearby(
                position: .zero, radius: DefaultAnnotationService<DeviceStore>.maxNearbyRadius)
            #expect(found.map(\.id) == [far.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func search_refusesHugeText_andTreatsEmptyTextAsNoTextFilter(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let note = try await ana.note("something", in: layer.id)
            for huge in [
                String(repeating: "a", count: 501), String(repeating: "x ", count: 500_000),
                String(repeating: "é", count: 251),
            ] {
                let error = await thrownError { _ = try await ana.search.search(query: huge) }
                #expect(error as? ValidationError == ValidationError(field: "query", reason: .tooLong(limit: 500)))
            }
            #expect(try await ana.search.search(query: String(repeating: "a", count: 500)).isEmpty)
            for blank in ["", " ", "\n\t"] {
                #expect(try await ana.search.search(query: blank).map(\.id) == [note.id], "\(blank.debugDescription)")
            }
            for punctuation in ["\"", "*", "-", "()", "🙂"] {
                #expect(try await ana.search.search(query: punctuation).isEmpty, "no words matches nothing")
            }
            #expect(try await h.store.annotations(matching: AnnotationQuery(viewer: ana.userID, text: "")).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func limits_outOfRange_areRefused(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            for limit in [0, -1, Int.min] {
                await #expect(throws: ValidationError.self) { _ = try await ana.search.getRecent(limit: limit) }
                await #expect(throws: ValidationError.self) {
                    _ = try await ana.collaboration.getActivityFeed(limit: limit)
                }
                await #expect(throws: ValidationError.self) {
                    _ = try await ana.notifications.getNotifications(limit: limit, unreadOnly: false)
                }
            }
            for limit in [1_001, Int.max] {
                await #expect(throws: ValidationError.self) {
                    _ = try await ana.collaboration.getActivityFeed(limit: limit)
                }
                await #expect(throws: ValidationError.self) {
                    _ = try await ana.notifications.getNotifications(limit: limit, unreadOnly: false)
                }
            }
            let clamped = try await ana.annotations.fetchAnnotations(
                matching: AnnotationQuery(viewer: UserID(), limit: -5))
            #expect(clamped.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fetchAnnotationsMatching_alwaysActsAsTheCurrentUser(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer()
            let note = try await ana.note("private", in: layer.id)
            let spoofed = AnnotationQuery(viewer: ana.userID, at: h.clock.now.addingTimeInterval(-1e9), limit: 0)
            #expect(try await cy.annotations.fetchAnnotations(matching: spoofed).isEmpty)
            #expect(
                try await ana.annotations.fetchAnnotations(matching: spoofed).map(\.id) == [note.id],
                "limit 0 clamps to 1")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func notificationSend_refusesEmptyOrHugeText(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cases: [(String, String, String)] = [
                ("", "body", "title"), ("  ", "body", "title"), ("title", "", "body"),
                (String(repeating: "t", count: 201), "body", "title"),
                ("title", String(repeating: "b", count: 1_000_000), "body"),
            ]
            for (title, body, field) in cases {
                let error = await thrownError {
                    try await ana.notifications.send(
                        to: ben.userID, type: .comment, title: title, body: body, annotationID: nil)
                }
                #expect((error as? ValidationError)?.field == field)
            }
            #expect(try await h.store.count("notifications") == 0)
        }
    }

    /// Every operation on an ID that does not exist answers `notFound` and writes nothing.
    @Test(arguments: StoreKind.allCases)
    func unknownIDs_areNotFound_andChangeNothing(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let note = try await ana.note("real", in: layer.id)
            let (a, l, c, n) = (AnnotationID(), LayerID(), CommentID(), UUID())
            var ghostNote = note
            ghostNote.id = a
            var ghostLayer = layer
            ghostLayer.id = l
            let before = try await h.store.snapshot()
            let operations: [(String, () async throws -> Void)] = [
                ("updateAnnotation", { try await ana.annotations.updateAnnotation(ghostNote) }),
                ("deleteAnnotation", { try await ana.annotations.deleteAnnotation(id: a) }),
                ("moveAnnotation", { try await ana.annotations.moveAnnotation(id: a, to: layer.id) }),
                ("moveAnnotation to unknown layer", { try await ana.annotations.moveAnnotation(id: note.id, to: l) }),
                ("recordView", { try await ana.annotations.recordView(id: a) }),
                ("createAnnotation in unknown layer", { _ = try await ana.note("x", in: l) }),
                ("fetchAnnotations in unknown layer", { _ = try await ana.annotations.fetchAnnotations(in: l) }),
                ("updateLayer", { try await ana.layers.updateLayer(ghostLayer) }),
                ("deleteLayer", { try await ana.layers.deleteLayer(id: l) }),
                ("setLayerVisible", { try await ana.layers.setLayerVisible(l, visible: false) }),
                ("childLayers", { _ = try await ana.layers.childLayers(of: l) }),
                ("createLayer under unknown parent", { _ = try await ana.layer("child", parent: l) }),
                (
                    "grant on annotation",
                    {
                        _ = try await ana.permissions.grantPermission(
                            to: ben.userID, level: .viewer, for: a, expiresAt: nil)
                    }
                ),
                (
                    "grant on layer",
                    {
                        _ = try await ana.permissions.grantPermission(
                            to: ben.userID, level: .viewer, forLayer: l, expiresAt: nil)
                    }
                ),
                (
                    "grant to unknown user",
                    {
                        _ = try await ana.permissions.grantPermission(
                            to: UserID(), level: .viewer, for: note.id, expiresAt: nil)
                    }
                ),
                (
                    "revoke a grant nobody has",
                    { try await ana.permissions.revokePermission(from: ben.userID, for: note.id) }
                ),
                (
                    "revoke on unknown layer",
                    { try await ana.permissions.revokePermission(from: ben.userID, forLayer: l) }
                ),
                ("checkCanCreate", { try await ana.permissions.checkCanCreate(in: l) }),
                ("addComment", { _ = try await ana.collaboration.addComment(to: a, text: "hi") }),
                ("replyToComment", { _ = try await ana.collaboration.replyToComment(c, text: "hi") }),
                ("deleteComment", { try await ana.collaboration.deleteComment(c) }),
                ("addReaction", { try await ana.collaboration.addReaction(to: a, emoji: "👍") }),
                ("removeReaction", { try await ana.collaboration.removeReaction(from: a, emoji: "👍") }),
                ("setStatus", { try await ana.collaboration.setStatus(a, to: .resolved) }),
                ("getComments", { _ = try await ana.collaboration.getComments(for: a) }),
                ("markAsRead", { try await ana.search.markAsRead(a) }),
                ("setStarred", { try await ana.search.setStarred(a, starred: true) }),
                ("notification markAsRead", { try await ana.notifications.markAsRead(n) }),
            ]
            for (name, operation) in operations {
                let error = await thrownError(operation)
                guard case .notFound? = error as? ServiceError else {
                    Issue.record("\(name): expected notFound, got \(String(describing: error))")
                    continue
                }
            }
            #expect(try await ana.annotations.fetchAnnotation(id: a) == nil)
            #expect(try await ana.layers.fetchLayer(id: l) == nil)
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func someoneElsesLayerAndComment_areNotFound_andChangeNothing(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer()
            let note = try await ana.note("private", in: layer.id)
            let comment = try await ana.collaboration.addComment(to: note.id, text: "private comment")
            let before = try await h.store.snapshot()
            var rename = layer
            rename.name = "mine now"
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                try await cy.layers.updateLayer(rename)
            }
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                try await cy.layers.deleteLayer(id: layer.id)
            }
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                try await cy.layers.setLayerVisible(layer.id, visible: false)
            }
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                _ = try await cy.annotations.fetchAnnotations(in: layer.id)
            }
            await #expect(throws: ServiceError.notFound(.annotation, id: note.id.uuidString)) {
                try await cy.collaboration.deleteComment(comment.id)
            }
            await #expect(throws: ServiceError.notFound(.annotation, id: note.id.uuidString)) {
                _ = try await cy.collaboration.replyToComment(comment.id, text: "sneaky")
            }
            #expect(try await cy.layers.fetchLayer(id: layer.id) == nil)
            #expect(try await h.store.snapshot() == before)
        }
    }
}
