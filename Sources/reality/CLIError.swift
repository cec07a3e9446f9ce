import ArgumentParser
import Foundation
import RealityCore
import RealityStore
import RealitySync

/// An error as the command line reports it: one line for people and an exit code for scripts.
struct CLIError: Error {
    var message: String
    var exitCode: Int32
    var code: String

    init(message: String, exitCode: Int32, code: String) {
        self.message = message
        self.exitCode = exitCode
        self.code = code
    }

    /// Translates the platform's typed errors.
    init(_ error: any Error) {
        switch error {
        case let error as CLIError:
            self = error
        case let error as RealityCore.ValidationError:
            self.init(message: error.message, exitCode: 3, code: error.code)
        case let error as JSONInputError:
            self.init(message: error.description, exitCode: 3, code: error.code)
        case let error as PermissionError:
            self.init(message: error.message, exitCode: error == .notFound ? 4 : 5, code: error.code)
        case let error as TierLimitError:
            self.init(message: Self.describe(error), exitCode: 6, code: "plan_limit_reached")
        case ServiceError.notFound(let type, let id):
            self.init(message: "No \(type.rawValue) \(id) (or it is not yours to see).", exitCode: 4, code: "not_found")
        case ServiceError.invalidOperation(let reason):
            self.init(message: reason, exitCode: 3, code: "invalid_operation")
        case StoreError.conflict(let type, let id):
            self.init(message: "The \(type.rawValue) \(id) changed meanwhile; try again.", exitCode: 7, code: "conflict")
        case StoreError.missingRecord(let type, let id):
            self.init(message: "No \(type.rawValue) \(id).", exitCode: 4, code: "not_found")
        case let error as AccountBindingError:
            self.init(message: error.description, exitCode: 5, code: "store_bound_to_another_account")
        case let error as SyncError:
            let exitCode: Int32 =
                switch error {
                case .notSignedIn, .sessionEnded: 5
                case .refused(let status, _) where status == 401 || status == 403: 5
                case .refused: 3
                default: 1
                }
            self.init(message: error.description, exitCode: exitCode, code: error.code)
        case StoreError.unavailable(let detail):
            self.init(message: "The store failed: \(detail)", exitCode: 1, code: "store_unavailable")
        default:
            self.init(message: String(describing: error), exitCode: 1, code: "error")
        }
    }

    /// A bad argument.
    static func invalid(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: 3, code: "invalid_argument")
    }

    private static func describe(_ error: TierLimitError) -> String {
        switch error {
        case .annotationLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) annotations; delete one or upgrade."
        case .layerLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) layer\(limit == 1 ? "" : "s"); delete one or upgrade."
        case .storageQuotaExceeded(let limit, let used, let tier):
            "The \(tier.rawValue) plan stores \(limit) bytes and \(used) are used."
        }
    }
}
