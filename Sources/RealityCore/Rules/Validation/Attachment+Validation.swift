import Foundation

extension Attachment {
    /// Most characters in a file name: 255, what common file systems allow.
    public static let maxFileNameLength = 255

    /// Largest attachment, in bytes: 5 GiB, a long 4K video. Storage quotas apply on top.
    public static let maxFileSize: Int64 = 5 << 30

    /// Most characters in each half of a MIME type, `type` and `subtype` (RFC 6838 §4.2).
    public static let maxMIMENameLength = 127

    /// Checks the attachment in declaration order, first failure wins: a file name of
    /// 1…``maxFileNameLength`` characters (blank is `required`) without `/`, `\` or NUL and not
    /// `.` or `..`; a MIME type `type/subtype` of RFC 6838 names (any letter case, no parameters);
    /// a size within 0…``maxFileSize``; URLs ≤ ``ValidationLimits/maxURLBytes``; a cloud asset that
    /// is a SHA-256 digest; `uploadedAt` in range.
    /// - Parameter fieldPrefix: the path of the attachment, such as `attachments[0]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        let nameField = FieldCheck.path(fieldPrefix, "fileName")
        try FieldCheck.text(fileName, field: nameField, limit: Self.maxFileNameLength, required: true)
        let isPlainName =
            fileName != "." && fileName != ".."
            && !fileName.utf8.contains { $0 == 0x2F || $0 == 0x5C || $0 == 0 }
        guard isPlainName else {
            throw ValidationError(
                field: nameField, reason: .invalidFormat(expected: "a file name without '/', '\\' or NUL"))
        }
        try Self.validateMIMEType(fileType, field: FieldCheck.path(fieldPrefix, "fileType"))
        try FieldCheck.range(fileSize, 0...Self.maxFileSize, field: FieldCheck.path(fieldPrefix, "fileSize"))
        try FieldCheck.url(localURL, field: FieldCheck.path(fieldPrefix, "localURL"), schemes: .webOrDeviceFile)
        try FieldCheck.assetID(cloudAssetID, field: FieldCheck.path(fieldPrefix, "cloudAssetID"))
        try FieldCheck.url(thumbnailURL, field: FieldCheck.path(fieldPrefix, "thumbnailURL"), schemes: .webOrDeviceFile)
        try FieldCheck.date(uploadedAt, field: FieldCheck.path(fieldPrefix, "uploadedAt"))
    }

    /// `type/subtype`, each an RFC 6838 restricted name: a letter or digit, then up to 126 of
    /// letters, digits and `!#$&-^_.+`.
    private static func validateMIMEType(_ value: String, field: String) throws(ValidationError) {
        guard !value.isEmpty else { throw ValidationError(field: field, reason: .required) }
        guard isMIMEType(value) else {
            throw ValidationError(field: field, reason: .invalidFormat(expected: "a MIME type such as \"image/jpeg\""))
        }
    }

    private static func isMIMEType(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.count <= 2 * maxMIMENameLength + 1 else { return false }
        let parts = bytes.split(separator: 0x2F, maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(isRestrictedName)
    }

    private static func isRestrictedName(_ name: Substring.UTF8View) -> Bool {
        guard let first = name.first, isAlphanumeric(first), name.count <= maxMIMENameLength else { return false }
        return name.allSatisfy { isAlphanumeric($0) || restrictedNameSymbols.contains($0) }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// `! # $ & - ^ _ . +`, the punctuation RFC 6838 allows in names.
    private static let restrictedNameSymbols: Set<UInt8> = Set("!#$&-^_.+".utf8)
}
