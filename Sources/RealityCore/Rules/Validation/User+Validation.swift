import Foundation

extension User {
    /// Most characters in a display name: 64, enough for a full name and short enough to
    /// `@mention`.
    public static let maxDisplayNameLength = 64

    /// Most characters in an email address: 254, the longest path RFC 5321 allows.
    public static let maxEmailLength = 254

    /// Checks the user in declaration order, first failure wins: a display name, if set,
    /// non-blank and ≤ ``maxDisplayNameLength``; an email, if set, ≤ ``maxEmailLength`` and
    /// plausible (``isPlausibleEmail(_:)``); an avatar URL ≤ ``ValidationLimits/maxURLBytes``;
    /// preferences (``UserPreferences/validate(fieldPrefix:)``); `subscriptionExpiresAt` in range;
    /// counts ≥ 0; `createdAt` and `lastActiveAt` in range, `lastActiveAt` not before `createdAt`.
    public func validate() throws(ValidationError) {
        try FieldCheck.text(displayName, field: "displayName", limit: Self.maxDisplayNameLength)
        try FieldCheck.text(email, field: "email", limit: Self.maxEmailLength)
        if let email, !Self.isPlausibleEmail(email) {
            throw ValidationError(
                field: "email", reason: .invalidFormat(expected: "an email address such as name@example.com"))
        }
        try FieldCheck.url(avatarURL, field: "avatarURL", schemes: .web)
        try preferences.validate(fieldPrefix: "preferences")
        try FieldCheck.date(subscriptionExpiresAt, field: "subscriptionExpiresAt")
        try FieldCheck.range(annotationCount, 0...Int.max, field: "annotationCount")
        try FieldCheck.range(layerCount, 0...Int.max, field: "layerCount")
        try FieldCheck.timestamps(created: createdAt, later: lastActiveAt, prefix: "", laterName: "lastActiveAt")
    }

    /// True when `text` looks like an address mail could reach: one `@`, a non-empty local part,
    /// a domain of at least two non-empty dot-separated labels, and no white space or control
    /// characters. Whether it really reaches someone only a confirmation mail can tell.
    public static func isPlausibleEmail(_ text: String) -> Bool {
        let forbidden = text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }
        guard !forbidden else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
