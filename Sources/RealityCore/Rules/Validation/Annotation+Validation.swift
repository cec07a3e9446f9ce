import Foundation

extension Annotation {
    /// Most characters in a title, counted as grapheme clusters (seed 001 §6.1).
    public static let maxTitleLength = 100

    /// Largest scale: 1,000. Scale must also be greater than 0 (seed 001 §6.1); a thousandfold
    /// note is already larger than any room it could be seen in.
    public static let maxScale: Float = 1_000

    /// How far the orientation's length may stray from 1 before it is not a rotation: 0.001,
    /// loose enough for quaternions that went through `Float` arithmetic and JSON.
    public static let orientationTolerance: Float = 1e-3

    /// Most reactions on one annotation: 1,000.
    public static let maxReactions = 1_000

    /// Most users remembered as having seen an annotation: 100,000.
    public static let maxViewedBy = 100_000

    /// Most attachments on one annotation: 20.
    public static let maxAttachments = 20

    /// Checks everything a device or the server must refuse to store (seed 001 §6.1, SPEC M6).
    ///
    /// Fields are checked in declaration order and the first failure is thrown: content (see
    /// ``AnnotationContent/validate(for:fieldPrefix:hasAttachments:)``); a title, if set,
    /// non-blank and ≤ ``maxTitleLength``; position components finite and within
    /// ±``ValidationLimits/maxCoordinateMagnitude``; orientation finite and of unit length within
    /// ``orientationTolerance``; scale finite, > 0 and ≤ ``maxScale``; an owner that is not the nil
    /// UUID; grants (see ``Permission``); visibility rules; dates in range with `updatedAt` not
    /// before `createdAt`; ≤ ``maxReactions`` reactions, each valid, no user with the same emoji
    /// twice; ≤ ``maxViewedBy`` viewers, none twice; a view count ≥ 0; ≤ ``maxAttachments``
    /// attachments, each valid. Comments are records of their own and are not checked here.
    public func validate() throws(ValidationError) {
        try content.validate(for: type, fieldPrefix: "content", hasAttachments: !attachments.isEmpty)
        try FieldCheck.text(title, field: "title", limit: Self.maxTitleLength)
        try Self.validatePosition(position)
        try Self.validateOrientation(orientation)
        try FieldCheck.finite(scale, field: "scale")
        guard scale > 0, scale <= Self.maxScale else {
            throw ValidationError(field: "scale", reason: .outOfRange(minimum: 0, maximum: Double(Self.maxScale)))
        }
        try FieldCheck.userID(ownerID, field: "ownerID")
        try Permission.validate(permissions, ownerID: ownerID, field: "permissions")
        try visibilityRules?.validate(fieldPrefix: "visibilityRules")
        try FieldCheck.timestamps(created: createdAt, later: updatedAt, prefix: "", laterName: "updatedAt")
        try FieldCheck.date(lastSyncedAt, field: "lastSyncedAt")
        try validateReactions()
        try FieldCheck.count(viewedBy.count, field: "viewedBy", limit: Self.maxViewedBy)
        if let index = FieldCheck.firstDuplicate(in: viewedBy) {
            throw ValidationError(field: FieldCheck.path("viewedBy", index: index), reason: .duplicate)
        }
        try FieldCheck.range(viewCount, 0...Int.max, field: "viewCount")
        try FieldCheck.count(attachments.count, field: "attachments", limit: Self.maxAttachments)
        for (index, attachment) in attachments.enumerated() {
            try attachment.validate(fieldPrefix: FieldCheck.path("attachments", index: index))
        }
    }

    /// Each component finite and within the world's bounds; errors name `position[i]`.
    private static func validatePosition(_ position: SIMD3<Float>) throws(ValidationError) {
        let limit = ValidationLimits.maxCoordinateMagnitude
        for index in 0..<3 {
            try FieldCheck.range(position[index], -limit...limit, field: FieldCheck.path("position", index: index))
        }
    }

    /// Components finite (`orientation[i]`, in the JSON order x, y, z, w), then unit length.
    private static func validateOrientation(_ orientation: Quaternion) throws(ValidationError) {
        let components = [orientation.x, orientation.y, orientation.z, orientation.w]
        for (index, component) in components.enumerated() {
            try FieldCheck.finite(component, field: FieldCheck.path("orientation", index: index))
        }
        // The length of finite components can still overflow to infinity; that fails here too.
        guard abs(orientation.length - 1) <= orientationTolerance else {
            throw ValidationError(field: "orientation", reason: .notNormalized)
        }
    }

    /// At most ``maxReactions``, each valid, and no user reacting with the same emoji twice.
    private func validateReactions() throws(ValidationError) {
        try FieldCheck.count(reactions.count, field: "reactions", limit: Self.maxReactions)
        var seen = Set<ReactionKey>()
        for (index, reaction) in reactions.enumerated() {
            let field = FieldCheck.path("reactions", index: index)
            try reaction.validate(fieldPrefix: field)
            guard seen.insert(ReactionKey(userID: reaction.userID, emoji: reaction.emoji)).inserted else {
                throw ValidationError(field: FieldCheck.path(field, "emoji"), reason: .duplicate)
            }
        }
    }
}

/// One user's use of one emoji, the unit a reaction may not repeat.
private struct ReactionKey: Hashable {
    let userID: UserID
    let emoji: String
}
