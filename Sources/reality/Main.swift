import ArgumentParser
import Foundation

/// The `reality` command line: the device on Linux (SPEC "Command line").
@main
enum RealityMain {
    static func main() async {
        let arguments = GlobalOptions.movingGlobalOptionsLast(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try Reality.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(with: error, json: arguments.contains("--json"))
        }
    }

    /// Ends the process for `error`: help and `--version` as ArgumentParser prints them, a usage
    /// error with one `error:` line (JSON on standard error with `--json`) and the usage, anything
    /// else as the device reports errors.
    private static func exit(with error: any Error, json: Bool) -> Never {
        if let code = error as? ExitCode { Reality.exit(withError: code) }
        let status = Reality.exitCode(for: error)
        if status.isSuccess { Reality.exit(withError: error) }
        let output = Output(json: json)
        if status.rawValue == ExitStatus.usage.rawValue {
            if json {
                _ = output.fail(CLIError(message: Reality.message(for: error), status: .usage, code: "usage"))
            } else {
                let text = Reality.fullMessage(for: error)
                let plain = text.hasPrefix("Error: ") ? "error: " + text.dropFirst("Error: ".count) : text
                FileHandle.standardError.write(Data((plain + "\n").utf8))
            }
            Reality.exit(withError: ExitStatus.usage.exitCode)
        }
        Reality.exit(withError: output.fail(CLIError(error)))
    }
}

/// The root command.
struct Reality: AsyncParsableCommand {
    /// The version `reality --version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "reality",
        abstract: "Pin notes, drawings and media to places, sort them into layers, find them again.",
        discussion: """
            Global options (anywhere on the line): --store PATH (default ~/.reality/default.sqlite, \
            or $REALITY_STORE) and --json (print one JSON document on standard output).
            Exit codes: \(ExitStatus.summary).
            """,
        version: version,
        subcommands: [
            LayerCommand.self, AnnotationCommand.self, NearbyCommand.self, VisibleCommand.self, SearchCommand.self,
            CommentCommand.self, ReactCommand.self, RecentCommand.self, UnreadCommand.self, StarredCommand.self,
            StarCommand.self, ReadCommand.self, NotificationsCommand.self, ActivityCommand.self, UsageCommand.self,
            ProfileCommand.self, ExportCommand.self, PurgeCommand.self, ServeCommand.self, RegisterCommand.self,
            LoginCommand.self, LogoutCommand.self, SyncCommand.self, ConflictsCommand.self, RejectionsCommand.self,
            StatusCommand.self, SessionsCommand.self, PasswordCommand.self, MediaCommand.self, AttachCommand.self,
            ShareCommand.self, MembersCommand.self, RevokeCommand.self, InvitationsCommand.self, TrashCommand.self,
            RestoreCommand.self, AccountCommand.self, WorldMapCommand.self, RelocalizeCommand.self, WatchCommand.self,
            ChallengeCommand.self, InsightsCommand.self, FriendsCommand.self, SavedSearchCommand.self,
        ])
}
