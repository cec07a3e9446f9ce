import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// A record named on the command line as `git` names commits: its full ID, a unique prefix of at
/// least ``IDPrefix/minimumTyped`` hex digits, or (for what has a name, such as layers) its name;
/// for users also `me`. ``resolve(_:)`` finds the one record meant, or says why none or which ones.
struct ShortID<Entity: ShortIDResolvable>: ExpressibleByArgument, Sendable {
    /// What was typed.
    let text: String

    init?(argument: String) {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        text = trimmed
    }

    static var defaultValueDescription: String { Entity.argumentForms }

    /// The record's full ID.
    func resolve(_ device: Device) async throws -> Identifier<Entity> {
        if let id = Identifier<Entity>(uuidString: text) { return id }
        if let named = try await Entity.named(text, on: device) { return named }
        let id = try await IDPrefix.resolve(
            text, kind: Entity.prefixKind, noun: Entity.noun, on: device, orName: Entity.argumentForms.contains("NAME"))
        guard let identifier = Identifier<Entity>(uuidString: id) else {
            throw CLIError(message: "No \(Entity.noun) \(text).", status: .notFound, code: "not_found")
        }
        return identifier
    }
}

/// How IDs are shortened in tables and resolved from prefixes: one indexed range read on the
/// store (``DeviceStore/ids(of:startingWith:limit:)``), never a scan of the records.
enum IDPrefix {
    /// The fewest hex digits a typed prefix may have.
    static let minimumTyped = 4
    /// The fewest characters a table shows of an ID; more when that many do not tell it apart.
    static let minimumShown = 8
    /// How many candidates an ambiguous prefix lists.
    static let candidatesListed = 10

    /// The one ID of `kind` that `text` (a full ID or a prefix of one) names; `orName` when the
    /// kind may also be named (for the error's hint).
    static func resolve(
        _ text: String, kind: IDPrefixKind, noun: String, on device: Device, orName: Bool = false
    ) async throws -> String {
        let prefix = text.lowercased()
        guard prefix.count >= minimumTyped, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError.invalid(
                "\(text) names no \(noun): give its ID or a prefix of at least \(minimumTyped) hex digits"
                    + (orName ? ", or its name" : ""))
        }
        let matches = try await device.container.store().ids(
            of: kind, startingWith: prefix, limit: candidatesListed + 1)
        switch matches.count {
        case 1:
            return matches[0].id
        case 0:
            throw CLIError(
                message: "No \(noun) has an ID starting with \(text) (or it is not yours to see).",
                status: .notFound, code: "not_found")
        default:
            let listed = matches.prefix(candidatesListed).map { match in
                match.label.map { "\(match.id) (\(Show.clip($0, 30)))" } ?? match.id
            }
            let count = matches.count > candidatesListed ? "more than \(candidatesListed)" : "\(matches.count)"
            throw CLIError(
                message: "\(text) is ambiguous: \(count) \(noun)s start with it: "
                    + listed.joined(separator: ", ") + "; type more of the ID.",
                status: .invalidInput, code: "ambiguous_id")
        }
    }
}

/// A kind of record a ``ShortID`` can name.
protocol ShortIDResolvable {
    /// The record in words, `annotation`.
    static var noun: String { get }
    /// How it may be written, for help: `ID`, `ID|NAME`.
    static var argumentForms: String { get }
    /// Where the store keeps its IDs.
    static var prefixKind: IDPrefixKind { get }
    /// The record called `text` by name (a layer's name, `me`), if any.
    static func named(_ text: String, on device: Device) async throws -> Identifier<Self>?
}

extension ShortIDResolvable {
    static var argumentForms: String { "ID" }
    static func named(_ text: String, on device: Device) async throws -> Identifier<Self>? { nil }
}

extension Layer: ShortIDResolvable {
    static var noun: String { "layer" }
    static var argumentForms: String { "ID|NAME" }
    static var prefixKind: IDPrefixKind { .layer }

    /// The one layer named `text` exactly, else the one named so ignoring case.
    static func named(_ text: String, on device: Device) async throws -> LayerID? {
        let layers = try await device.container.layerService().fetchLayers()
        let exact = layers.filter { $0.name == text }
        if exact.count == 1 { return exact[0].id }
        let folded = layers.filter { $0.name.caseInsensitiveCompare(text) == .orderedSame }
        return folded.count == 1 ? folded[0].id : nil
    }
}

extension Annotation: ShortIDResolvable {
    static var noun: String { "annotation" }
    static var prefixKind: IDPrefixKind { .annotation }
}

extension Comment: ShortIDResolvable {
    static var noun: String { "comment" }
    static var prefixKind: IDPrefixKind { .comment }
}

extension User: ShortIDResolvable {
    static var noun: String { "user" }
    static var argumentForms: String { "ID|me" }
    static var prefixKind: IDPrefixKind { .user }

    /// `me` is the device's user.
    static func named(_ text: String, on device: Device) async throws -> UserID? {
        text.lowercased() == "me" ? try await device.container.context().userID : nil
    }
}
