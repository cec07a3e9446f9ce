import Foundation

extension Permission {
    /// Most grants one annotation or layer may carry: 100. Sharing with more people is what
    /// public layers are for, and every access check reads the whole list.
    public static let maxGrantsPerRecord = 100

    /// Checks one grant on its own: both dates in range and `expiresAt`, if set, after `grantedAt`.
    ///
    /// A grant made by its own grantee is allowed (an owner may transfer and re-grant); whether
    /// the granter may share at all is a permission check, not validation.
    /// - Parameter fieldPrefix: the path of this grant in its record, such as `permissions[2]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        try FieldCheck.date(grantedAt, field: FieldCheck.path(fieldPrefix, "grantedAt"))
        try FieldCheck.date(expiresAt, field: FieldCheck.path(fieldPrefix, "expiresAt"))
        try FieldCheck.after(
            expiresAt, grantedAt, field: FieldCheck.path(fieldPrefix, "expiresAt"), earlierName: "grantedAt")
    }

    /// Checks the grants of a record owned by `ownerID`: at most ``maxGrantsPerRecord``, each valid,
    /// none to the owner (the owner's level comes from ownership), no user granted twice.
    static func validate(_ grants: [Permission], ownerID: UserID, field: String) throws(ValidationError) {
        try FieldCheck.count(grants.count, field: field, limit: maxGrantsPerRecord)
        var grantees = Set<UserID>()
        for (index, grant) in grants.enumerated() {
            let grantField = FieldCheck.path(field, index: index)
            try grant.validate(fieldPrefix: grantField)
            let userField = FieldCheck.path(grantField, "userID")
            guard grant.userID != ownerID else {
                throw ValidationError(field: userField, reason: .notAllowed(detail: "the owner cannot be a grantee"))
            }
            guard grantees.insert(grant.userID).inserted else {
                throw ValidationError(field: userField, reason: .duplicate)
            }
        }
    }
}
