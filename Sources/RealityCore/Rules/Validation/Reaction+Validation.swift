import Foundation

extension Reaction {
    /// Most UTF-8 bytes in an emoji: 64. The longest emoji sequences (families with skin tones,
    /// subdivision flags) take about 35, so a longer string fails without grapheme breaking.
    public static let maxEmojiBytes = 64

    /// Checks the reaction: the emoji is one emoji (``isEmoji(_:)``; blank is `required`, anything
    /// else `invalidFormat`) and `createdAt` is in range.
    /// - Parameter fieldPrefix: the path of the reaction, such as `reactions[3]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        let field = FieldCheck.path(fieldPrefix, "emoji")
        if emoji.utf8.count <= Self.maxEmojiBytes, FieldCheck.isBlank(emoji) {
            throw ValidationError(field: field, reason: .required)
        }
        guard Self.isEmoji(emoji) else {
            throw ValidationError(field: field, reason: .invalidFormat(expected: "a single emoji"))
        }
        try FieldCheck.date(createdAt, field: FieldCheck.path(fieldPrefix, "createdAt"))
    }

    /// True when `text` is exactly one grapheme that is an emoji.
    ///
    /// Unicode marks digits, `#` and `*` as emoji too, because they start keycap sequences, and
    /// gives symbols such as ❤ (U+2764) text presentation by default. So: the first scalar must be
    /// an emoji; a keycap base counts only with the keycap mark (1️⃣); anything else needs a scalar
    /// with emoji presentation (👍, 🇩🇪, 👍🏽), the emoji variation selector U+FE0F (❤️) or a
    /// zero-width joiner sequence.
    public static func isEmoji(_ text: String) -> Bool {
        guard text.utf8.count <= maxEmojiBytes, text.count == 1 else { return false }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        if first.isASCII {
            // 0-9, # and *: emoji only as keycaps.
            return scalars.contains(keycap)
        }
        return scalars.contains {
            $0.properties.isEmojiPresentation || $0 == emojiVariationSelector || $0 == zeroWidthJoiner
        }
    }

    private static let keycap: Unicode.Scalar = "\u{20E3}"
    private static let emojiVariationSelector: Unicode.Scalar = "\u{FE0F}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
}
