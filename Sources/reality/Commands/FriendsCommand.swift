import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealitySync

/// `reality friends …`: Out of Box's friends, requests and blocks (issue 22), kept on the server.
struct FriendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends", abstract: "Your Out of Box friends: list, add, answer requests, remove, block.",
        discussion: """
            People are named by email (for `add`), by ID or ID prefix, or by display name among your \
            friends, requests and blocked people. Who may find you by email and send you requests is \
            yours to say: `reality challenge prefs --findable-by everyone|friendsOfFriends|nobody \
            --requests-from …`.
            """,
        subcommands: [
            List.self, Add.self, Requests.self, Accept.self, Decline.self, Cancel.self, Remove.self, Block.self,
            Unblock.self, Blocked.self,
        ],
        defaultSubcommand: List.self)

    /// The transport to the device's server.
    static func transport(_ device: Device) async throws -> SyncTransport {
        try await SharedTarget.serverTransport(of: device)
    }

    /// The one of `people` that `text` names: by ID, ID prefix, or display name (any case).
    static func person(_ text: String, among people: [(id: UUID, name: String?)], what: String) throws -> UUID {
        if let id = UUID(uuidString: text) { return id }
        let lower = text.lowercased()
        var matches = Set(people.filter { $0.id.uuidString.lowercased().hasPrefix(lower) }.map(\.id))
        if matches.isEmpty { matches = Set(people.filter { $0.name?.lowercased() == lower }.map(\.id)) }
        guard matches.count == 1, let id = matches.first else {
            throw CLIError(
                message: matches.isEmpty
                    ? "\(text) names no \(what) (give an ID, an ID prefix or a display name)."
                    : "\(text) names \(matches.count) of your \(what)s; give more of the ID.",
                status: matches.isEmpty ? .notFound : .invalidInput, code: matches.isEmpty ? "not_found" : "ambiguous")
        }
        return id
    }

    static func table(_ people: [Friend], on device: Device, since: String = "SINCE") throws {
        try device.output.table(people, headers: ["NAME", since, "ID"]) {
            [$0.displayName ?? "—", Show.date($0.since), $0.userID.uuidString.lowercased()]
        }
    }

    /// `reality friends` / `reality friends list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your friends, oldest friendship first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                try FriendsCommand.table(try await FriendsCommand.transport(device).friends(), on: device)
            }
        }
    }

    /// `reality friends add EMAIL|ID`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask someone to be friends, by email or ID (accepts theirs if they asked you first).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their email, or their ID.") var person: String

        func run() async throws {
            try await Device.run(global, flags: ["email": "PERSON", "userID": "PERSON"]) { device in
                let body =
                    UUID(uuidString: person).map { SendFriendRequest(userID: $0) } ?? SendFriendRequest(email: person)
                let request = try await FriendsCommand.transport(device).sendFriendRequest(body)
                try device.output.print(request) {
                    request.status == .accepted
                        ? "You and \(request.fromName ?? person) are friends now."
                        : "Asked \(request.toName ?? person) (request \(request.id.uuidString.lowercased()))."
                }
            }
        }
    }

    /// `reality friends requests`.
    struct Requests: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Friend requests waiting, sent and received.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let me = try await device.container.store().deviceAccount()?.userID.rawValue
                let requests = try await FriendsCommand.transport(device).friendRequests()
                try device.output.table(requests, headers: ["", "WHO", "SENT", "ID"]) { request in
                    let incoming = request.toID == me
                    return [
                        incoming ? "from" : "to", (incoming ? request.fromName : request.toName) ?? "—",
                        Show.date(request.createdAt), request.id.uuidString.lowercased(),
                    ]
                }
            }
        }
    }

    /// `reality friends accept REQUEST`.
    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Accept a friend request.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The request: its ID or prefix, or its sender's name.") var request: String

        func run() async throws { try await FriendsCommand.answer(request, .accept, global) }
    }

    /// `reality friends decline REQUEST [--block]`.
    struct Decline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decline a friend request (--block: and block its sender).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The request: its ID or prefix, or its sender's name.") var request: String
        @Flag(help: "Block its sender too.") var block = false

        func run() async throws { try await FriendsCommand.answer(request, block ? .block : .decline, global) }
    }

    /// `reality friends cancel REQUEST`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Withdraw a friend request you sent.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The request: its ID or prefix, or the name of the person you asked.") var request: String

        func run() async throws { try await FriendsCommand.answer(request, .cancel, global) }
    }

    /// Acts on the waiting request `text` names.
    static func answer(_ text: String, _ action: FriendRequestAction, _ global: GlobalOptions) async throws {
        try await Device.run(global) { device in
            let transport = try await FriendsCommand.transport(device)
            let me = try await device.container.store().deviceAccount()?.userID.rawValue
            let candidates = try await transport.friendRequests().map { request in
                (id: request.id, name: request.toID == me ? request.fromName : request.toName)
            }
            let id = try FriendsCommand.person(text, among: candidates, what: "friend request")
            let settled = try await transport.act(action, onFriendRequest: id)
            try device.output.print(settled) {
                switch action {
                case .accept: "You and \(settled.fromName ?? "they") are friends now."
                case .decline: "Declined."
                case .cancel: "Cancelled."
                case .block: "Declined, and blocked \(settled.fromName ?? "them")."
                }
            }
        }
    }

    /// `reality friends remove FRIEND`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End a friendship.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The friend: name, ID or ID prefix.") var friend: String

        func run() async throws {
            try await Device.run(global) { device in
                let transport = try await FriendsCommand.transport(device)
                let friends = try await transport.friends().map { (id: $0.userID, name: $0.displayName) }
                let id = try FriendsCommand.person(friend, among: friends, what: "friend")
                try await transport.unfriend(id)
                try device.output.print(["removed": id.uuidString.lowercased()]) { "You are no longer friends." }
            }
        }
    }

    /// `reality friends block PERSON`.
    struct Block: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Block someone: no requests, photos or comments between you.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their ID, or the name of a friend or of someone in your requests.") var person: String

        func run() async throws {
            try await Device.run(global) { device in
                let transport = try await FriendsCommand.transport(device)
                let me = try await device.container.store().deviceAccount()?.userID.rawValue
                let friends = try await transport.friends().map { (id: $0.userID, name: $0.displayName) }
                let requesters = try await transport.friendRequests().map { request in
                    request.toID == me ? (id: request.fromID, name: request.fromName) : (request.toID, request.toName)
                }
                let id = try FriendsCommand.person(person, among: friends + requesters, what: "friend or requester")
                let blocked = try await transport.block(id)
                try device.output.print(blocked) { "Blocked \(blocked.displayName ?? id.uuidString.lowercased())." }
            }
        }
    }

    /// `reality friends blocked`.
    struct Blocked: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The people you blocked, newest first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                try FriendsCommand.table(
                    try await FriendsCommand.transport(device).blocked(), on: device, since: "BLOCKED")
            }
        }
    }

    /// `reality friends unblock PERSON`.
    struct Unblock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lift a block.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name, ID or ID prefix among the people you blocked.") var person: String

        func run() async throws {
            try await Device.run(global) { device in
                let transport = try await FriendsCommand.transport(device)
                let blocked = try await transport.blocked().map { (id: $0.userID, name: $0.displayName) }
                let id = try FriendsCommand.person(person, among: blocked, what: "blocked person")
                try await transport.unblock(id)
                try device.output.print(["unblocked": id.uuidString.lowercased()]) { "Unblocked." }
            }
        }
    }
}
