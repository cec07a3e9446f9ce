import Foundation

extension FieldCheck {
    // MARK: - References

    /// A URL of at most ``ValidationLimits/maxURLBytes`` bytes whose scheme is one of `schemes`
    /// (compared without case): never `javascript:`, `data:` or anything else a page could run
    /// or a client could be tricked into opening.
    static func url(_ value: URL?, field: String, schemes: URLSchemes) throws(ValidationError) {
        guard let value else { return }
        if value.absoluteString.utf8.count > ValidationLimits.maxURLBytes {
            throw ValidationError(field: field, reason: .tooLong(limit: ValidationLimits.maxURLBytes))
        }
        guard let scheme = value.scheme?.lowercased(), schemes.names.contains(scheme) else {
            throw ValidationError(field: field, reason: .invalidFormat(expected: schemes.description))
        }
    }

    /// The schemes a URL field accepts.
    struct URLSchemes: Sendable {
        /// The schemes, lowercase.
        let names: [String]
        /// How an accepted URL looks, for people.
        let description: String

        /// Web addresses only: `http` and `https` (an avatar, something anyone may fetch).
        static let web = URLSchemes(names: ["http", "https"], description: "an http or https URL")
        /// Web addresses, or a file on the device that made the record (seed 001: an annotation's
        /// `mediaURL` is a local file URL; an attachment's `localURL` too).
        static let webOrDeviceFile = URLSchemes(
            names: ["http", "https", "file"], description: "an http, https or file URL")
    }

    /// An asset ID: ``ValidationLimits/assetIDLength`` lowercase hexadecimal characters.
    /// `nil` passes unless `required`; so does nothing else, not even an empty string.
    static func assetID(_ value: String?, field: String, required: Bool = false) throws(ValidationError) {
        guard let value else {
            if required { throw ValidationError(field: field, reason: .required) }
            return
        }
        if required, value.isEmpty { throw ValidationError(field: field, reason: .required) }
        guard ValidationLimits.isAssetID(value) else {
            throw ValidationError(field: field, reason: .invalidFormat(expected: assetIDFormat))
        }
    }

    /// How an asset ID should look, for people.
    static let assetIDFormat = "a SHA-256 digest of \(ValidationLimits.assetIDLength) lowercase hexadecimal characters"

    /// A user ID that names someone: not the nil UUID (the typed form of the seed's empty owner).
    static func userID(_ value: UserID, field: String) throws(ValidationError) {
        guard value.rawValue != nilUUID else { throw ValidationError(field: field, reason: .required) }
    }

    private static let nilUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    // MARK: - Time

    /// A finite date between ``ValidationLimits/earliestDate`` and ``ValidationLimits/latestDate``;
    /// `nil` passes. The bounds of `outOfRange` are seconds since 1970.
    static func date(_ value: Date?, field: String) throws(ValidationError) {
        guard let value else { return }
        let seconds = value.timeIntervalSince1970
        guard seconds.isFinite else { throw ValidationError(field: field, reason: .notFinite) }
        // Compared in whole milliseconds, the precision every stored date is rounded to.
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= 0, milliseconds <= Double(ValidationLimits.latestMilliseconds) else {
            throw ValidationError(
                field: field,
                reason: .outOfRange(
                    minimum: ValidationLimits.earliestDate.timeIntervalSince1970,
                    maximum: Double(ValidationLimits.latestMilliseconds) / 1000))
        }
    }

    /// `later`, if set, is not before `earlier`.
    static func notBefore(_ later: Date?, _ earlier: Date, field: String, earlierName: String) throws(ValidationError) {
        guard let later, later < earlier else { return }
        throw ValidationError(field: field, reason: .notAllowed(detail: "must not be before \(earlierName)"))
    }

    /// `later`, if set, is strictly after `earlier`.
    static func after(_ later: Date?, _ earlier: Date, field: String, earlierName: String) throws(ValidationError) {
        guard let later, later <= earlier else { return }
        throw ValidationError(field: field, reason: .notAllowed(detail: "must be after \(earlierName)"))
    }

    /// The creation date and a later one (`updatedAt`, `lastActiveAt`, …): both in range, and the
    /// later one not before the creation.
    static func timestamps(
        created: Date, later: Date, prefix: String, createdName: String = "createdAt", laterName: String
    ) throws(ValidationError) {
        try date(created, field: path(prefix, createdName))
        try date(later, field: path(prefix, laterName))
        try notBefore(later, created, field: path(prefix, laterName), earlierName: createdName)
    }

    /// An IANA time zone identifier Foundation knows ("Europe/Berlin"); `nil` passes.
    static func timeZone(_ value: String?, field: String) throws(ValidationError) {
        guard let value else { return }
        guard value.utf8.count <= ValidationLimits.maxTimeZoneIdentifierBytes, TimeZone(identifier: value) != nil else {
            throw ValidationError(
                field: field, reason: .invalidFormat(expected: "an IANA time zone such as \"Europe/Berlin\""))
        }
    }
}
