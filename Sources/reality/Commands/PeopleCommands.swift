import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// A sharing level as people say it: `view`, `comment`, `edit` or `admin` (or the level's own name).
struct SharingLevel: ExpressibleByArgument {
    let level: PermissionLevel

    init?(argument: String) {
        switch argument.lowercased() {
        case "view", "viewer": level = .viewer
        case "comment", "commenter": level = .commenter
        case "edit", "editor": level = .editor
        case "admin", "owner": level = .owner
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["view", "comment", "edit", "admin"] }
}

/// What `share` and `revoke` name: a layer (ID, prefix or name) or an annotation (ID or prefix).
enum SharedTarget {
    case layer(LayerID)
    case annotation(AnnotationID)

    /// The transport to the device's server, after pushing what the device has not sent yet: a
    /// layer made a moment ago on this device is one the server must know before it is shared.
    static func serverTransport(of device: Device) async throws -> SyncTransport {
        guard let server = try await DeviceServer.connected(device) else { throw SyncError.notSignedIn }
        return server.transport
    }

    /// The layer `text` names, else the annotation.
    static func resolve(_ text: String, on device: Device) async throws -> SharedTarget {
        if let layer = ShortID<Layer>(argument: text), let id = try? await layer.resolve(device) { return .layer(id) }
        if let annotation = ShortID<Annotation>(argument: text), let id = try? await annotation.resolve(device) {
            return .annotation(id)
        }
        throw CLIError(
            message: "\(text) names no layer or annotation on this device (a layer by its name, ID or ID prefix; "
                + "an annotation by its ID or prefix; `reality sync` brings what the server has).",
            status: .notFound, code: "not_found")
    }
}

/// `reality share LAYER|ANNOTATION --with EMAIL --level view|comment|edit|admin [--expires DATE]`
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Share a layer or an annotation with someone by email.",
        discussion: """
            Someone with an account gets access at once; anyone else when they register or sign in \
            with that email (the invitation waits 30 days; `reality invitations` lists them).
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A layer (ID, prefix or name) or an annotation (ID or prefix).") var target: String
    @Option(help: "The email to share with.") var with: String
    @Option(help: "view, comment, edit or admin.") var level: SharingLevel
    @Option(help: "When the access ends (YYYY-MM-DD or an ISO 8601 instant).") var expires: ArgumentDate?

    func run() async throws {
        try await Device.run(global) { device in
            let transport = try await SharedTarget.serverTransport(of: device)
            let zone = try await device.timeZone()
            var request = InvitationRequest(
                email: with, level: level.level, expiresAt: expires?.value(in: zone, now: Date()))
            switch try await SharedTarget.resolve(target, on: device) {
            case .layer(let id): request.layerID = id
            case .annotation(let id): request.annotationID = id
            }
            let invitation = try await transport.invite(request)
            try device.output.print(invitation) {
                invitation.status == .accepted
                    ? "Shared \(target) with \(invitation.email) as \(invitation.level.rawValue)"
                    : "Invited \(invitation.email) to \(target) as \(invitation.level.rawValue): they get it when they "
                        + "register or sign in (until \(Show.when(invitation.expiresAt, in: zone)))"
            }
        }
    }
}

/// `reality members LAYER`
struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members", abstract: "Who may see a layer: its owner and everyone it is shared with.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The layer (ID, prefix or name).") var layer: ShortID<Layer>

    func run() async throws {
        try await Device.run(global) { device in
            let id = try await layer.resolve(device)
            let transport = try await SharedTarget.serverTransport(of: device)
            let members = try await transport.members(of: id)
            let zone = try await device.timeZone()
            try device.output.table(members, headers: ["NAME", "LEVEL", "UNTIL", "USER"]) {
                [
                    $0.displayName ?? "-", $0.isOwner ? "owner (owns it)" : $0.level.rawValue,
                    $0.expiresAt.map { Show.when($0, in: zone) } ?? "-", $0.userID.uuidString,
                ]
            }
        }
    }
}

/// `reality revoke LAYER|ANNOTATION --from EMAIL`
struct RevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Take back someone's access to a layer or an annotation.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A layer (ID, prefix or name) or an annotation (ID or prefix).") var target: String
    @Option(help: "Their email, or their user ID.") var from: String

    func run() async throws {
        try await Device.run(global) { device in
            let transport = try await SharedTarget.serverTransport(of: device)
            let userID: UserID
            if let id = UserID(uuidString: from) {
                userID = id
            } else {
                userID = try await transport.findUser(email: from).id
            }
            switch try await SharedTarget.resolve(target, on: device) {
            case .layer(let id): try await transport.removeMember(userID, from: id)
            case .annotation(let id): try await transport.revokeGrant(from: userID, on: id)
            }
            try device.output.print(["revoked": from]) { "\(from) no longer has access to \(target)" }
        }
    }
}

/// `reality invitations [--withdraw ID]`
struct InvitationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitations", abstract: "The invitations you sent, and whether they were taken.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "Withdraw this pending invitation (its ID).") var withdraw: String?

    func run() async throws {
        try await Device.run(global) { device in
            let transport = try await SharedTarget.serverTransport(of: device)
            if let withdraw {
                guard let id = InvitationID(uuidString: withdraw) else {
                    throw CLIError.invalid("\(withdraw) is not an invitation ID")
                }
                try await transport.revokeInvitation(id)
            }
            let invitations = try await transport.invitations()
            let zone = try await device.timeZone()
            let now = Date()
            try device.output.table(invitations, headers: ["EMAIL", "LEVEL", "STATUS", "SENT", "ID"]) {
                [
                    $0.email, $0.level.rawValue,
                    $0.status == .pending && !$0.isOpen(at: now) ? "lapsed" : $0.status.rawValue,
                    Show.when($0.createdAt, in: zone), $0.id.uuidString,
                ]
            }
        }
    }
}
