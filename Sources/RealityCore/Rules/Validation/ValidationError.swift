/// A value the platform refuses to store, naming the field and the rule it breaks (SPEC M6).
///
/// `field` is a dotted path with indices in brackets, as in ``JSONInputError``
/// (`title`, `position[2]`, `visibilityRules.timeRules[0].recurrence.interval`).
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that was broken.
    public enum Reason: Hashable, Sendable {
        /// The field is required but missing or empty (white space counts as empty for text).
        case required
        /// The text or data is longer than `limit` (characters for text, bytes for data).
        case tooLong(limit: Int)
        /// The list has more than `limit` elements.
        case tooMany(limit: Int)
        /// The number is NaN or infinite.
        case notFinite
        /// The number lies outside `minimum...maximum`. For a date, the bounds are seconds since
        /// 1970-01-01T00:00:00Z (see ``ValidationLimits/earliestDate``).
        case outOfRange(minimum: Double, maximum: Double)
        /// The quaternion is not of unit length.
        case notNormalized
        /// The text does not have the expected form, described for people in `expected`.
        case invalidFormat(expected: String)
        /// The list names the same thing twice.
        case duplicate
        /// The field may not be set in this combination; `detail` says why.
        case notAllowed(detail: String)
    }

    /// The path of the field at fault.
    public var field: String
    /// The rule it breaks.
    public var reason: Reason

    /// An error for `field`.
    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// A stable snake_case code for APIs and scripts.
    public var code: String {
        switch reason {
        case .required: "required"
        case .tooLong: "too_long"
        case .tooMany: "too_many"
        case .notFinite: "not_finite"
        case .outOfRange: "out_of_range"
        case .notNormalized: "not_normalized"
        case .invalidFormat: "invalid_format"
        case .duplicate: "duplicate"
        case .notAllowed: "not_allowed"
        }
    }

    /// The rule in words, for people.
    public var message: String {
        switch reason {
        case .required: "\(field) is required."
        case .tooLong(let limit): "\(field) must be at most \(limit) long."
        case .tooMany(let limit): "\(field) may hold at most \(limit) entries."
        case .notFinite: "\(field) must be a finite number."
        case .outOfRange(let minimum, let maximum):
            "\(field) must be between \(Self.format(minimum)) and \(Self.format(maximum))."
        case .notNormalized: "\(field) must be a unit quaternion."
        case .invalidFormat(let expected): "\(field) must be \(expected)."
        case .duplicate: "\(field) lists the same entry twice."
        case .notAllowed(let detail): "\(field): \(detail)"
        }
    }

    /// The message, so that logs and string interpolation show it.
    public var description: String { message }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
