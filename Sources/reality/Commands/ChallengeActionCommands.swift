import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealitySync

extension ChallengeCommand {
    struct Complete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Complete a challenge (today's when no ID is given), once.",
            discussion: """
                --photo uploads the image first (offline, when the completion goes to the server); the \
                server makes its thumbnail and preview.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The challenge's ID (today's by default).") var id: String?
        @Option(help: "A photo of it: an image file.") var photo: String?
        @Option(help: "A few words about it.") var notes: String?

        func run() async throws {
            try await Device.run(global, flags: ["photoAssetID": "--photo", "notes": "--notes"]) { device in
                var photoID: String?
                if let photo {
                    let file: MediaFile
                    do {
                        file = try MediaFile.inspect(path: photo)
                    } catch MediaFileError.unreadable {
                        throw CLIError(message: "No file to read at \(photo).", status: .notFound, code: "not_found")
                    } catch let error as MediaFileError {
                        throw CLIError.invalid("\(error)")
                    }
                    guard file.format?.kind == .image else {
                        throw ChallengeError.photoSaveFailed("the file is \(file.contentType), not an image")
                    }
                    try await device.container.store().registerMedia(file.deviceMedia)
                    photoID = file.sha256
                }
                let service = try await ChallengeCommand.service(device)
                let challengeID = try await ChallengeCommand.challengeID(id, service)
                let done = try await service.completeChallenge(challengeID, photoAssetID: photoID, notes: notes)
                try device.output.print(done) { "Completed: " + ChallengeText.assigned(done) }
            }
        }
    }

    struct Skip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Skip a challenge (today's when no ID is given).",
            discussion: "Reasons: \(ChallengeText.names(SkipReason.self)).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The challenge's ID (today's by default).") var id: String?
        @Option(help: "Why.") var reason: String?

        func run() async throws {
            try await Device.run(global) { device in
                let why: SkipReason? = try reason.map { try ChallengeText.parse($0, "--reason") }
                let service = try await ChallengeCommand.service(device)
                let skipped = try await service.skipChallenge(
                    try await ChallengeCommand.challengeID(id, service), reason: why)
                try device.output.print(skipped) { "Skipped: " + ChallengeText.assigned(skipped) }
            }
        }
    }

    struct Rate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rate a completed challenge 1–5 (today's when no ID is given).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "1 to 5.") var rating: Int
        @Argument(help: "The challenge's ID (today's by default).") var id: String?

        func run() async throws {
            try await Device.run(global, flags: ["rating": "RATING"]) { device in
                let service = try await ChallengeCommand.service(device)
                let rated = try await service.rateChallenge(
                    try await ChallengeCommand.challengeID(id, service), rating: rating)
                try device.output.print(rated) { "Rated \(rating): " + ChallengeText.assigned(rated) }
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your streaks and totals.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let stats = try await ChallengeCommand.service(device).stats()
                try device.output.print(stats) { ChallengeText.describe(stats) }
            }
        }
    }

    struct Prefs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show your Out of Box preferences, or change them with the options.",
            discussion: "Kept on the server, so every device restores them.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Your time zone (IANA, e.g. Europe/Berlin).") var zone: String?
        @Option(help: "Categories you want, comma-separated, or `all`.") var categories: String?
        @Option(help: "The longest a challenge may take.") var maxTime: String?
        @Option(help: "The most a challenge may cost.") var budget: String?
        @Option(help: "1 (alone only) to 4 (strangers too).") var socialComfort: Int?
        @Option(help: "The difficulty you like, 1–5.") var difficulty: Int?
        @Option(help: "Places, comma-separated, or `all`.") var locations: String?
        @Option(help: "Reminders: on or off.") var notifications: String?
        @Option(help: "The reminder window, HH:mm-HH:mm.") var window: String?
        @Option(help: "northern or southern, for seasonal challenges.") var hemisphere: String?
        @Option(help: "Personalized daily challenges (learned from what you do): on or off.") var personalized: String?
        @Option(help: "Let what you do train your personalization: on or off.") var learning: String?
        @Option(help: "Share each completion's photo with every friend: on or off.") var shareCompletions: String?
        @Option(help: "Who may find you by email: everyone, friendsOfFriends or nobody.") var findableBy: String?
        @Option(help: "Who may send you friend requests: everyone, friendsOfFriends or nobody.")
        var requestsFrom: String?

        func run() async throws {
            try await Device.run(global, flags: Self.flags) { device in
                let service = try await ChallengeCommand.service(device)
                var preferences = try await service.preferences()
                let before = preferences
                try apply(to: &preferences)
                if preferences != before { preferences = try await service.savePreferences(preferences) }
                try device.output.print(preferences) { ChallengeText.describe(preferences) }
            }
        }

        private func apply(to preferences: inout UserPreferencesDTO) throws {
            if let zone { preferences.notificationSettings.timeZone = zone }
            if let categories {
                preferences.challengePreferences.preferredCategories =
                    categories == "all" ? [] : try ChallengeText.parse(Self.split(categories), "--categories") ?? []
            }
            if let maxTime {
                preferences.challengePreferences.maxTimeInvestment = try ChallengeText.parse(maxTime, "--max-time")
            }
            if let budget { preferences.challengePreferences.budgetLevel = try ChallengeText.parse(budget, "--budget") }
            if let socialComfort { preferences.challengePreferences.socialComfortLevel = socialComfort }
            if let difficulty { preferences.challengePreferences.difficultyPreference = difficulty }
            if let locations {
                preferences.challengePreferences.locationPreferences =
                    locations == "all" ? [] : try ChallengeText.parse(Self.split(locations), "--locations") ?? []
            }
            if let notifications {
                guard ["on", "off"].contains(notifications) else {
                    throw CLIError.invalid("--notifications is on or off.")
                }
                preferences.notificationSettings.enabled = notifications == "on"
            }
            if let window {
                let parts = window.split(separator: "-").map(String.init)
                guard parts.count == 2 else { throw CLIError.invalid("--window is HH:mm-HH:mm.") }
                preferences.notificationSettings.timeWindow = TimeWindowDTO(start: parts[0], end: parts[1])
            }
            if let hemisphere {
                preferences.appSettings.hemisphere = try ChallengeText.parse(hemisphere, "--hemisphere")
            }
            if let personalized {
                let resetAt = preferences.personalization?.resetAt
                preferences.personalization = PersonalizationSettingsDTO(
                    enabled: try Self.onOff(personalized, "--personalized"), resetAt: resetAt)
            }
            if let learning { preferences.privacySettings.allowAnalytics = try Self.onOff(learning, "--learning") }
            if let shareCompletions {
                preferences.privacySettings.shareCompletionsWithFriends = try Self.onOff(
                    shareCompletions, "--share-completions")
            }
            if let findableBy {
                preferences.privacySettings.findableBy = try ChallengeText.parse(findableBy, "--findable-by")
            }
            if let requestsFrom {
                preferences.privacySettings.friendRequestsFrom = try ChallengeText.parse(
                    requestsFrom, "--requests-from")
            }
        }

        private static func onOff(_ text: String, _ flag: String) throws -> Bool {
            guard ["on", "off"].contains(text) else { throw CLIError.invalid("\(flag) is on or off.") }
            return text == "on"
        }

        /// The option that set each field the server may refuse.
        private static let flags = [
            "notificationSettings.timeZone": "--zone", "notificationSettings.timeWindow": "--window",
            "challengePreferences.socialComfortLevel": "--social-comfort",
            "challengePreferences.difficultyPreference": "--difficulty",
        ]

        private static func split(_ text: String) -> [String] {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The server's app configuration: feature flags, oldest client served, catalog version.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "The server (default: the one this device signed in to).") var server: String?

        func run() async throws {
            try await Device.run(global) { device in
                let url = try await ChallengeCommand.serverURL(server, device)
                let configuration = try await SyncTransport(serverURL: url).appConfiguration()
                try device.output.print(configuration) { ChallengeText.describe(configuration) }
            }
        }
    }

    struct Admin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Catalog and app administration, with the server's admin token.",
            subcommands: [Import.self, SetConfig.self, Reports.self, FeedbackList.self])

        /// The admin token given, else `$REALITY_ADMIN_TOKEN`.
        static func token(_ given: String?) throws -> String {
            guard let token = given ?? ProcessInfo.processInfo.environment["REALITY_ADMIN_TOKEN"] else {
                throw CLIError.invalid("Give --admin-token or set REALITY_ADMIN_TOKEN.")
            }
            return token
        }

        struct SetConfig: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "config", abstract: "Turn feature flags on or off; set the oldest client served.")
            @OptionGroup var global: GlobalOptions
            @Option(help: "NAME=on or NAME=off (repeat); NAME=remove drops it.") var flag: [String] = []
            @Option(help: "The oldest client version served, e.g. 0.2.0.") var minimumVersion: String?
            @Option(help: "The server (default: the one this device signed in to).") var server: String?
            @Option(help: "The admin token (default: $REALITY_ADMIN_TOKEN).") var adminToken: String?

            func run() async throws {
                try await Device.run(
                    global, flags: ["featureFlags": "--flag", "minimumClientVersion": "--minimum-version"]
                ) { device in
                    let url = try await ChallengeCommand.serverURL(server, device)
                    let transport = SyncTransport(serverURL: url, token: try Admin.token(adminToken))
                    // Read without a token: the admin token is no person's session.
                    let now = try await SyncTransport(serverURL: url).appConfiguration()
                    var update = AppConfigurationUpdate(
                        featureFlags: now.featureFlags, minimumClientVersion: minimumVersion ?? now.minimumClientVersion
                    )
                    for setting in flag {
                        let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                        guard parts.count == 2, ["on", "off", "remove"].contains(parts[1]) else {
                            throw CLIError.invalid("--flag is NAME=on, NAME=off or NAME=remove; not \(setting).")
                        }
                        update.featureFlags[parts[0]] = parts[1] == "remove" ? nil : parts[1] == "on"
                    }
                    let saved = try await transport.setAppConfiguration(update)
                    try device.output.print(saved) { ChallengeText.describe(saved) }
                }
            }
        }

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import", abstract: "Add, change or retire challenges from a catalog file (JSON).",
                discussion: """
                    The file: {"version": N (optional), "challenges": [{"id", "title", "description", "category", \
                    "timeInvestment", "socialRequirement", "costLevel", "difficultyLevel", "tags", "locationType", \
                    "seasonality" (optional), "isActive" (optional; false retires)}]}.
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The catalog file.") var file: String
            @Option(help: "The server (default: the one this device signed in to).") var server: String?
            @Option(help: "The admin token (default: $REALITY_ADMIN_TOKEN).") var adminToken: String?

            func run() async throws {
                try await Device.run(global) { device in
                    let token = try Admin.token(adminToken)
                    let url = try await ChallengeCommand.serverURL(server, device)
                    guard let data = FileManager.default.contents(atPath: (file as NSString).expandingTildeInPath)
                    else {
                        throw CLIError(message: "No file to read at \(file).", status: .notFound, code: "not_found")
                    }
                    let catalog = try RealityJSON.decode(CatalogFile.self, from: data)
                    let report = try await SyncTransport(serverURL: url, token: token).importChallenges(catalog)
                    try device.output.print(report) {
                        "Imported \(report.imported) challenge\(report.imported == 1 ? "" : "s"); catalog version \(report.catalogVersion)."
                    }
                }
            }
        }
    }
}
