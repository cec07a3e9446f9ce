import ArgumentParser

/// How `reality` exits: the one declaration that `--help`, README.md and the error paths read.
enum ExitStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case failure = 1
    case invalidInput = 3
    case notFound = 4
    case permissionDenied = 5
    case planLimitReached = 6
    case conflict = 7
    /// ArgumentParser's own code for a command line it cannot parse (EX_USAGE).
    case usage = 64

    /// The status in words, as help and README list it.
    var meaning: String {
        switch self {
        case .ok: "ok"
        case .failure: "anything else"
        case .invalidInput: "invalid input"
        case .notFound: "not found"
        case .permissionDenied: "permission denied"
        case .planLimitReached: "plan limit reached"
        case .conflict: "conflict"
        case .usage: "usage"
        }
    }

    /// Every status with its meaning, e.g. `0 ok, 1 anything else, 3 invalid input, …, 64 usage`.
    static var summary: String {
        allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")
    }

    /// The status as ArgumentParser throws it.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
