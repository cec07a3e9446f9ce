import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// A random world of users, nested layers and annotations with grants, for comparing the access
/// rule in SQL with `PermissionResolver`.
struct RandomAccessWorld {
    static let now = Samples.at(86_400)

    var users: [User] = []
    var layers: [Layer] = []
    var annotations: [Annotation] = []
    var layerGrants: [LayerID: [Permission]] = [:]

    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        users = (0..<Int.random(in: 2...5, using: &rng)).map { Samples.user("U\($0)") }
        func randomGrants(owner: UserID) -> [Permission] {
            let grantees = users.shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng))
            return grantees.map { grantee in
                let expiry: Date? =
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0, 1: Self.now.addingTimeInterval(-3_600)
                    case 2: Self.now
                    case 3: Timestamp.date(milliseconds: Timestamp.milliseconds(Self.now) + 1)
                    case 4, 5: Self.now.addingTimeInterval(3_600)
                    default: nil
                    }
                return Samples.grant(
                    PermissionLevel.allCases.randomElement(using: &rng)!, to: grantee.id, by: owner, expiresAt: expiry)
            }
        }
        for index in 0..<Int.random(in: 1...9, using: &rng) {
            let owner = users.randomElement(using: &rng)!.id
            let parent: LayerID? =
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...3: nil
                case 4...8: layers.isEmpty ? nil : layers.randomElement(using: &rng)!.id
                default: LayerID()
                }
            var layer = Samples.layer(
                "L\(index)", owner: owner, parent: parent, isPublic: rng.chance(0.15), isDeleted: rng.chance(0.15),
                createdAt: Samples.at(Double(index)))
            layer.permissions = randomGrants(owner: owner)
            layers.append(layer)
        }
        for index in 0..<Int.random(in: 1...14, using: &rng) {
            let layerID = rng.chance(0.9) ? layers.randomElement(using: &rng)!.id : LayerID()
            var note = Samples.note(
                "n\(index)", owner: users.randomElement(using: &rng)!.id, layer: layerID,
                createdAt: Samples.at(Double(index)), isDeleted: rng.chance(0.15))
            note.permissions = randomGrants(owner: note.ownerID)
            annotations.append(note)
        }
    }

    var changes: ChangeSet {
        var changes = ChangeSet()
        changes.changes += users.map(Change.saveUser)
        for layer in layers {
            changes.append(.saveLayer(layer))
            changes.changes += layer.permissions.map { .grant($0, on: .layer(layer.id)) }
        }
        for note in annotations {
            changes.append(.saveAnnotation(note))
            changes.changes += note.permissions.map { .grant($0, on: .annotation(note.id)) }
        }
        return changes
    }

    func describe(_ layerID: LayerID) -> String {
        guard let layer = layers.first(where: { $0.id == layerID }) else { return "missing layer" }
        let grants = layer.permissions.map {
            "\(user($0.userID)):\($0.level.rawValue)\($0.expiresAt.map { "→\($0.timeIntervalSince(Self.now))s" } ?? "")"
        }
        return
            "\(layer.name)[owner \(user(layer.ownerID))\(layer.isPublic ? ", public" : "")\(layer.isDeleted ? ", deleted" : ""), grants \(grants)]"
            + (layer.parentLayerID.map { " ⊂ " + describe($0) } ?? "")
    }

    func user(_ id: UserID) -> String { users.first { $0.id == id }?.displayName ?? "?" }
}

@Suite struct AccessAgreementTests {
    /// Random worlds per backend, one after another in one store emptied between them.
    static let seeds: ClosedRange<UInt64> = 1...150

    @Test(arguments: StoreBackend.allCases)
    func sqlAccess_agreesWithPermissionResolver_onRandomWorlds(backend: StoreBackend) async throws {
        let seeds = Self.seeds
        var disagreements: [String] = []
        var (visiblePairs, hiddenPairs) = (0, 0)
        try await withStore(backend) { store in
            for seed in seeds {
                let world = RandomAccessWorld(seed: seed)
                try await store.removeAll()
                try await store.commit(world.changes)
                var stored: [(Annotation, LayerChain)] = []
                for note in world.annotations {
                    let read = try #require(try await store.annotation(id: note.id))
                    #expect(Set(read.permissions) == Set(note.permissions))
                    let chain = try await store.layerChain(startingAt: read.layerID)
                    let together = try await store.annotationWithLayerChain(id: note.id, includingComments: false)
                    #expect(together?.annotation == read && together?.chain == chain, "seed \(seed)")
                    stored.append((read, chain))
                }
                var layerChains: [(Layer, LayerChain)] = []
                for layer in world.layers {
                    layerChains.append((layer, try await store.layerChain(startingAt: layer.id)))
                }
                for user in world.users {
                    let listed = try await store.annotations(
                        matching: AnnotationQuery(
                            viewer: user.id, at: RandomAccessWorld.now, limit: AnnotationQuery.maxLimit))
                    let sqlIDs = Set(listed.map(\.id))
                    for (note, chain) in stored {
                        let level = PermissionResolver.level(
                            of: user.id, on: note, in: chain, at: RandomAccessWorld.now)
                        let resolverSees = !note.isDeleted && level != nil
                        if resolverSees { visiblePairs += 1 } else { hiddenPairs += 1 }
                        if resolverSees != sqlIDs.contains(note.id) {
                            disagreements.append(
                                "seed \(seed): \(world.user(user.id)) on \(note.content.text!) (owner \(world.user(note.ownerID))"
                                    + ", direct \(note.permissions.map { "\(world.user($0.userID)):\($0.level)" })) in "
                                    + world.describe(note.layerID)
                                    + ": SQL \(sqlIDs.contains(note.id)), resolver \(level.map(\.rawValue) ?? "nil")")
                        }
                    }
                    let visibleLayers = Set(
                        try await store.layers(visibleTo: user.id, at: RandomAccessWorld.now).map(\.id))
                    for (layer, chain) in layerChains {
                        let level = PermissionResolver.level(of: user.id, onLayerIn: chain, at: RandomAccessWorld.now)
                        let resolverSees = !layer.isDeleted && level != nil
                        if resolverSees != visibleLayers.contains(layer.id) {
                            disagreements.append(
                                "seed \(seed): \(world.user(user.id)) on layer \(world.describe(layer.id)): SQL "
                                    + "\(visibleLayers.contains(layer.id)), resolver \(level.map(\.rawValue) ?? "nil")")
                        }
                    }
                }
            }
        }
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements:\n\(disagreements.prefix(10).joined(separator: "\n"))")
        // The worlds must exercise both answers, or agreement would mean little.
        #expect(
            visiblePairs > seeds.count && hiddenPairs > seeds.count, "visible \(visiblePairs), hidden \(hiddenPairs)")
    }

    /// A grant reaches down `LayerChain.maxDepth - 1` levels of nesting and no further, in SQL as
    /// in the resolver (whose chain holds the item's layer and 31 ancestors).
    @Test(arguments: StoreBackend.allCases)
    func deepNesting_grantsReachExactlyAsFarAsTheResolversChain(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            var layers: [Layer] = []
            for depth in 0..<40 {
                layers.append(
                    Samples.layer(
                        "D\(depth)", owner: ana.id, parent: layers.last?.id, createdAt: Samples.at(Double(depth))))
            }
            var changes = ChangeSet(changes: [.saveUser(ana), .saveUser(ben)])
            changes.changes += layers.map(Change.saveLayer)
            changes.append(.grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(layers[0].id)))
            let notes = layers.map { Samples.note($0.name, owner: ana.id, layer: $0.id) }
            changes.changes += notes.map(Change.saveAnnotation)
            try await store.commit(changes)

            let listed = Set(
                try await store.annotations(matching: AnnotationQuery(viewer: ben.id, at: Samples.at(100))).map(\.id))
            let listedLayers = Set(try await store.layers(visibleTo: ben.id, at: Samples.at(100)).map(\.id))
            for (depth, note) in notes.enumerated() {
                let chain = try await store.layerChain(startingAt: note.layerID)
                let resolver = PermissionResolver.level(of: ben.id, on: note, in: chain, at: Samples.at(100))
                #expect((resolver != nil) == (depth < LayerChain.maxDepth), "depth \(depth)")
                #expect(listed.contains(note.id) == (resolver != nil), "annotation at depth \(depth)")
                #expect(listedLayers.contains(layers[depth].id) == (resolver != nil), "layer at depth \(depth)")
            }
        }
    }

    /// Parent links that loop (possible only through bad data) neither hang SQL nor widen access.
    @Test(arguments: StoreBackend.allCases)
    func cyclicParents_terminate_andAgreeWithTheResolver(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let cy = Samples.user("Cy")
            let aID = LayerID()
            let bID = LayerID()
            let cID = LayerID()
            let a = Samples.layer("A", owner: ana.id, id: aID, parent: bID)
            let b = Samples.layer("B", owner: ana.id, id: bID, parent: aID)
            let c = Samples.layer("C", owner: ana.id, id: cID, parent: cID)
            let notes = [a, b, c].map { Samples.note($0.name, owner: ana.id, layer: $0.id) }
            var changes = ChangeSet(changes: [
                .saveUser(ana), .saveUser(ben), .saveUser(cy), .saveLayer(a), .saveLayer(b), .saveLayer(c),
            ])
            changes.append(.grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(aID)))
            changes.changes += notes.map(Change.saveAnnotation)
            try await store.commit(changes)
            for user in [ana, ben, cy] {
                let listed = Set(
                    try await store.annotations(matching: AnnotationQuery(viewer: user.id, at: Samples.at(1))).map(\.id)
                )
                for note in notes {
                    let chain = try await store.layerChain(startingAt: note.layerID)
                    let resolver = PermissionResolver.level(of: user.id, on: note, in: chain, at: Samples.at(1))
                    #expect(
                        listed.contains(note.id) == (resolver != nil), "\(user.displayName!) on \(note.content.text!)")
                }
            }
            let bens = Set(
                try await store.annotations(matching: AnnotationQuery(viewer: ben.id, at: Samples.at(1))).map(\.id))
            #expect(bens == [notes[0].id, notes[1].id])
        }
    }
}
