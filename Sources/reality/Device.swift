import Foundation
import RealityCore
import RealityStore

/// The device: the composition root over the local store at `--store`.
struct Device {
    let container: ServiceContainer<SQLiteStore>
    let output: Output

    init(_ options: GlobalOptions) {
        let path = options.storePath
        container = ServiceContainer(
            openStore: { try SQLiteStore.open(path: path, role: .device) },
            currentUser: { store in try await store.localProfile() })
        output = Output(json: options.json)
    }

    /// Runs `body`, turning any error into one line on standard error and an exit code.
    static func run(_ options: GlobalOptions, _ body: (Device) async throws -> Void) async throws {
        let device = Device(options)
        do {
            try await body(device)
        } catch let error as CLIError {
            throw device.output.fail(error)
        } catch {
            throw device.output.fail(CLIError(error))
        }
    }
}
