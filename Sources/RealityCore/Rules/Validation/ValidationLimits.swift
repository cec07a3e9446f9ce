import Foundation

/// Limits that several record types share (SPEC M6, "Bad input, everywhere").
///
/// Each limit is documented once, here or next to the one rule that uses it (for example
/// ``Annotation/maxTitleLength`` in `Annotation+Validation.swift`).
public enum ValidationLimits {
    /// Longest URL accepted in `mediaURL`, `localURL`, `thumbnailURL` and `avatarURL`, in UTF-8
    /// bytes of its absolute string: 2,048, the length browsers, proxies and CDNs reliably carry.
    public static let maxURLBytes = 2_048

    /// Length of every asset ID (`cloudAssetID`, `worldMapAssetID`, `thumbnailAssetID`): the SHA-256
    /// of the asset's bytes as 64 lowercase hexadecimal characters (SPEC D5, content addressing).
    public static let assetIDLength = 64

    /// Largest distance of a position or anchor coordinate from the world origin, in metres, on
    /// each axis: 100 km. AR world tracking drifts long before that, so anything farther is a bug.
    public static let maxCoordinateMagnitude: Double = 100_000

    /// Earliest instant any date field may hold: 1970-01-01T00:00:00Z.
    ///
    /// A date out of range fails with `outOfRange`, whose bounds are seconds since 1970.
    public static let earliestDate = Timestamp.date(milliseconds: 0)

    /// Latest instant any date field may hold: 9999-12-31T23:59:59.999Z, the last instant a
    /// four-digit ISO 8601 year can write.
    public static let latestDate = Timestamp.date(milliseconds: latestMilliseconds)

    /// A string is too long, without counting its characters, when it has more than this many
    /// UTF-8 bytes per allowed character: 64. The longest emoji ZWJ sequences take about 35 bytes,
    /// so real text never comes near it, and a 100 MB title fails without being read.
    public static let maxBytesPerCharacter = 64

    /// Longest time zone identifier looked up, in UTF-8 bytes: 64. The longest IANA names have
    /// about 30; a longer string fails as `invalidFormat` without a lookup.
    public static let maxTimeZoneIdentifierBytes = 64

    /// Longest search text accepted, in UTF-8 bytes: 500 (a search's and a saved search's words).
    public static let maxSearchQueryBytes = 500

    /// ``latestDate`` in milliseconds since 1970.
    static let latestMilliseconds: Int64 = 253_402_300_799_999

    /// Whether `value` is an asset ID: ``assetIDLength`` lowercase hexadecimal characters.
    public static func isAssetID(_ value: String) -> Bool {
        let utf8 = value.utf8
        return utf8.count == assetIDLength
            && utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
