import Foundation

extension Comment {
    /// Most characters in a comment: 5,000, a long paragraph or two.
    public static let maxTextLength = 5_000

    /// Most characters in the author name a comment keeps: the same as ``User/maxDisplayNameLength``.
    public static let maxAuthorNameLength = User.maxDisplayNameLength

    /// Checks the comment in declaration order, first failure wins: text of
    /// 1…``maxTextLength`` characters (blank is `required`); an author name, if set, non-blank and
    /// ≤ ``maxAuthorNameLength``; a parent that is not the comment itself; dates in range with
    /// `updatedAt` not before `createdAt`.
    public func validate() throws(ValidationError) {
        try FieldCheck.text(text, field: "text", limit: Self.maxTextLength, required: true)
        try FieldCheck.text(authorName, field: "authorName", limit: Self.maxAuthorNameLength)
        if parentCommentID == id {
            throw ValidationError(
                field: "parentCommentID", reason: .notAllowed(detail: "a comment cannot reply to itself"))
        }
        try FieldCheck.timestamps(created: createdAt, later: updatedAt, prefix: "", laterName: "updatedAt")
    }
}
