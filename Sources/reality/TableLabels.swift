import Foundation
import RealityCore
import RealityStore

/// What tables show in place of IDs (issue 16): names for users (`me` for the device's user)
/// and layers, as far as the store knows them, and for records and the rest the shortest prefix
/// of the ID that tells it apart from every other ID of its kind in the store (at least
/// ``IDPrefix/minimumShown`` characters), so that what a table shows can be typed back.
struct TableLabels {
    let me: UserID
    let names: RecordNames
    private let shortIDs: [IDPrefixKind: [String: String]]

    /// The labels for a table that names `users` and `layers` and shows IDs of other kinds
    /// (`ids`): one read of the names, two indexed reads per shortened ID.
    static func load(
        _ device: Device, users: some Sequence<UserID> = [UserID](), layers: some Sequence<LayerID> = [LayerID](),
        ids: [IDPrefixKind: [String]] = [:]
    ) async throws -> TableLabels {
        let me = try await device.container.context().userID
        // JSON carries full IDs and no names: nothing to look up.
        guard !device.output.json else { return TableLabels(me: me, names: RecordNames(), shortIDs: [:]) }
        let store = try await device.container.store()
        let names = try await store.names(users: Set(users), layers: Set(layers))
        var wanted = ids
        wanted[.user, default: []] += Set(users).filter { $0 != me && names.users[$0] == nil }.map(\.uuidString)
        wanted[.layer, default: []] += Set(layers).filter { names.layers[$0] == nil }.map(\.uuidString)
        var shortIDs: [IDPrefixKind: [String: String]] = [:]
        for (kind, list) in wanted where !list.isEmpty {
            shortIDs[kind] = try await store.shortestUniquePrefixes(
                of: list, kind: kind, minimumLength: IDPrefix.minimumShown)
        }
        return TableLabels(me: me, names: names, shortIDs: shortIDs)
    }

    /// A user as people call them: `me`, their name, else their short ID.
    func user(_ id: UserID) -> String {
        if id == me { return "me" }
        return names.users[id] ?? short(id.uuidString, .user)
    }

    /// A layer's name, else its short ID.
    func layer(_ id: LayerID) -> String {
        names.layers[id] ?? short(id.uuidString, .layer)
    }

    /// The shortest prefix of `id` that names it among the store's IDs of `kind`.
    func short(_ id: String, _ kind: IDPrefixKind) -> String {
        let key = id.lowercased()
        return shortIDs[kind]?[key] ?? String(key.prefix(IDPrefix.minimumShown))
    }

    /// The shortest prefix of `id` that names it among the store's IDs of `kind`.
    func short<Entity>(_ id: Identifier<Entity>, _ kind: IDPrefixKind) -> String {
        short(id.uuidString, kind)
    }
}
