import Foundation

extension Layer {
    /// Most characters in a layer name, counted after trimming white space (seed 001 §6.2).
    public static let maxNameLength = 50

    /// Most characters in an icon name: 64, longer than any SF Symbol name.
    public static let maxIconLength = 64

    /// Longest retention a layer may ask for, in days: 3,650 (ten years). The shortest is 1.
    public static let maxAutoExpireDays = 3_650

    /// Checks everything a device or the server must refuse to store (seed 001 §6.2, SPEC M6).
    ///
    /// Fields in declaration order, first failure wins: a name of 1…``maxNameLength`` characters
    /// once leading and trailing white space is ignored (blank is `required`); an icon of
    /// 1…``maxIconLength`` characters from `A–Z a–z 0–9 .`; a parent that is not the layer itself;
    /// an owner that is not the nil UUID; grants (see ``Permission``); `autoExpireDays`, if set,
    /// within 1…``maxAutoExpireDays``; dates in range with `updatedAt` not before `createdAt`.
    ///
    /// Longer cycles of parents (A in B in A) need the other layers and are the service's to refuse.
    public func validate() throws(ValidationError) {
        if FieldCheck.isAbsurdlyLong(name, limit: Self.maxNameLength) {
            throw ValidationError(field: "name", reason: .tooLong(limit: Self.maxNameLength))
        }
        let trimmedName = FieldCheck.trimmed(name)
        guard !trimmedName.isEmpty else { throw ValidationError(field: "name", reason: .required) }
        try FieldCheck.length(trimmedName, field: "name", limit: Self.maxNameLength)
        try Self.validateIcon(icon)
        if parentLayerID == id {
            throw ValidationError(
                field: "parentLayerID", reason: .notAllowed(detail: "a layer cannot be its own parent"))
        }
        try FieldCheck.userID(ownerID, field: "ownerID")
        try Permission.validate(permissions, ownerID: ownerID, field: "permissions")
        if let autoExpireDays {
            try FieldCheck.range(autoExpireDays, 1...Self.maxAutoExpireDays, field: "autoExpireDays")
        }
        try FieldCheck.timestamps(created: createdAt, later: updatedAt, prefix: "", laterName: "updatedAt")
    }

    /// An SF Symbol name: required, short, letters, digits and dots only.
    private static func validateIcon(_ icon: String) throws(ValidationError) {
        guard !icon.isEmpty else { throw ValidationError(field: "icon", reason: .required) }
        try FieldCheck.length(icon, field: "icon", limit: maxIconLength)
        let isSymbolName = icon.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E
        }
        guard isSymbolName else {
            throw ValidationError(
                field: "icon", reason: .invalidFormat(expected: "an SF Symbol name of letters, digits and dots"))
        }
    }
}
