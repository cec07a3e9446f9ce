import Foundation

/// The field checks every `validate()` is built from, so that each rule is written once.
///
/// Each check throws the ``ValidationError`` for `field` and returns normally when the value passes.
enum FieldCheck {
    // MARK: - Paths

    /// `prefix.name`, or `name` when there is no prefix.
    static func path(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix + "." + name
    }

    /// `base[index]`.
    static func path(_ base: String, index: Int) -> String {
        "\(base)[\(index)]"
    }

    // MARK: - Text

    /// Text of at most `limit` characters (grapheme clusters) that holds something other than
    /// white space. `nil` passes unless `required`. An absurdly long text is `tooLong` before it is
    /// read at all, even when it is only white space.
    static func text(_ value: String?, field: String, limit: Int, required: Bool = false) throws(ValidationError) {
        guard let value else {
            if required { throw ValidationError(field: field, reason: .required) }
            return
        }
        if isAbsurdlyLong(value, limit: limit) { throw ValidationError(field: field, reason: .tooLong(limit: limit)) }
        guard !isBlank(value) else { throw ValidationError(field: field, reason: .required) }
        try length(value, field: field, limit: limit)
    }

    /// Text may not contain U+0000: PostgreSQL cannot store it, and no person types it.
    static func noNUL(_ value: some StringProtocol, field: String) throws(ValidationError) {
        if value.utf8.contains(0) {
            throw ValidationError(field: field, reason: .invalidFormat(expected: "text without NUL characters"))
        }
    }

    /// At most `limit` characters and no NUL, with no rule about white space.
    static func length(_ value: some StringProtocol, field: String, limit: Int) throws(ValidationError) {
        guard fits(value, characters: limit) else {
            throw ValidationError(field: field, reason: .tooLong(limit: limit))
        }
        try noNUL(value, field: field)
    }

    /// True when `value` has at most `limit` characters. Reads the string only when its byte count
    /// leaves the answer open, and stops counting at the first character past the limit.
    static func fits(_ value: some StringProtocol, characters limit: Int) -> Bool {
        if value.utf8.count <= limit { return true }
        if isAbsurdlyLong(value, limit: limit) { return false }
        var count = 0
        for _ in value {
            count += 1
            if count > limit { return false }
        }
        return true
    }

    /// True when `value` has more than ``ValidationLimits/maxBytesPerCharacter`` bytes for each of
    /// the `limit` characters allowed: too long, known from its byte count alone.
    static func isAbsurdlyLong(_ value: some StringProtocol, limit: Int) -> Bool {
        value.utf8.count / ValidationLimits.maxBytesPerCharacter > limit
    }

    /// True when `value` is empty or only white space. Reads Unicode scalars, not characters, so
    /// that a 10 MB grapheme is not broken into characters to find its first one.
    static func isBlank(_ value: some StringProtocol) -> Bool {
        !value.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// `value` without leading and trailing white space, as a view into it.
    static func trimmed(_ value: String) -> Substring {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return value[value.endIndex...] }
        return value[first..<scalars.index(after: last)]
    }

    // MARK: - Numbers

    /// A finite number.
    static func finite<F: BinaryFloatingPoint>(_ value: F, field: String) throws(ValidationError) {
        guard value.isFinite else { throw ValidationError(field: field, reason: .notFinite) }
    }

    /// A finite number within `bounds` (compared as `Double`, so a `Float` limit such as 0.1 is
    /// the decimal one).
    static func range<F: BinaryFloatingPoint>(
        _ value: F, _ bounds: ClosedRange<Double>, field: String
    ) throws(ValidationError) {
        try finite(value, field: field)
        guard bounds.contains(Double(value)) else {
            throw ValidationError(
                field: field, reason: .outOfRange(minimum: bounds.lowerBound, maximum: bounds.upperBound))
        }
    }

    /// An integer within `bounds`.
    static func range<I: BinaryInteger>(_ value: I, _ bounds: ClosedRange<I>, field: String) throws(ValidationError) {
        guard bounds.contains(value) else {
            throw ValidationError(
                field: field,
                reason: .outOfRange(minimum: Double(bounds.lowerBound), maximum: Double(bounds.upperBound)))
        }
    }

    // MARK: - Lists

    /// A list of at most `limit` elements.
    static func count(_ count: Int, field: String, limit: Int) throws(ValidationError) {
        guard count <= limit else { throw ValidationError(field: field, reason: .tooMany(limit: limit)) }
    }

    /// Index of the first element that repeats an earlier one, if any.
    static func firstDuplicate<Key: Hashable>(in keys: some Sequence<Key>) -> Int? {
        var seen = Set<Key>()
        for (index, key) in keys.enumerated() where !seen.insert(key).inserted {
            return index
        }
        return nil
    }

    // MARK: - Data

    /// At most `limit` bytes.
    static func data(_ value: Data?, field: String, limit: Int) throws(ValidationError) {
        guard let value, value.count > limit else { return }
        throw ValidationError(field: field, reason: .tooLong(limit: limit))
    }
}
