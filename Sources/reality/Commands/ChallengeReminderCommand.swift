import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI

extension ChallengeCommand {
    /// `reality challenge reminders`: Out of Box's reminders (issue 22).
    struct Reminders: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Your reminders: list, schedule (--days, --random), cancel, or --watch them arrive.",
            discussion: """
                Reminders go out inside your window (`reality challenge prefs --notifications on \
                --window 09:00-18:00`), in your time zone, at the hour you have most often acted on \
                one. The server keeps and delivers them into your notifications; `--watch` (or \
                `reality watch`) shows each as it arrives.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "Schedule daily reminders for the next N days (1–30).") var days: Int?
        @Flag(help: "Schedule one reminder at a random time in your window.") var random = false
        @Option(help: "Cancel the reminder with this ID.") var cancel: String?
        @Flag(help: "Cancel every scheduled reminder.") var cancelAll = false
        @Flag(help: "Then stay and show reminders as they arrive, until interrupted.") var watch = false

        func validate() throws {
            let actions = [days != nil, random, cancel != nil, cancelAll].filter { $0 }.count
            guard actions <= 1 else { throw ValidationError("Give one of --days, --random, --cancel, --cancel-all.") }
        }

        func run() async throws {
            try await Device.run(global, flags: ["days": "--days"]) { device in
                let service = try await ChallengeCommand.service(device)
                if let days {
                    try Self.table(try await service.scheduleReminders(days: days), on: device)
                } else if random {
                    let reminder = try await service.scheduleRandomReminder()
                    try device.output.print(reminder) { "Reminder at \(Show.date(reminder.dueAt)) (\(reminder.id))" }
                } else if let cancel {
                    guard let id = UUID(uuidString: cancel) else {
                        throw CLIError.invalid("--cancel takes a reminder's ID.")
                    }
                    try await service.cancelReminder(id)
                    try device.output.print(CancelledReminders(cancelled: 1)) { "Cancelled." }
                } else if cancelAll {
                    let count = try await service.cancelReminders()
                    try device.output.print(CancelledReminders(cancelled: count)) { "Cancelled \(count)." }
                } else if !watch {
                    try Self.table(try await service.reminders(), on: device)
                }
                if watch { try await WatchCommand.watch(device, global, only: [.challenge]) }
            }
        }

        static func table(_ items: [ChallengeReminder], on device: Device) throws {
            try device.output.table(items, headers: ["DUE", "DAY", "KIND", "STATUS", "ID"]) {
                [
                    Show.date($0.dueAt), $0.localDay.description, $0.kind.rawValue, $0.status.rawValue,
                    $0.id.uuidString.lowercased(),
                ]
            }
        }
    }
}
