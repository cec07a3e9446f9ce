import RealityCore

extension APIRoute {
    /// `GET /api/v1/annotations/{id}/comments`.
    public static let comments = APIRoute(
        .get, "/api/v1/annotations/{id}/comments", summary: "Comments, oldest first", tag: "collaboration",
        query: QueryParameter.paging, answer: .page(Comment.self))
    /// `POST /api/v1/annotations/{id}/comments`.
    public static let createComment = APIRoute(
        .post, "/api/v1/annotations/{id}/comments", summary: "Comment, or reply with parentCommentID",
        tag: "collaboration", body: .json(CommentRequest.self), status: 201, answer: .json(Comment.self))
    /// `PATCH /api/v1/comments/{id}`: the author changes the text.
    public static let editComment = APIRoute(
        .patch, "/api/v1/comments/{id}", summary: "Edit your comment's text (marks it edited)", tag: "collaboration",
        body: .json(CommentEdit.self), answer: .json(Comment.self))
    /// `DELETE /api/v1/comments/{id}`.
    public static let deleteComment = APIRoute(
        .delete, "/api/v1/comments/{id}", summary: "Delete a comment", tag: "collaboration", status: 204,
        answer: .empty)
    /// `POST /api/v1/annotations/{id}/reactions`.
    public static let react = APIRoute(
        .post, "/api/v1/annotations/{id}/reactions", summary: "React with one emoji", tag: "collaboration",
        body: .json(ReactionRequest.self), answer: .json(Annotation.self))
    /// `DELETE /api/v1/annotations/{id}/reactions/{emoji}`.
    public static let unreact = APIRoute(
        .delete, "/api/v1/annotations/{id}/reactions/{emoji}",
        summary: "Remove the caller's reaction (emoji percent-encoded)", tag: "collaboration", status: 204,
        answer: .empty, textParameters: ["emoji"])
    /// `POST /api/v1/annotations/{id}/views`.
    public static let view = APIRoute(
        .post, "/api/v1/annotations/{id}/views", summary: "Count a view (expiresAfterViews) and mark read",
        tag: "engagement", status: 204, answer: .empty)
    /// `POST /api/v1/annotations/{id}/read`: marks read without counting a view.
    public static let markRead = APIRoute(
        .post, "/api/v1/annotations/{id}/read", summary: "Mark read (counts no view)", tag: "engagement",
        status: 204, answer: .empty)
    /// `PUT /api/v1/annotations/{id}/star`.
    public static let star = APIRoute(
        .put, "/api/v1/annotations/{id}/star", summary: "Star", tag: "engagement", status: 204, answer: .empty)
    /// `DELETE /api/v1/annotations/{id}/star`.
    public static let unstar = APIRoute(
        .delete, "/api/v1/annotations/{id}/star", summary: "Unstar", tag: "engagement", status: 204, answer: .empty)

    static let collaborationRoutes = [
        comments, createComment, editComment, deleteComment, react, unreact, view, markRead, star, unstar,
    ]
}
