extension APIRoute.QueryParameter {
    // Each query parameter is declared here once: a route lists the ones it reads (``APIRoute/query``),
    // the server's handlers read them by these values, and clients fill them in with ``APIRoute/path(query:)``.

    // MARK: - Paging

    /// `limit`: a page's size.
    public static let limit = pageSize(APIRoute.PageSize(1...200, default: 50))
    /// `cursor`: where a page starts.
    public static let cursor = Self(name: "cursor", type: "string", description: "The previous page's nextCursor.")
    /// The two parameters of a paged list.
    public static let paging: [Self] = [.limit, .cursor]

    // MARK: - Filters of annotation lists and search

    /// `layerID`: layers, repeated or comma-separated.
    public static let layerID = uuid("layerID", "Layers (repeat or comma-separate).")
    /// `type`: annotation types.
    public static let annotationType = Self(name: "type", type: "string", description: "Annotation types.")
    /// `status`: annotation statuses.
    public static let status = Self(name: "status", type: "string", description: "Statuses.")
    /// `creatorID`: one creator.
    public static let creatorID = uuid("creatorID", "The creator.")
    /// `near`: a point `x,y,z`, with ``radius``.
    public static let near = Self(name: "near", type: "string", description: "x,y,z in metres; needs radius.")
    /// `radius`: metres around ``near``.
    public static let radius = Self(name: "radius", type: "number", description: "Metres, with near.")
    /// `visibleAt`: an instant at which the annotations' rules must show them.
    public static let visibleAt = date("visibleAt", "Only annotations whose rules show them at this instant.")
    /// `q`: the words searched for.
    public static let q = Self(
        name: "q", type: "string", description: "Words, matched as prefixes (at most 500 bytes).")
    /// `from`: the earliest creation date searched.
    public static let from = date("from", "Created at or after.")
    /// `to`: the latest creation date searched.
    public static let to = date("to", "Created at or before.")

    // MARK: - Inbox

    /// `unread`: `true` for unread notifications only.
    public static let unread = Self(name: "unread", type: "boolean", description: "true for unread only.")

    // MARK: - Sync

    /// `scope`: the sync scope whose changes are read.
    public static let scope = Self(name: "scope", type: "string", description: "private, shared or public (required).")
    /// `since`: the previous page's sync token.
    public static let since = Self(
        name: "since", type: "string", description: "The previous page's token; absent at first.")
    /// `limit` of the change feed, whose pages are larger than a list's (``limit``).
    public static let changesLimit = pageSize(APIRoute.PageSize(1...1000, default: 200))

    // MARK: - Spatial queries

    /// `at` of a nearby query: the point `x,y,z`.
    public static let point = Self(name: "at", type: "string", description: "x,y,z in metres (required).")
    /// `at` of a visibility query: the instant (now when absent).
    public static let instant = date("at", "The instant the rules are judged at (now when absent).")
    /// `viewer`: where the viewer stands, `x,y,z`, for proximity rules.
    public static let viewer = Self(
        name: "viewer", type: "string", description: "x,y,z in metres; without it proximity rules hide.")

    // MARK: - People

    /// `email`: an exact email to look a person up by.
    public static let email = Self(name: "email", type: "string", description: "An exact email (required).")

    // MARK: - Uploads

    /// `offset`: where the bytes of a resumed upload's part go; must be the upload's offset now.
    public static let offset = Self(
        name: "offset", type: "integer", description: "Bytes received so far (the upload's offset; required).")

    // MARK: - Kinds

    /// `limit` (or `name`), a page size of `size`.
    public static func pageSize(_ size: APIRoute.PageSize, name: String = "limit") -> Self {
        Self(
            name: name, type: "integer",
            description:
                "Page size, \(size.range.lowerBound) to \(size.range.upperBound) (\(size.defaultValue) by default).",
            pageSize: size)
    }

    /// A UUID parameter.
    public static func uuid(_ name: String, _ description: String) -> Self {
        Self(name: name, type: "string", description: description, format: "uuid")
    }

    /// A date parameter (ISO 8601).
    public static func date(_ name: String, _ description: String) -> Self {
        Self(name: name, type: "string", description: description, format: "date-time")
    }
}
