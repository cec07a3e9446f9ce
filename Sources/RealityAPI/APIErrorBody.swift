import Foundation

/// The body of every error answer (SPEC "Public interfaces"):
/// `{"error": {"code": "snake_case_code", "message": "for a person", "field": "name or null"}}`.
public struct APIErrorBody: Codable, Hashable, Sendable {
    /// What went wrong.
    public struct Detail: Codable, Hashable, Sendable {
        /// A stable snake_case code for programs.
        public var code: String
        /// An explanation for people.
        public var message: String
        /// The dotted path of the field at fault, or nil.
        public var field: String?

        /// A detail with the given parts.
        public init(code: String, message: String, field: String? = nil) {
            self.code = code
            self.message = message
            self.field = field
        }

        /// Encodes `field` even when nil, so that clients always see the key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(field, forKey: .field)
        }
    }

    /// The error.
    public var error: Detail

    /// An error body with the given parts.
    public init(code: String, message: String, field: String? = nil) {
        self.error = Detail(code: code, message: message, field: field)
    }
}
