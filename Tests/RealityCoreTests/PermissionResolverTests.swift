import Foundation
import Testing

@testable import RealityCore

@Suite struct PermissionResolverTests {
    typealias W = PermissionWorld

    // MARK: - Ownership

    @Test func annotationOwner_isOwner_evenWithoutAnyLayer() {
        #expect(PermissionResolver.level(of: W.alice, on: W.note(), in: .empty, at: W.now) == .owner)
    }

    @Test(arguments: [0, 1, 2])
    func layerOwner_atAnyDepth_ownsTheAnnotationsBelow(depth: Int) {
        let chain = W.chain { index, layer in if index == depth { layer.ownerID = W.bob } }
        #expect(W.bobsLevel(in: chain) == .owner)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: chain, at: W.now) == .owner)
    }

    @Test func ownerOfAChildLayer_hasNoRightsOnItsParent() {
        let chain = W.chain { index, layer in if index == 0 { layer.ownerID = W.bob } }
        let parentChain = LayerChain(Array(chain.layers.dropFirst()))
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: parentChain, at: W.now) == nil)
    }

    // MARK: - Grants

    @Test(arguments: PermissionLevel.allCases)
    func directGrant_givesExactlyItsLevel(level: PermissionLevel) {
        let note = W.note(grants: [W.grant(level)])
        #expect(W.bobsLevel(on: note, in: W.chain()) == level)
        #expect(W.bobsLevel(on: note, in: .empty) == level)
    }

    @Test(arguments: [0, 1, 2], PermissionLevel.allCases)
    func layerGrant_atAnyDepth_appliesToAnnotationsAndChildLayers(depth: Int, level: PermissionLevel) {
        let chain = W.chain { index, layer in if index == depth { layer.permissions = [W.grant(level)] } }
        #expect(W.bobsLevel(in: chain) == level)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: chain, at: W.now) == level)
    }

    @Test func grantToSomeoneElse_givesNothing() {
        let chain = W.chain { _, layer in layer.permissions = [W.grant(.editor, to: W.carol)] }
        #expect(W.bobsLevel(on: W.note(grants: [W.grant(.owner, to: W.carol)]), in: chain) == nil)
    }

    @Test func userWithNothing_hasNoAccess() {
        #expect(W.bobsLevel(in: W.chain()) == nil)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: W.chain(), at: W.now) == nil)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: .empty, at: W.now) == nil)
    }

    // MARK: - Expiry

    /// Milliseconds from `now` to a grant's expiry, and whether the grant still counts.
    @Test(
        arguments: [
            (nil, true), (Int64(1), true), (Int64(86_400_000), true), (Int64(0), false), (Int64(-1), false),
            (Int64(-86_400_000), false),
        ] as [(Int64?, Bool)])
    func expiredGrants_countForNothing_andExpiryIsExclusive(offset: Int64?, counts: Bool) {
        let expiresAt = offset.map { Timestamp.date(milliseconds: Timestamp.milliseconds(W.now) + $0) }
        let grant = W.grant(.editor, expiresAt: expiresAt)
        let expected: PermissionLevel? = counts ? .editor : nil
        #expect(W.bobsLevel(on: W.note(grants: [grant]), in: W.chain()) == expected)
        let chain = W.chain { index, layer in if index == 1 { layer.permissions = [grant] } }
        #expect(W.bobsLevel(in: chain) == expected)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: chain, at: W.now) == expected)
    }

    // MARK: - Public layers

    @Test(arguments: [0, 1, 2])
    func publicLayer_orPublicAncestor_letsEveryoneView(depth: Int) {
        let chain = W.chain { index, layer in if index == depth { layer.isPublic = true } }
        #expect(PermissionResolver.level(of: W.carol, on: W.note(), in: chain, at: W.now) == .viewer)
        #expect(PermissionResolver.level(of: W.carol, onLayerIn: chain, at: W.now) == .viewer)
    }

    @Test func publicLayer_neverLowersABetterGrant() {
        let chain = W.chain { index, layer in
            layer.isPublic = true
            if index == 2 { layer.permissions = [W.grant(.commenter)] }
        }
        #expect(W.bobsLevel(on: W.note(grants: [W.grant(.editor)]), in: chain) == .editor)
        #expect(W.bobsLevel(in: chain) == .commenter)
    }

    @Test func publicChildLayer_doesNotOpenItsParent() {
        let chain = W.chain { index, layer in if index == 0 { layer.isPublic = true } }
        let parentChain = LayerChain(Array(chain.layers.dropFirst()))
        #expect(PermissionResolver.level(of: W.carol, onLayerIn: parentChain, at: W.now) == nil)
    }

    // MARK: - Best of several

    @Test(
        arguments: [
            ([PermissionLevel.viewer, .editor, .commenter], [], [], PermissionLevel.editor),
            ([.viewer], [.editor], [], .editor),
            ([.editor], [.viewer], [.commenter], .editor),
            ([], [.commenter], [.owner], .owner),
            ([.commenter], [], [.viewer, .viewer], .commenter),
        ] as [([PermissionLevel], [PermissionLevel], [PermissionLevel], PermissionLevel)])
    func severalGrants_theBestActiveOneWins(
        direct: [PermissionLevel], own: [PermissionLevel], grandparent: [PermissionLevel], expected: PermissionLevel
    ) {
        let chain = W.chain { index, layer in
            if index == 0 { layer.permissions = own.map { W.grant($0) } }
            if index == 2 { layer.permissions = grandparent.map { W.grant($0) } }
        }
        #expect(W.bobsLevel(on: W.note(grants: direct.map { W.grant($0) }), in: chain) == expected)
    }

    @Test func expiredBetterGrant_fallsBackToTheActiveLesserOne() {
        let past = Timestamp.date(milliseconds: Timestamp.milliseconds(W.now) - 1)
        let note = W.note(grants: [
            W.grant(.owner, expiresAt: past), W.grant(.viewer), W.grant(.editor, expiresAt: W.now),
        ])
        #expect(W.bobsLevel(on: note, in: W.chain()) == .viewer)
    }

    // MARK: - Capabilities

    /// The seed's table: everyone views; commenter+ comments; editor+ edits and shares; owner deletes.
    static let table: [(PermissionLevel, [Capability: Bool])] = [
        (.viewer, [.view: true, .comment: false, .edit: false, .delete: false, .share: false]),
        (.commenter, [.view: true, .comment: true, .edit: false, .delete: false, .share: false]),
        (.editor, [.view: true, .comment: true, .edit: true, .delete: false, .share: true]),
        (.owner, [.view: true, .comment: true, .edit: true, .delete: true, .share: true]),
    ]

    @Test(arguments: table)
    func capabilities_followTheSeedTable(level: PermissionLevel, expected: [Capability: Bool]) {
        let note = W.note(grants: [W.grant(level)])
        let chain = W.chain { index, layer in if index == 1 { layer.permissions = [W.grant(level)] } }
        for capability in Capability.allCases {
            let allowed = expected[capability]
            #expect(level.allows(capability) == allowed, "\(level) \(capability)")
            #expect(PermissionResolver.can(capability, user: W.bob, annotation: note, in: .empty, at: W.now) == allowed)
            #expect(PermissionResolver.can(capability, user: W.bob, layerIn: chain, at: W.now) == allowed)
        }
    }

    @Test(arguments: Capability.allCases)
    func userWithNothing_canDoNothing(capability: Capability) {
        #expect(!PermissionResolver.can(capability, user: W.carol, annotation: W.note(), in: W.chain(), at: W.now))
        #expect(!PermissionResolver.can(capability, user: W.carol, layerIn: W.chain(), at: W.now))
    }

    @Test(
        arguments: [
            (nil, Capability.view, PermissionError.notFound), (nil, .delete, .notFound),
            (.viewer, .comment, .cannotComment), (.commenter, .edit, .cannotEdit),
            (.commenter, .share, .cannotShare), (.editor, .delete, .cannotDelete),
        ] as [(PermissionLevel?, Capability, PermissionError)])
    func check_answersNotFoundWithoutView_elseTheMissingCapability(
        level: PermissionLevel?, capability: Capability, error: PermissionError
    ) {
        let note = W.note(grants: level.map { [W.grant($0)] } ?? [])
        let chain = W.chain { index, layer in if index == 0 { layer.permissions = note.permissions } }
        #expect(throws: error) {
            try PermissionResolver.check(capability, user: W.bob, annotation: note, in: .empty, at: W.now)
        }
        #expect(throws: error) { try PermissionResolver.check(capability, user: W.bob, layerIn: chain, at: W.now) }
    }

    @Test(arguments: PermissionLevel.allCases)
    func check_passesEverythingTheLevelAllows(level: PermissionLevel) throws {
        let note = W.note(grants: [W.grant(level)])
        for capability in Capability.allCases where level.allows(capability) {
            try PermissionResolver.check(capability, user: W.bob, annotation: note, in: .empty, at: W.now)
        }
    }
}
