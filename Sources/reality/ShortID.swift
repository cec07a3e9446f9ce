import ArgumentParser
import Foundation
import RealityCore

/// A record named on the command line as `git` names commits: its full ID, a unique prefix of at
/// least ``minimumPrefix`` hex digits, or (for what has a name, such as layers) its name; for
/// users also `me`. ``resolve(_:)`` finds the one record meant, or says why none or which ones.
struct ShortID<Entity: ShortIDResolvable>: ExpressibleByArgument, Sendable {
    /// The fewest hex digits a prefix may have.
    static var minimumPrefix: Int { 4 }

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
        let candidates = try await Entity.candidates(for: text, on: device)
        if let named = Self.named(text, in: candidates) { return named }
        let prefix = text.lowercased()
        guard prefix.count >= Self.minimumPrefix, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError.invalid(
                "\(text) is not \(Entity.argumentForms) (a prefix needs at least \(Self.minimumPrefix) hex digits)")
        }
        let matches = candidates.filter { $0.id.uuidString.hasPrefix(prefix) }
        switch matches.count {
        case 1:
            return matches[0].id
        case 0:
            throw CLIError(
                message: "No \(Entity.noun) has an ID starting with \(text) (or it is not yours to see).",
                status: .notFound, code: "not_found")
        default:
            let listed = matches.prefix(10).map { candidate in
                candidate.label.map { "\(candidate.id) (\($0))" } ?? candidate.id.uuidString
            }
            throw CLIError(
                message: "\(text) is ambiguous: \(matches.count) \(Entity.noun)s start with it: "
                    + listed.joined(separator: ", ") + "; type more of the ID.",
                status: .invalidInput, code: "ambiguous_id")
        }
    }

    /// The one candidate named `text` exactly, else the one named so ignoring case.
    private static func named(_ text: String, in candidates: [ShortIDCandidate<Entity>]) -> Identifier<Entity>? {
        let exact = candidates.filter { $0.name == text }
        if exact.count == 1 { return exact[0].id }
        let folded = candidates.filter { $0.name?.caseInsensitiveCompare(text) == .orderedSame }
        return folded.count == 1 ? folded[0].id : nil
    }
}

/// One record a ``ShortID`` may mean: its ID, the name it may be called by (layers; `me`), and
/// a label that tells it apart when a prefix is ambiguous (a note's title).
struct ShortIDCandidate<Entity>: Sendable {
    let id: Identifier<Entity>
    let name: String?
    let label: String?

    init(id: Identifier<Entity>, name: String?, label: String? = nil) {
        self.id = id
        self.name = name
        self.label = label ?? name
    }
}

/// A kind of record a ``ShortID`` can name.
protocol ShortIDResolvable {
    /// The record in words, `annotation`.
    static var noun: String { get }
    /// How it may be written, for help: `ID`, `ID|NAME`.
    static var argumentForms: String { get }
    /// The records `text` might mean that the device's user may see.
    static func candidates(for text: String, on device: Device) async throws -> [ShortIDCandidate<Self>]
}

extension Layer: ShortIDResolvable {
    static var noun: String { "layer" }
    static var argumentForms: String { "ID|NAME" }

    static func candidates(for text: String, on device: Device) async throws -> [ShortIDCandidate<Layer>] {
        try await device.container.layerService().fetchLayers().map { ShortIDCandidate(id: $0.id, name: $0.name) }
    }
}

extension Annotation: ShortIDResolvable {
    static var noun: String { "annotation" }
    static var argumentForms: String { "ID" }

    static func candidates(for text: String, on device: Device) async throws -> [ShortIDCandidate<Annotation>] {
        try await AnnotationPages.all(on: device).map { ShortIDCandidate(id: $0.id, name: nil, label: $0.title) }
    }
}

extension Comment: ShortIDResolvable {
    static var noun: String { "comment" }
    static var argumentForms: String { "ID" }

    static func candidates(for text: String, on device: Device) async throws -> [ShortIDCandidate<Comment>] {
        let collaboration = try await device.container.collaborationService()
        var candidates: [ShortIDCandidate<Comment>] = []
        for annotation in try await AnnotationPages.all(on: device) {
            for comment in try await collaboration.getComments(for: annotation.id) {
                candidates.append(ShortIDCandidate(id: comment.id, name: nil))
            }
        }
        return candidates
    }
}

extension User: ShortIDResolvable {
    static var noun: String { "user" }
    static var argumentForms: String { "ID|me" }

    /// `me` is the device's user; other users are known by the annotations they made.
    static func candidates(for text: String, on device: Device) async throws -> [ShortIDCandidate<User>] {
        let me = try await device.container.context().userID
        var seen: Set<UserID> = [me]
        var candidates = [ShortIDCandidate(id: me, name: "me")]
        for annotation in try await AnnotationPages.all(on: device) where seen.insert(annotation.ownerID).inserted {
            candidates.append(ShortIDCandidate(id: annotation.ownerID, name: nil))
        }
        return candidates
    }
}

/// Every annotation the device's user may see, read page by page.
enum AnnotationPages {
    static func all(on device: Device) async throws -> [Annotation] {
        let service = try await device.container.annotationService()
        let viewer = try await device.container.context().userID
        var all: [Annotation] = []
        var cursor: AnnotationQuery.Cursor?
        while true {
            let page = try await service.fetchAnnotations(
                matching: AnnotationQuery(viewer: viewer, limit: AnnotationQuery.maxLimit, after: cursor))
            all += page
            guard page.count == AnnotationQuery.maxLimit, let last = page.last else { return all }
            cursor = AnnotationQuery.Cursor(createdAt: last.createdAt, id: last.id)
        }
    }
}
