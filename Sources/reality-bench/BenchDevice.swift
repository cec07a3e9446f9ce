import Foundation
import RealityCore
import RealityStore
import RealitySync

/// A device for the sync benchmarks: a store file of its own in a temporary directory, signed in
/// to a benchmark user's account with a session of its own, and its sync engine.
struct BenchDevice: Sendable {
    let store: DeviceStore
    let engine: SyncEngine<DeviceStore>
    /// The device's session token (for the events socket).
    let token: String
    private let directory: URL

    /// A new device signed in as `user` on `server`, pulling `pageSize` records per page.
    static func signIn(_ user: BenchUser, server: BenchServer, name: String, pageSize: Int = 1000) async throws
        -> BenchDevice
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-\(name)-\(UUID())")
        let store = try DeviceStore.open(path: directory.appendingPathComponent("device.sqlite").path)
        let auth = try await user.login()
        let account = try await store.bindAccount(serverURL: server.url, user: auth.user, token: auth.token)
        let engine = SyncEngine(
            store: store, transport: SyncTransport(serverURL: server.url, token: auth.token),
            clientID: account.clientID, pageSize: pageSize)
        return BenchDevice(store: store, engine: engine, token: auth.token, directory: directory)
    }

    /// The device's services, acting as its signed-in user.
    var services: LazyServiceContainer<DeviceStore> {
        let store = self.store
        return LazyServiceContainer(openStore: { store }, currentUser: { try await $0.localProfile() })
    }

    /// Removes the device's files.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
