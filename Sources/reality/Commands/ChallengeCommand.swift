import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealitySync

/// `reality challenge …`: Out of Box's daily challenge (seed 004), through the device's server.
struct ChallengeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "challenge", abstract: "Out of Box: one small real-world challenge a day.",
        discussion: """
            Your challenge of the day is chosen by the server in your time zone, the same on every \
            device; complete it (with a photo), skip it or rate it, and keep a streak. Needs a \
            signed-in device (`reality register` or `reality login`). The device keeps a copy of \
            the catalog and of your history: without the server, every command but `prefs` changes \
            and `config` works from it, and what you do offline goes to the server with the next \
            command (or `reality sync`) that reaches it.
            """,
        subcommands: [
            Today.self, List.self, ShowOne.self, Search.self, History.self, Complete.self, Skip.self, Rate.self,
            Stats.self, Prefs.self, Model.self, Recommend.self, Reminders.self, Notifications.self, Share.self,
            Photos.self, Photo.self,
            Comment.self, Unshare.self, Report.self, Feedback.self, Config.self,
            Admin.self,
        ])

    /// The person's service on this device: through the server when it answers (after bringing
    /// the device's copy of the catalog up to date and sending what the device did offline), else
    /// from the device's copy, said on standard error. A device that never signed in is told to.
    static func service(_ device: Device) async throws -> DeviceChallengeService {
        let store = try await device.container.store()
        guard let account = try await store.deviceAccount() else {
            throw CLIError(
                message: "Out of Box needs a server: `reality register` or `reality login` first.",
                status: .permissionDenied, code: "not_signed_in")
        }
        let transport = try await SyncEngine.signedIn(store).serverTransport
        return try await DeviceChallengeService.connect(
            store: store, userID: account.userID.rawValue, transport: transport,
            notice: { FileHandle.standardError.write(Data("(\($0))\n".utf8)) })
    }

    /// The server `given`, else the one the device signed in to.
    static func serverURL(_ given: String?, _ device: Device) async throws -> String {
        if let given { return given }
        guard let url = try await device.container.store().deviceAccount()?.serverURL else {
            throw CLIError.invalid("Give --server URL (this device signed in to none).")
        }
        return url
    }

    /// The ID `text` gave, or today's challenge's.
    static func challengeID(_ text: String?, _ service: DeviceChallengeService) async throws -> String {
        if let text { return text }
        return try await service.todaysChallenge(timeZone: TimeZone.current.identifier).challenge.id
    }

    struct Today: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Today's challenge (given on first asking).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let today = try await ChallengeCommand.service(device).todaysChallenge(
                    timeZone: TimeZone.current.identifier)
                try device.output.print(today) { ChallengeText.assigned(today) }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Challenges you could do today.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many (1–100).") var count = 10

        func run() async throws {
            try await Device.run(global, flags: ["count": "--count"]) { device in
                let items = try await ChallengeCommand.service(device).availableChallenges(count: count)
                try ChallengeText.table(items, on: device)
            }
        }
    }

    struct ShowOne: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "One challenge.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its ID.") var id: String

        func run() async throws {
            try await Device.run(global) { device in
                let challenge = try await ChallengeCommand.service(device).challenge(id: id)
                try device.output.print(challenge) { ChallengeText.describe(challenge) }
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Search the catalog by words and filters.",
            discussion: """
                Values: --category \(ChallengeText.names(ChallengeCategory.self)); --max-time \
                \(ChallengeText.names(TimeInvestment.self)); --max-cost \(ChallengeText.names(CostLevel.self)); \
                --social \(ChallengeText.names(SocialRequirement.self)); --location \
                \(ChallengeText.names(LocationType.self)).
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Words, matched as prefixes.") var words: [String] = []
        @Option(help: "A category (repeat for several).") var category: [String] = []
        @Option(help: "The longest time investment.") var maxTime: String?
        @Option(help: "The highest cost.") var maxCost: String?
        @Option(help: "A social requirement (repeat for several).") var social: [String] = []
        @Option(help: "Difficulties, N or N-M (1–5).") var difficulty: String?
        @Option(help: "A location type (repeat for several).") var location: [String] = []
        @Flag(help: "Leave out what you completed.") var excludeCompleted = false
        @Option(help: "At most this many (1–100).") var limit = 20

        func run() async throws {
            try await Device.run(global) { device in
                let filters = ChallengeFilters(
                    categories: try ChallengeText.parse(category, "--category"),
                    maxTimeInvestment: try maxTime.map { try ChallengeText.parse($0, "--max-time") },
                    maxCostLevel: try maxCost.map { try ChallengeText.parse($0, "--max-cost") },
                    socialRequirements: try ChallengeText.parse(social, "--social"),
                    difficultyRange: try difficulty.map(ChallengeText.range),
                    locationTypes: try ChallengeText.parse(location, "--location"),
                    excludeCompleted: excludeCompleted)
                let found = try await ChallengeCommand.service(device).searchChallenges(
                    query: words.joined(separator: " "), filters: filters, limit: limit)
                try ChallengeText.table(found, on: device)
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your challenges, newest day first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "At most this many (1–100).") var limit = 20
        @Option(help: "Only days before this one (YYYY-MM-DD), for the next page.") var before: String?

        func run() async throws {
            try await Device.run(global) { device in
                let day = try before.map { text in
                    guard let day = LocalDay(text) else {
                        throw CLIError.invalid("--before must be a day, YYYY-MM-DD.")
                    }
                    return day
                }
                let items = try await ChallengeCommand.service(device).challengeHistory(limit: limit, before: day)
                try device.output.table(items, headers: ["DAY", "STATUS", "RATING", "TITLE", "ID"]) {
                    [
                        $0.assignment.localDay.description, $0.assignment.status.rawValue,
                        $0.assignment.userRating.map { String(repeating: "★", count: $0) } ?? "",
                        Show.clip($0.challenge.title), $0.challenge.id,
                    ]
                }
            }
        }
    }
}
