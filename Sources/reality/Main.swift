import ArgumentParser
import Foundation

/// The `reality` command line: the device on Linux (SPEC "Command line").
@main
enum RealityMain {
    static func main() async {
        let arguments = GlobalOptions.movingGlobalOptionsLast(Array(CommandLine.arguments.dropFirst()))
        await Reality.main(arguments)
    }
}

/// The root command.
struct Reality: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reality",
        abstract: "Pin notes, drawings and media to places, sort them into layers, find them again.",
        discussion: """
            Global options (anywhere on the line): --store PATH (default ~/.reality/default.sqlite, \
            or $REALITY_STORE) and --json (print one JSON document on standard output).
            Exit codes: 0 ok, 2 usage, 3 invalid input, 4 not found, 5 permission denied, \
            6 plan limit reached, 7 conflict, 1 anything else.
            """,
        subcommands: [
            LayerCommand.self, AnnotationCommand.self, NearbyCommand.self, VisibleCommand.self, SearchCommand.self,
            CommentCommand.self, ReactCommand.self, RecentCommand.self, UnreadCommand.self, StarredCommand.self,
            StarCommand.self, ReadCommand.self, NotificationsCommand.self, ActivityCommand.self, UsageCommand.self,
            ProfileCommand.self, ExportCommand.self, PurgeCommand.self, ServeCommand.self, RegisterCommand.self,
            LoginCommand.self, LogoutCommand.self, SyncCommand.self, ConflictsCommand.self, RejectionsCommand.self,
            StatusCommand.self, SessionsCommand.self, PasswordCommand.self,
        ])
}
