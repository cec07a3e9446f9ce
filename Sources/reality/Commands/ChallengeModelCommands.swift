import ArgumentParser
import Foundation
import OutOfBoxCore

extension ChallengeCommand {
    /// `reality challenge model [--reset]`: what the personalization engine knows of you.
    struct Model: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What the personalization engine learned of you; --reset forgets it.",
            discussion: """
                The engine learns from every challenge you complete, skip (and why) and rate. Turn \
                personalized daily challenges on with `reality challenge prefs --personalized on`; \
                `--learning off` stops it learning at all.
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Forget what it learned (on the server; every device follows).") var reset = false

        func run() async throws {
            try await Device.run(global) { device in
                let service = try await ChallengeCommand.service(device)
                let report = try await reset ? service.resetPersonalization() : service.personalization()
                try device.output.print(report) { ChallengeText.describe(report) }
            }
        }
    }

    /// `reality challenge recommend`: today's challenges by the engine, with why.
    struct Recommend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Challenges the personalization engine recommends today, with why.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many (1–100).") var count = 5

        func run() async throws {
            try await Device.run(global, flags: ["count": "--count"]) { device in
                let items = try await ChallengeCommand.service(device).recommendations(count: count)
                try ChallengeText.table(items, on: device)
            }
        }
    }
}
