/// JSON that could not be read as the expected type, naming the field at fault.
///
/// `field` is a dotted path with indices in brackets (`content.text`, `position[1]`,
/// `visibilityRules.timeRules[0].type`), or nil when the document as a whole is wrong.
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Reason: String, Hashable, Sendable {
        /// Not JSON at all, or truncated.
        case malformed
        /// A required field is absent.
        case missingField
        /// A field has the wrong JSON type, e.g. a string where a number belongs.
        case wrongType
        /// A field has the right type but an unacceptable value: an unknown enum value, a number
        /// that is not finite or does not fit, a vector of the wrong length, a malformed date or UUID.
        case invalidValue
    }

    /// The path of the field at fault, or nil for the whole document.
    public var field: String?
    /// What kind of problem it is.
    public var reason: Reason
    /// The decoder's explanation, for people.
    public var detail: String

    /// An error with the given parts.
    public init(field: String?, reason: Reason, detail: String) {
        self.field = field
        self.reason = reason
        self.detail = detail
    }

    /// Translates a `DecodingError`, keeping the path of the field it happened at.
    ///
    /// A path-less `dataCorrupted` error counts as malformed JSON only when it carries an
    /// underlying error, which `JSONDecoder` gives on Apple platforms alone; ``RealityJSON/decode(_:from:)``
    /// examines such errors further and should be preferred to calling this directly.
    public init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(
                field: Self.path(context.codingPath + [key]), reason: .missingField,
                detail: "Missing required field.")
        case .typeMismatch(let type, let context):
            self.init(
                field: Self.path(context.codingPath), reason: .wrongType,
                detail: "Expected \(Self.describe(type)).")
        case .valueNotFound(let type, let context):
            self.init(
                field: Self.path(context.codingPath), reason: .wrongType,
                detail: "Expected \(Self.describe(type)), found null.")
        case .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            let isSyntax = context.codingPath.isEmpty && context.underlyingError != nil
            self.init(
                field: path, reason: isSyntax ? .malformed : .invalidValue,
                detail: isSyntax ? "The body is not valid JSON." : Self.plain(context.debugDescription))
        @unknown default:
            self.init(field: nil, reason: .malformed, detail: String(describing: error))
        }
    }

    /// A stable snake_case code for APIs: `malformed_json`, `missing_field`, `wrong_type`,
    /// `invalid_value`.
    public var code: String {
        switch reason {
        case .malformed: "malformed_json"
        case .missingField: "missing_field"
        case .wrongType: "wrong_type"
        case .invalidValue: "invalid_value"
        }
    }

    public var description: String {
        if let field { "\(field): \(detail)" } else { detail }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String? {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? nil : text
    }

    /// `description` in words for people: the standard library's message for an unknown enum
    /// value ("Cannot initialize TimeRuleType from invalid String value dateRange") names a Swift
    /// type, which means nothing to a client; it becomes "“dateRange” is not an accepted value.".
    static func plain(_ description: String) -> String {
        guard description.hasPrefix("Cannot initialize "), let marker = description.range(of: " value ") else {
            return description
        }
        return "“\(description[marker.upperBound...])” is not an accepted value."
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type: "a whole number"
        case is Float.Type, is Double.Type: "a number"
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        default: "a value of type \(type)"
        }
    }
}
