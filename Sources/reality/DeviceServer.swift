import Foundation
import RealityCore
import RealityStore
import RealitySync

/// The device's server, for the commands it answers (sharing, the trash, world maps).
enum DeviceServer {
    /// The transport and sync engine of the device's server, after pushing what the device has
    /// not sent (a record made a moment ago must be one the server knows); nil on a device that
    /// never signed in. A device signed out of its server is told to sign in.
    static func connected(_ device: Device) async throws -> (transport: SyncTransport, engine: SyncEngine<DeviceStore>)?
    {
        let store = try await device.container.store()
        guard try await store.deviceAccount() != nil else { return nil }
        let engine = try await SyncEngine.signedIn(store)
        _ = try await engine.push()
        return (await engine.serverTransport, engine)
    }

    /// The one of `items` whose ID is `text` or starts with it, or whose name is `text`, ignoring
    /// case; not found (exit 4) naming `missing` when none is, a usage error when several are.
    static func pick<Item>(
        _ text: String, in items: [Item], id: (Item) -> UUID, name: (Item) -> String? = { _ in nil }, missing: String
    ) throws -> Item {
        let typed = text.lowercased().trimmingCharacters(in: .whitespaces)
        let matches = items.filter {
            id($0).uuidString.lowercased().hasPrefix(typed) || name($0)?.lowercased() == typed
        }
        guard !typed.isEmpty, let first = matches.first else {
            throw CLIError(message: missing, status: .notFound, code: "not_found")
        }
        guard matches.count == 1 else {
            throw CLIError(
                message: "\(text) matches \(matches.count); type more of its ID.", status: .usage, code: "ambiguous")
        }
        return first
    }
}
