import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityServer
import RealityStore
import RealitySync

/// An error as the command line reports it: one line for people and an exit code for scripts.
struct CLIError: Error {
    var message: String
    var status: ExitStatus
    var code: String

    init(message: String, status: ExitStatus, code: String) {
        self.message = message
        self.status = status
        self.code = code
    }

    /// The numeric exit code.
    var exitCode: Int32 { status.rawValue }

    /// Translates the platform's typed errors. `flags` maps a validated field's path (`content.text`,
    /// `position`) to the command-line flag that set it (`--text`, `--at`), so that a message names
    /// what the user typed; fields the command does not map keep their own name.
    init(_ error: any Error, flags: [String: String] = [:]) {
        switch error {
        case let error as CLIError:
            self = error
        case let error as RealityCore.ValidationError:
            let field = Self.flag(for: error.field, in: flags) ?? error.field
            self.init(
                message: RealityCore.ValidationError(field: field, reason: error.reason).message,
                status: .invalidInput, code: error.code)
        case let error as JSONInputError:
            self.init(message: error.description, status: .invalidInput, code: error.code)
        case let error as PermissionError:
            self.init(
                message: error.message, status: error == .notFound ? .notFound : .permissionDenied, code: error.code)
        case let error as TierLimitError:
            self.init(message: Self.describe(error), status: .planLimitReached, code: "plan_limit_reached")
        case ServiceError.notFound(let type, let id):
            self.init(
                message: "No \(type.rawValue) \(id) (or it is not yours to see).", status: .notFound, code: "not_found")
        case ServiceError.invalidOperation(let reason):
            self.init(message: reason, status: .invalidInput, code: "invalid_operation")
        case StoreError.conflict(let type, let id):
            self.init(
                message: "The \(type.rawValue) \(id) changed meanwhile; try again.", status: .conflict, code: "conflict"
            )
        case StoreError.missingRecord(let type, let id):
            self.init(message: "No \(type.rawValue) \(id).", status: .notFound, code: "not_found")
        case StoreError.moved(let table, let id):
            self.init(
                message: "The \(table) row \(id) changed meanwhile; try again.", status: .conflict, code: "conflict")
        case let error as AccountBindingError:
            self.init(message: error.description, status: .permissionDenied, code: "store_bound_to_another_account")
        case let error as SyncError:
            self = Self.translate(error, flags: flags)
        case let error as ChallengeError:
            let status = Int(APIError.status(of: error).code)
            self.init(message: error.message, status: Self.refusedStatus(status, code: error.code), code: error.code)
        case StoreError.unavailable(let detail):
            self.init(message: "The store failed: \(detail)", status: .failure, code: "store_unavailable")
        default:
            self.init(message: String(describing: error), status: .failure, code: "error")
        }
    }

    /// A bad argument.
    static func invalid(_ message: String) -> CLIError {
        CLIError(message: message, status: .invalidInput, code: "invalid_argument")
    }

    /// The flag for `field`: the field itself, else its path without the last step or index
    /// (`position[2]` → `position`, `content.text` → `content`).
    private static func flag(for field: String, in flags: [String: String]) -> String? {
        var path = Substring(field)
        while true {
            if let flag = flags[String(path)] { return flag }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            path = path[..<cut]
        }
    }

    /// A sync or account error in the user's words, with the exit status its HTTP status means.
    private static func translate(_ error: SyncError, flags: [String: String]) -> CLIError {
        switch error {
        case .notSignedIn, .sessionEnded:
            return CLIError(message: error.description, status: .permissionDenied, code: error.code)
        case .network(let detail):
            if ["invalidURL", "emptyScheme", "unsupportedScheme", "emptyHost"].contains(where: { detail.contains($0) })
            {
                return CLIError(
                    message: "The server address is not a URL this device can use. "
                        + "Hint: write it with its scheme and port, e.g. --server http://127.0.0.1:8080.",
                    status: .invalidInput, code: "invalid_server_url")
            }
            return CLIError(
                message: "Cannot reach the server. Hint: check that it is running (`reality serve`) "
                    + "and that the address is right.",
                status: .failure, code: error.code)
        case .refused(let status, let detail):
            if detail.code == "invalid_credentials" {
                return CLIError(message: "Wrong email or password.", status: .permissionDenied, code: detail.code)
            }
            let message: String
            if let field = detail.field, let flag = flag(for: field, in: flags) {
                message = detail.message.replacingOccurrences(of: field, with: flag)
            } else {
                message = detail.message
            }
            return CLIError(message: message, status: refusedStatus(status, code: detail.code), code: detail.code)
        default:
            return CLIError(message: error.description, status: .failure, code: error.code)
        }
    }

    /// The exit status for a server's refusal with HTTP `status` and error `code`.
    private static func refusedStatus(_ status: Int, code: String) -> ExitStatus {
        switch status {
        case 400, 422: .invalidInput
        case 404: .notFound
        case 409: code == "invalid_operation" ? .invalidInput : .conflict
        case 403 where code.hasSuffix("_limit_reached") || code.hasSuffix("_quota_exceeded"): .planLimitReached
        case 401, 403: .permissionDenied
        default: .failure
        }
    }

    private static func describe(_ error: TierLimitError) -> String {
        switch error {
        case .annotationLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) annotations; delete one or upgrade."
        case .layerLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) layer\(limit == 1 ? "" : "s"); delete one or upgrade."
        case .storageQuotaExceeded(let limit, let used, let tier):
            "The \(tier.rawValue) plan stores \(Show.bytes(limit)) and \(Show.bytes(used)) are used."
        }
    }
}
