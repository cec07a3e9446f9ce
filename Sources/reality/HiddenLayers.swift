import RealityCore

/// The layers `reality layer hide` hid, with the layers nested in them: their annotations stay
/// out of lists, `nearby`, `visible` and `search` unless a command is given `--all`.
struct HiddenLayers {
    /// Hidden layers and the layers nested in them.
    let ids: Set<LayerID>
    /// The layers the user sees that are not hidden.
    let shown: [LayerID]

    /// The hidden layers on `device`; none at all when `includeAll` (`--all`).
    static func on(_ device: Device, includeAll: Bool) async throws -> HiddenLayers {
        guard !includeAll else { return HiddenLayers(ids: [], shown: []) }
        let layers = try await device.container.layerService().fetchLayers()
        var hidden = Set(layers.filter { !$0.isVisible }.map(\.id))
        var grew = !hidden.isEmpty
        while grew {
            let nested = layers.filter { layer in
                (layer.parentLayerID.map { hidden.contains($0) } ?? false) && !hidden.contains(layer.id)
            }
            hidden.formUnion(nested.map(\.id))
            grew = !nested.isEmpty
        }
        return HiddenLayers(ids: hidden, shown: layers.map(\.id).filter { !hidden.contains($0) })
    }

    /// Whether nothing is hidden.
    var isEmpty: Bool { ids.isEmpty }

    /// `annotations` without those in hidden layers.
    func filter(_ annotations: [Annotation]) -> [Annotation] {
        isEmpty ? annotations : annotations.filter { !ids.contains($0.layerID) }
    }

    /// The layers a query should keep to: `nil` (all) when nothing is hidden.
    var queryLayers: [LayerID]? { isEmpty ? nil : shown }
}
