import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// The transport of the account this store is signed in to; throws ``SyncError/notSignedIn``.
private func signedInTransport(_ device: Device) async throws -> SyncTransport {
    let store = try await device.container.store()
    guard let account = try await store.deviceAccount(), let token = account.token else { throw SyncError.notSignedIn }
    return SyncTransport(serverURL: account.serverURL, token: token)
}

/// `reality sessions [list] | revoke ID | revoke --others`
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "The devices signed in to your account, and ending their sessions.",
        subcommands: [ListSessions.self, RevokeSession.self], defaultSubcommand: ListSessions.self)
}

/// `reality sessions list`
struct ListSessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List your account's live sessions.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            let sessions = try await signedInTransport(device).sessions()
            let zone = try await device.timeZone()
            try device.output.table(sessions, headers: ["ID", "DEVICE", "SIGNED IN", "LAST USED", ""]) { session in
                [
                    session.id.lowercasedString, session.deviceName ?? "-", Show.when(session.createdAt, in: zone),
                    Show.when(session.lastUsedAt, in: zone), session.current ? "(this device)" : "",
                ]
            }
        }
    }
}

/// `reality sessions revoke ID | --others`
struct RevokeSession: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "End one session by its ID, or with --others every session but this one.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session's ID (from `reality sessions`).") var id: String?
    @Flag(help: "End every session of your account but this device's (log out everywhere else).") var others = false

    func validate() throws {
        if others == (id != nil) {
            throw ArgumentParser.ValidationError("Give a session ID or --others (one of them).")
        }
    }

    func run() async throws {
        try await Device.run(global) { device in
            let transport = try await signedInTransport(device)
            if others {
                let answer = try await transport.revokeOtherSessions()
                try device.output.print(answer) {
                    "Ended \(answer.revoked) other session\(answer.revoked == 1 ? "" : "s")."
                }
                return
            }
            guard let id = id.flatMap(UUID.init(uuidString:)) else {
                throw CLIError.invalid("The session ID must be a UUID, as `reality sessions` lists them.")
            }
            try await transport.revokeSession(id)
            try device.output.print(["revoked": id.lowercasedString]) { "Ended session \(id.lowercasedString)." }
        }
    }
}

/// `reality password [--password-stdin]`: the current password, then the new one.
struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Change your account's password; every other session ends.",
        discussion: """
            Asks for the current password and the new one (twice) on the terminal without echo; with \
            --password-stdin reads two lines from standard input: the current password, then the new one.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Read the current and the new password from standard input, one line each.") var passwordStdin = false

    func run() async throws {
        try await Device.run(global) { device in
            let transport = try await signedInTransport(device)
            let passwords = try PasswordOptions.read(
                passwordStdin
                    ? ["Current password", "New password"]
                    : ["Current password", "New password", "New password again"],
                fromStandardInput: passwordStdin)
            if passwords.count == 3, passwords[1] != passwords[2] {
                throw CLIError.invalid("The new passwords differ; nothing changed.")
            }
            try await transport.changePassword(
                PasswordChangeRequest(currentPassword: passwords[0], newPassword: passwords[1]))
            try device.output.print(["passwordChanged": true]) {
                "Password changed; every other session of your account has ended."
            }
        }
    }
}
