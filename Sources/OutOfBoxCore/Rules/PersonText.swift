import Foundation

/// The rule for text a person writes for others to read (a report's details, feedback, a
/// caption, a comment): within its bound in Unicode scalars (as JSON Schema counts), no control
/// characters but line breaks, and not blank where it is required.
enum PersonText {
    /// Throws ``ChallengeError/invalid(field:reason:)`` naming `field` when `text` breaks the rule.
    static func check(_ text: String, field: String, limit: Int, allowEmpty: Bool) throws {
        guard allowEmpty || !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ChallengeError.invalid(field: field, reason: "must not be empty")
        }
        guard text.unicodeScalars.count <= limit else {
            throw ChallengeError.invalid(field: field, reason: "at most \(limit) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else {
            throw ChallengeError.invalid(field: field, reason: "must not hold control characters")
        }
    }
}
