import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OutOfBoxCore
import RealityCore

extension APIError {
    /// The one mapping from errors to HTTP answers (SPEC C3, "Bad input, everywhere").
    ///
    /// Bad input is 400 (not 422) whether the JSON could not be read or a rule refused the value:
    /// clients need one status to show a field error, and `code` tells the two apart.
    /// Unknown errors are 500 and are the only answers that do not come from this table.
    public init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as ValidationError:
            self.init(.badRequest, code: error.code, message: error.message, field: error.field)
        case let error as JSONInputError:
            self.init(.badRequest, code: error.code, message: error.description, field: error.field)
        case let error as PermissionError:
            self.init(
                error == .notFound ? .notFound : .forbidden, code: error.code, message: error.message)
        case let error as TierLimitError:
            self.init(.forbidden, code: error.code, message: error.message)
        case let error as ServiceError:
            switch error {
            case .notFound:
                self = .notFound
            case .invalidOperation(let reason):
                self.init(.conflict, code: "invalid_operation", message: reason)
            }
        case let error as StoreError:
            switch error {
            case .conflict(let type, _):
                self.init(
                    .conflict, code: "conflict",
                    message: "The \(type.rawValue) changed while this request ran; read it again and retry.")
            case .missingRecord(let type, _):
                self.init(.notFound, code: "not_found", message: "No such \(type.rawValue).")
            case .moved:
                self.init(.conflict, code: "conflict", message: "It changed while this request ran; read it again.")
            case .unavailable:
                self.init(.serviceUnavailable, code: "store_unavailable", message: "The database is not available.")
            }
        case let error as ChallengeError:
            self.init(Self.status(of: error), code: error.code, message: error.message, field: error.field)
        case let error as AccountError:
            switch error {
            case .emailTaken:
                self.init(.conflict, code: "email_taken", message: "An account with this email exists.", field: "email")
            }
        case is NIOTooManyBytesError:
            self = .payloadTooLarge
        case let error as HTTPError:
            self.init(
                error.status, code: Self.code(for: error.status), message: error.body ?? error.status.reasonPhrase,
                headers: error.headers)
        default:
            self.init(.internalServerError, code: "internal", message: "Something went wrong on the server.")
        }
    }

    /// The status of each of Out of Box's errors (docs/out-of-box.md).
    public static func status(of error: ChallengeError) -> HTTPResponse.Status {
        switch error {
        case .challengeNotFound, .notAssigned, .reminderNotFound, .reportNotFound, .personNotFound,
            .friendRequestNotFound, .notFriends, .photoNotFound, .commentNotFound:
            .notFound
        case .alreadyCompleted, .alreadySkipped, .notCompleted, .notificationsOff, .alreadyFriends, .requestPending,
            .requestDeclined, .alreadyShared, .limitReached:
            .conflict
        case .invalid, .photoSaveFailed: .badRequest
        case .unauthorized: .unauthorized
        case .quotaExceeded: .forbidden
        case .networkUnavailable, .catalogEmpty: .serviceUnavailable
        }
    }

    /// The answer to a body over the limit.
    public static let payloadTooLarge = APIError(
        .contentTooLarge, code: "body_too_large", message: "The request body is larger than this route accepts.")

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "body_too_large"
        default: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
        }
    }
}

extension TierLimitError {
    /// A stable snake_case code naming the limit.
    var code: String {
        switch self {
        case .annotationLimitReached: "annotation_limit_reached"
        case .layerLimitReached: "layer_limit_reached"
        case .storageQuotaExceeded: "storage_quota_exceeded"
        }
    }

    /// The limit in words.
    var message: String {
        switch self {
        case .annotationLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) annotations; upgrade for more."
        case .layerLimitReached(let limit, let tier):
            "The \(tier.rawValue) plan allows \(limit) layers; upgrade for more."
        case .storageQuotaExceeded(let limit, let used, let tier):
            "The \(tier.rawValue) plan stores \(limit) bytes and \(used) are used."
        }
    }
}
