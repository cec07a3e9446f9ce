import ArgumentParser
import RealityCore
import RealityStore

/// The one vocabulary of conflicts (issue 16): the words `reality sync --strategy` and
/// `reality conflicts resolve --use` take, what each means, and the spellings README showed
/// before (`useLocal`, `useRemote`), still accepted.
enum ConflictWord: String, CaseIterable, Encodable, ExpressibleByArgument, Sendable {
    case merge, local, remote, manual

    /// Older spellings that shipped in README, read as the word they meant.
    static let aliases: [String: ConflictWord] = ["uselocal": .local, "useremote": .remote]

    /// The words that settle one open conflict (`conflicts resolve --use`): all but `manual`,
    /// which would leave it open.
    static let choices: [ConflictWord] = allCases.filter { $0.choice != nil }

    init?(argument: String) {
        let folded = argument.lowercased()
        guard let word = ConflictWord(rawValue: folded) ?? Self.aliases[folded] else { return nil }
        self = word
    }

    /// The word for a stored strategy.
    init(_ strategy: ConflictResolutionStrategy) {
        switch strategy {
        case .merge: self = .merge
        case .useLocal: self = .local
        case .useRemote: self = .remote
        case .manual: self = .manual
        }
    }

    /// What the word means, for help and `reality status`.
    var meaning: String {
        switch self {
        case .merge: "merge field by field, the later edit of each field wins"
        case .local: "keep this device's version"
        case .remote: "take the server's version"
        case .manual: "keep both for `reality conflicts resolve`"
        }
    }

    /// The strategy the word names.
    var strategy: ConflictResolutionStrategy {
        switch self {
        case .merge: .merge
        case .local: .useLocal
        case .remote: .useRemote
        case .manual: .manual
        }
    }

    /// The version that settles one conflict, for the words that name one.
    var choice: ConflictChoice? {
        switch self {
        case .local: .local
        case .remote: .remote
        case .merge: .merge
        case .manual: nil
        }
    }

    /// `words` with their meanings, for help: `merge (…), local (…)`.
    static func help(_ words: [ConflictWord]) -> String {
        words.map { "\($0.rawValue) (\($0.meaning))" }.joined(separator: ", ")
    }

    /// `words` as a usage shows them: `merge|local|remote|manual`.
    static func list(_ words: [ConflictWord]) -> String {
        words.map(\.rawValue).joined(separator: "|")
    }

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    static var defaultValueDescription: String { list(allCases) }
}
