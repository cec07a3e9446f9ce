import Foundation

/// A read of annotations that a store answers entirely in its query language: access, filters,
/// text, distance, order and paging together (SPEC D1: nothing is fetched to be filtered later).
///
/// The access rule is always applied: a row is returned only when `viewer` owns it, has an active
/// grant on it, or may see its layer (owner, active grant or public, on the layer or a parent).
public struct AnnotationQuery: Hashable, Sendable {
    /// A sphere around a point.
    public struct Proximity: Hashable, Sendable {
        /// Centre, world metres.
        public var center: SIMD3<Float>
        /// Radius, metres.
        public var radius: Float

        /// A sphere of `radius` around `center`.
        public init(center: SIMD3<Float>, radius: Float) {
            self.center = center
            self.radius = radius
        }
    }

    /// How results are ordered.
    public enum Order: String, Hashable, Sendable {
        /// Newest first by `createdAt`, then by ID; pages with `after`.
        case newestFirst
        /// Most recently updated first.
        case recentlyUpdated
        /// Best text match first (needs `text`).
        case relevance
        /// Nearest first (needs `near`).
        case nearestFirst
    }

    /// Where the previous page ended, for `newestFirst` paging.
    public struct Cursor: Hashable, Sendable, Codable {
        /// `createdAt` of the last row returned.
        public var createdAt: Date
        /// ID of the last row returned.
        public var id: AnnotationID

        /// A cursor after the given row.
        public init(createdAt: Date, id: AnnotationID) {
            self.createdAt = createdAt
            self.id = id
        }
    }

    /// Whose access decides which rows are returned.
    public var viewer: UserID
    /// The instant grants are judged at (expired grants count for nothing).
    public var at: Date
    /// Only annotations in these layers.
    public var layerIDs: [LayerID]?
    /// Only these types.
    public var types: [AnnotationType]?
    /// Only these statuses.
    public var statuses: [AnnotationStatus]?
    /// Only annotations made by this user.
    public var creatorID: UserID?
    /// Only annotations created at or after this instant.
    public var createdFrom: Date?
    /// Only annotations created before this instant.
    public var createdBefore: Date?
    /// Words that must all occur (as word prefixes) in the title, text or comments.
    public var text: String?
    /// Only annotations within this sphere.
    public var near: Proximity?
    /// Only annotations `viewer` starred.
    public var starredOnly: Bool
    /// Only annotations `viewer` has not read (and does not own).
    public var unreadOnly: Bool
    /// Include soft-deleted annotations.
    public var includeDeleted: Bool
    /// Leave out annotations whose visibility rules cannot allow them at this instant
    /// (`expiresAt` passed); the rest of the rules are judged by the service.
    public var visibleAt: Date?
    /// Result order.
    public var order: Order
    /// At most this many rows.
    public var limit: Int
    /// Continue after this row (with `newestFirst`).
    public var after: Cursor?

    /// A query for `viewer` with no filters, newest first.
    public init(
        viewer: UserID,
        at: Date = Timestamp.now(),
        layerIDs: [LayerID]? = nil,
        types: [AnnotationType]? = nil,
        statuses: [AnnotationStatus]? = nil,
        creatorID: UserID? = nil,
        createdFrom: Date? = nil,
        createdBefore: Date? = nil,
        text: String? = nil,
        near: Proximity? = nil,
        starredOnly: Bool = false,
        unreadOnly: Bool = false,
        includeDeleted: Bool = false,
        visibleAt: Date? = nil,
        order: Order = .newestFirst,
        limit: Int = AnnotationQuery.defaultLimit,
        after: Cursor? = nil
    ) {
        self.viewer = viewer
        self.at = at
        self.layerIDs = layerIDs
        self.types = types
        self.statuses = statuses
        self.creatorID = creatorID
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
        self.text = text
        self.near = near
        self.starredOnly = starredOnly
        self.unreadOnly = unreadOnly
        self.includeDeleted = includeDeleted
        self.visibleAt = visibleAt
        self.order = order
        self.limit = limit
        self.after = after
    }

    /// The page size when none is asked for.
    public static let defaultLimit = 100
    /// The largest page a query may ask for.
    public static let maxLimit = 1_000
}

extension AnnotationQuery.Proximity {
    /// The largest radius a nearby search may ask for, metres.
    public static var maxRadius: Float { 10_000 }

    /// Throws a ``ValidationError`` unless the centre is finite and the radius lies in
    /// (0, ``maxRadius``].
    public func validate() throws {
        for (index, value) in [center.x, center.y, center.z].enumerated() where !value.isFinite {
            throw ValidationError(field: "position[\(index)]", reason: .notFinite)
        }
        guard radius.isFinite else { throw ValidationError(field: "radius", reason: .notFinite) }
        guard radius > 0, radius <= Self.maxRadius else {
            throw ValidationError(field: "radius", reason: .outOfRange(minimum: 0, maximum: Double(Self.maxRadius)))
        }
    }
}
