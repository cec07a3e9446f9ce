import Foundation
import Testing

@testable import RealityCore

/// How the resolver treats the layer chain a repository hands it: deleted layers, cycles, broken
/// links, depth and chains that belong to another layer.
@Suite struct PermissionChainTests {
    typealias W = PermissionWorld

    // MARK: - Deleted layers

    @Test(arguments: [0, 1])
    func deletedLayer_contributesNothing_andCutsOffItsAncestors(deletedDepth: Int) {
        // Every layer would give bob something; only those nearer than the deleted one may.
        let chain = W.chain(3) { index, layer in
            layer.isDeleted = index == deletedDepth
            switch index {
            case 0: layer.permissions = [W.grant(.viewer)]
            case 1: layer.permissions = [W.grant(.commenter)]
            default: layer.ownerID = W.bob
            }
        }
        let expected: PermissionLevel? = deletedDepth == 0 ? nil : .viewer
        #expect(W.bobsLevel(in: chain) == expected)
        #expect(PermissionResolver.level(of: W.bob, onLayerIn: chain, at: W.now) == expected)
    }

    @Test func deletedLayer_givesItsOwnerNothing_andIsNotPublic() {
        let chain = W.chain(1) { _, layer in
            layer.isDeleted = true
            layer.isPublic = true
        }
        #expect(PermissionResolver.level(of: W.alice, onLayerIn: chain, at: W.now) == nil)
        #expect(PermissionResolver.level(of: W.carol, onLayerIn: chain, at: W.now) == nil)
    }

    @Test func deletedLayer_leavesAnnotationOwnerAndDirectGrantsAlone() {
        let chain = W.chain(1) { _, layer in layer.isDeleted = true }
        #expect(PermissionResolver.level(of: W.alice, on: W.note(), in: chain, at: W.now) == .owner)
        #expect(W.bobsLevel(on: W.note(grants: [W.grant(.commenter)]), in: chain) == .commenter)
    }

    // MARK: - Mismatched chains

    @Test func chainOfAnotherLayer_isIgnored_onlyOwnerAndDirectGrantsCount() {
        let chain = W.chain { _, layer in
            layer.ownerID = W.bob
            layer.isPublic = true
            layer.permissions = [W.grant(.owner, to: W.carol)]
        }
        let elsewhere = W.note(grants: [W.grant(.viewer)], layerID: W.layerID(depth: 7))
        #expect(W.bobsLevel(on: elsewhere, in: chain) == .viewer)
        #expect(PermissionResolver.level(of: W.carol, on: elsewhere, in: chain, at: W.now) == nil)
        #expect(PermissionResolver.level(of: W.alice, on: elsewhere, in: chain, at: W.now) == .owner)
    }

    @Test func chainStartingAtTheParent_isIgnoredForTheAnnotation() {
        let chain = LayerChain(Array(W.chain { _, layer in layer.permissions = [W.grant(.editor)] }.layers.dropFirst()))
        #expect(W.bobsLevel(in: chain) == nil)
    }

    @Test func emptyChain_leavesOwnerAndDirectGrants() {
        #expect(W.bobsLevel(on: W.note(grants: [W.grant(.editor)]), in: .empty) == .editor)
        #expect(W.bobsLevel(in: .empty) == nil)
    }

    // MARK: - Cycles, duplicates and broken links

    @Test func repeatedLayer_endsTheChain() {
        let layers = W.chain(2).layers
        var looping = layers[1]
        looping.parentLayerID = layers[0].id
        var bobsCopy = layers[0]
        bobsCopy.ownerID = W.bob
        let chain = LayerChain([layers[0], looping, bobsCopy, looping])
        #expect(chain.layers.map(\.id) == [layers[0].id, layers[1].id])
        #expect(W.bobsLevel(in: chain) == nil)
    }

    @Test func layerThatIsItsOwnParent_resolvesWithoutLooping() {
        var layer = W.layer(depth: 0, grants: [W.grant(.commenter)])
        layer.parentLayerID = layer.id
        let chain = LayerChain([layer, layer, layer])
        #expect(chain.layers.count == 1)
        #expect(W.bobsLevel(in: chain) == .commenter)
    }

    @Test func layerThatIsNotThePreviousLayersParent_endsTheChain() {
        var stranger = W.layer(depth: 5, owner: W.bob, isPublic: true)
        stranger.permissions = [W.grant(.owner)]
        var root = W.layer(depth: 0)
        root.parentLayerID = nil
        #expect(LayerChain([root, stranger]).layers.count == 1)
        #expect(W.bobsLevel(in: LayerChain([root, stranger])) == nil)
        #expect(W.bobsLevel(in: LayerChain([W.layer(depth: 0), stranger])) == nil)
    }

    // MARK: - Depth

    @Test(arguments: [
        (LayerChain.maxDepth - 1, PermissionLevel?.some(.editor)), (LayerChain.maxDepth, nil),
        (LayerChain.maxDepth + 5, nil),
    ])
    func ancestorsBeyondMaxDepth_grantNothing(grantDepth: Int, expected: PermissionLevel?) {
        let chain = W.chain(40) { index, layer in if index == grantDepth { layer.permissions = [W.grant(.editor)] } }
        #expect(chain.layers.count == LayerChain.maxDepth)
        #expect(W.bobsLevel(in: chain) == expected)
    }

    @Test func maxDepth_isDocumentedValue() {
        #expect(LayerChain.maxDepth == 32)
    }
}
