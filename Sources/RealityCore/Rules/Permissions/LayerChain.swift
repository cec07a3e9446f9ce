/// The layer an item sits in and that layer's ancestors, nearest first, as loaded by a repository
/// (SPEC M3: a grant on a layer applies to its annotations and to its child layers).
///
/// `layers[0]` is the item's own layer (or, when resolving a layer, the layer itself), `layers[1]`
/// its parent, and so on. The chain is trusted only as far as it is consistent, so that a bad load
/// can never hand out access through an unrelated layer. Building stops, keeping what came before,
/// at the first layer that
/// - repeats an ID already in the chain (a cycle in stored parent links, or a duplicate),
/// - is not the parent its predecessor names (`layers[i].id != layers[i - 1].parentLayerID`),
/// - or would make the chain longer than ``maxDepth``.
public struct LayerChain: Hashable, Sendable {
    /// The most layers a chain holds: the item's own layer and 31 ancestors. Deeper nesting is not
    /// a product feature, and the cap bounds the work of a resolution whatever the store holds;
    /// ancestors beyond it grant nothing.
    public static let maxDepth = 32

    /// The consistent prefix of the layers given, nearest first.
    public let layers: [Layer]

    /// A chain from an item's layer and its ancestors, nearest first; see the type's documentation
    /// for what is dropped.
    public init(_ layers: [Layer]) {
        var kept: [Layer] = []
        var seen: Set<LayerID> = []
        for layer in layers {
            guard kept.count < Self.maxDepth, !seen.contains(layer.id) else { break }
            if let child = kept.last, child.parentLayerID != layer.id { break }
            kept.append(layer)
            seen.insert(layer.id)
        }
        self.layers = kept
    }

    /// A chain of no layers: only the item's own owner and direct grants count.
    public static let empty = LayerChain([])

    /// The item's own layer (the layer itself when resolving a layer), if the chain has one.
    public var first: Layer? { layers.first }

    /// True when the chain holds no layer.
    public var isEmpty: Bool { layers.isEmpty }
}
