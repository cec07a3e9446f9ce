import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// `reality usage`
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage", abstract: "What you use against your plan's limits.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            let users = try await device.container.userService()
            let stats = try await users.getUsageStats()
            let tier = try await users.checkSubscription().tier
            func limit(_ value: Int?) -> String { value.map(String.init) ?? "unlimited" }
            try device.output.print(stats) {
                """
                plan        \(tier.rawValue)
                annotations \(stats.annotationCount) of \(limit(stats.limits.maxAnnotations))
                layers      \(stats.layerCount) of \(limit(stats.limits.maxLayers))
                storage     \(Show.bytes(stats.storageUsed)) of \(Show.bytes(stats.limits.maxStorage))
                sharing     \(stats.limits.canShare ? "allowed" : "not on this plan")
                """
            }
        }
    }
}

/// `reality profile [--name N] [--time-zone Z] [--display-distance M]`
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or change your profile and preferences.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "Your display name (others @mention it).") var name: String?
    @Option(help: "Your IANA time zone, e.g. Europe/Berlin.") var timeZone: String?
    @Option(help: "How far away annotations show, metres (also the default nearby radius).") var displayDistance: Float?
    @Flag(inversion: .prefixedEnableDisable, help: "Receive notifications.") var notifications: Bool?
    @Option(help: "Your avatar: the URL of an image.") var avatar: String?
    @Option(help: "light, dark or auto.") var theme: Theme?

    func run() async throws {
        try await Device.run(global) { device in
            let service = try await device.container.userService()
            var user = try await service.getCurrentUser()
            if name != nil || avatar != nil {
                var avatarURL: URL?
                if let avatar {
                    guard let url = URL(string: avatar), url.scheme != nil else {
                        throw CLIError.invalid("--avatar must be a URL (https://…).")
                    }
                    avatarURL = url
                }
                user = try await service.updateProfile(displayName: name, avatarURL: avatarURL)
            }
            if timeZone != nil || displayDistance != nil || notifications != nil || theme != nil {
                var preferences = user.preferences
                if let theme { preferences.theme = theme }
                if let timeZone { preferences.timeZone = timeZone }
                if let displayDistance { preferences.annotationDisplayDistance = displayDistance }
                if let notifications { preferences.enableNotifications = notifications }
                user = try await service.updatePreferences(preferences)
            }
            try device.output.print(user) {
                """
                \(user.displayName ?? "(no name)")  \(user.id)
                plan \(user.subscriptionTier.rawValue), \(user.annotationCount) annotations, \(user.layerCount) layers
                time zone \(user.preferences.timeZone ?? "UTC"), display distance \(user.preferences.annotationDisplayDistance) m, \
                notifications \(user.preferences.enableNotifications ? "on" : "off"), theme \(user.preferences.theme.rawValue)\
                \(user.avatarURL.map { "\navatar \($0.absoluteString)" } ?? "")
                """
            }
        }
    }
}

/// `reality export`
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Everything you own or wrote, as one JSON document (always JSON).")
    @OptionGroup var global: GlobalOptions
    @Option(
        help: """
            Write the export into this directory instead, with its media: export.json, and media/SHA256             for each file your annotations and world maps name (from this device, or fetched from the server).
            """)
    var media: String?

    func run() async throws {
        try await Device.run(global) { device in
            let export = try await device.container.userService().exportData()
            let json = try RealityJSON.encode(export, pretty: true) + Data("\n".utf8)
            guard let media else {
                FileHandle.standardOutput.write(json)
                return
            }
            let report = try await MediaExport.write(export, json: json, into: media, on: device)
            try device.output.print(report) {
                "Exported to \(report.directory): \(report.files.count) media file\(report.files.count == 1 ? "" : "s")"
                    + (report.missing.isEmpty ? "" : ", \(report.missing.count) not available (see --json)")
            }
        }
    }
}

/// `reality purge`
struct PurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove for good what has been in the trash over 30 days.",
        discussion: """
            The server does this every hour by itself, and moves annotations past their expiry (a date, \
            a number of views, their layer's auto-expiry) into the trash; this device learns of both \
            when it syncs. A device that has never signed in to a server applies those rules here.
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            let store = try await device.container.store()
            let standalone = try await store.deviceAccount() == nil
            let report = try await Retention(store: store).sweep(now: Timestamp.now(), expiring: standalone)
            try device.output.print(report) {
                (standalone ? "Expired \(report.expired) annotations; " : "")
                    + "Purged \(report.annotations) annotations, \(report.layers) layers, \(report.comments) comments"
            }
        }
    }
}
