import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// What register and login print.
struct SignedIn: Encodable {
    var server: String
    var userID: UserID
    var displayName: String?
    var clientID: String
}

/// Options shared by `register` and `login`; the password is prompted for, or read with
/// `--password-stdin` (``PasswordOptions``).
struct CredentialOptions: ParsableArguments {
    @Option(help: "The server's address, e.g. http://127.0.0.1:8080.") var server: String
    @Option(help: "Your email.") var email: String
    @OptionGroup var passwordOptions: PasswordOptions

    /// The password, as ``PasswordOptions`` gets it.
    func password() throws -> String {
        try passwordOptions.read(["Password"])[0]
    }
}

/// Signs the store in with `auth` from `server` and prints who it is signed in as.
func bind(_ auth: AuthResponse, server: String, device: Device) async throws {
    let store = try await device.container.store()
    let account = try await store.bindAccount(serverURL: server, user: auth.user, token: auth.token)
    try device.output.print(
        SignedIn(server: server, userID: auth.user.id, displayName: auth.user.displayName, clientID: account.clientID)
    ) {
        "Signed in as \(auth.user.displayName ?? auth.user.id.uuidString) (\(auth.user.id)) on \(server)."
    }
}

/// Refuses early when the store belongs to another server, before any request is sent.
func checkBinding(server: String, device: Device) async throws {
    let store = try await device.container.store()
    if let account = try await store.deviceAccount(), account.serverURL != server {
        throw AccountBindingError(boundUserID: account.userID, boundServerURL: account.serverURL)
    }
}

/// `reality register --server URL --email E [--password-stdin] [--display-name N]`
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create an account on a server and sign this store in to it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var credentials: CredentialOptions
    @Option(help: "The name others see (default: the part of the email before @).") var displayName: String?

    func run() async throws {
        try await Device.run(global) { device in
            try await checkBinding(server: credentials.server, device: device)
            let name = displayName ?? String(credentials.email.prefix { $0 != "@" })
            let auth = try await SyncTransport(serverURL: credentials.server).register(
                RegisterRequest(
                    email: credentials.email, password: try credentials.password(), displayName: name,
                    deviceName: deviceName()))
            try await bind(auth, server: credentials.server, device: device)
        }
    }
}

/// `reality login --server URL --email E [--password-stdin]`
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign this store in to an account (a store belongs to one account).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var credentials: CredentialOptions

    func run() async throws {
        try await Device.run(global) { device in
            try await checkBinding(server: credentials.server, device: device)
            let auth = try await SyncTransport(serverURL: credentials.server).login(
                LoginRequest(email: credentials.email, password: try credentials.password(), deviceName: deviceName()))
            try await bind(auth, server: credentials.server, device: device)
        }
    }
}

/// `reality logout`
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the session; the store keeps its data and stays this account's.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            let store = try await device.container.store()
            guard let account = try await store.deviceAccount(), let token = account.token else {
                throw SyncError.notSignedIn
            }
            // The local sign-out stands even when the server cannot be told.
            try? await SyncTransport(serverURL: account.serverURL, token: token).logout()
            try await store.signOut()
            try device.output.print(["signedOut": true]) { "Signed out." }
        }
    }
}

/// `reality account delete --yes`
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Your account on the server.", subcommands: [Delete.self])

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete your account on the server and everything in it, for good.",
            discussion: """
                Every annotation, layer, comment, share, session and upload of the account goes; \
                this device is signed out. Its store keeps the copy it had until you remove the file.
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Yes, delete it: there is no undo.") var yes = false

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                guard let account = try await store.deviceAccount(), let token = account.token else {
                    throw SyncError.notSignedIn
                }
                guard yes else {
                    throw CLIError(
                        message: "Deleting your account on \(account.serverURL) cannot be undone; "
                            + "add --yes to do it.", status: .usage, code: "confirmation_needed")
                }
                try await SyncTransport(serverURL: account.serverURL, token: token).deleteAccount()
                try await store.signOut()
                try device.output.print(["deleted": account.userID.uuidString]) {
                    "Deleted your account on \(account.serverURL); this device is signed out."
                }
            }
        }
    }
}
