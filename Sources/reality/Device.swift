import Foundation
import RealityCore
import RealityStore

/// The device: the services of the local store at `--store`, made by the one composition root
/// (``ServiceContainer``) once ``LazyServiceContainer`` has opened the store and found the profile.
struct Device {
    let container: LazyServiceContainer<DeviceStore>
    let output: Output

    init(_ options: GlobalOptions) {
        let path = options.storePath
        container = LazyServiceContainer(
            openStore: { try DeviceStore.open(path: path) },
            currentUser: { store in try await store.localProfile() })
        output = Output(json: options.json)
    }

    /// The profile's time zone (`reality profile --time-zone`), UTC when none is set.
    func timeZone() async throws -> TimeZone {
        let name = try await container.userService().getCurrentUser().preferences.timeZone
        return name.flatMap(TimeZone.init(identifier:)) ?? .gmt
    }

    /// `date` read in the profile's time zone, now.
    func instant(_ date: ArgumentDate) async throws -> Date {
        guard let value = date.value(in: try await timeZone(), now: Timestamp.now()) else {
            throw CLIError.invalid("\(date.text) is not a date")
        }
        return value
    }

    /// Runs `body`, turning any error into one line on standard error and an exit code.
    /// `flags` maps validated field paths to the flags that set them (see ``CLIError/init(_:flags:)``).
    static func run(
        _ options: GlobalOptions, flags: [String: String] = [:], _ body: (Device) async throws -> Void
    ) async throws {
        let device = Device(options)
        do {
            try await body(device)
        } catch {
            throw device.output.fail(CLIError(error, flags: flags))
        }
    }
}
