import Foundation

@testable import RealityCore

/// Small builders for permission tests: bare layers and annotations whose only rights are the ones
/// a test gives them.
enum PermissionWorld {
    /// The instant every resolution is asked about.
    static let now = Fixtures.date("2026-06-01T12:00:00.000Z")
    /// Owns every layer and annotation unless a test says otherwise.
    static let alice = Fixtures.ownerID
    /// The user tests grant things to.
    static let bob = Fixtures.friendID
    /// A user nobody grants anything.
    static let carol = Fixtures.strangerID

    /// The layer an annotation sits in, then its parent, then its grandparent, and so on.
    static func layerID(depth: Int) -> LayerID {
        LayerID(Fixtures.uuid(String(format: "00000000-0000-4000-8000-%012d", 900 + depth)))
    }

    /// A grant to `user` expiring at `expiresAt`.
    static func grant(_ level: PermissionLevel, to user: UserID = bob, expiresAt: Date? = nil) -> Permission {
        Permission(userID: user, level: level, grantedBy: alice, grantedAt: Fixtures.created, expiresAt: expiresAt)
    }

    /// A private layer at `depth` whose parent is the layer at `depth + 1`.
    static func layer(
        depth: Int, owner: UserID = alice, grants: [Permission] = [], isPublic: Bool = false,
        isDeleted: Bool = false
    ) -> Layer {
        Layer(
            id: layerID(depth: depth), name: "Layer \(depth)", parentLayerID: layerID(depth: depth + 1),
            ownerID: owner, permissions: grants, isPublic: isPublic, createdAt: Fixtures.created,
            isDeleted: isDeleted)
    }

    /// A chain of `count` bare layers, nearest first, with `change` applied to each.
    static func chain(_ count: Int = 3, _ change: (Int, inout Layer) -> Void = { _, _ in }) -> LayerChain {
        LayerChain(
            (0..<count).map { depth in
                var layer = layer(depth: depth)
                change(depth, &layer)
                return layer
            })
    }

    /// An annotation owned by alice in the layer at depth 0, with `grants`.
    static func note(grants: [Permission] = [], layerID: LayerID = layerID(depth: 0)) -> Annotation {
        Annotation(
            id: Fixtures.annotationID, type: .text, content: AnnotationContent(text: "Hello"),
            position: .zero, layerID: layerID, ownerID: alice, permissions: grants, createdAt: Fixtures.created)
    }

    /// Bob's level on the bare annotation in `chain`.
    static func bobsLevel(on note: Annotation = note(), in chain: LayerChain) -> PermissionLevel? {
        PermissionResolver.level(of: bob, on: note, in: chain, at: now)
    }
}

/// The error `body` throws, or nil when it succeeds; for tables where some rows pass.
func permissionOutcome(_ body: () throws(PermissionError) -> Void) -> PermissionError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
