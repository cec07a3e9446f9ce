import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// The filters of `GET /api/v1/annotations`: layerID, type, status, creatorID (each may repeat or
/// be comma-separated), `near=x,y,z` with `radius`, `visibleAt`, `cursor` and `limit`.
///
/// With `near`, results are still newest first (so that the cursor pages them); the nearest-first
/// order is `GET /api/v1/annotations/nearby`'s job.
struct AnnotationListQuery: Sendable {
    var query: AnnotationQuery
    var page: PageRequest

    init(_ parameters: DeclaredQuery, viewer: UserID) throws {
        page = try PageRequest(parameters)
        query = AnnotationQuery(viewer: viewer, limit: page.limit + 1)
        query.layerIDs = try Self.list(parameters, .layerID) { LayerID(uuidString: $0) }
        query.types = try Self.list(parameters, .annotationType) { AnnotationType(rawValue: $0) }
        query.statuses = try Self.list(parameters, .status) { AnnotationStatus(rawValue: $0) }
        if let creators = try Self.list(parameters, .creatorID, { UserID(uuidString: $0) }) {
            guard creators.count == 1 else { throw APIError.badParameter(.creatorID, "Give one creatorID.") }
            query.creatorID = creators[0]
        }
        if let near = try parameters(.near) {
            let numbers = near.split(separator: ",", omittingEmptySubsequences: false).map { Float(String($0)) }
            guard numbers.count == 3, let x = numbers[0], let y = numbers[1], let z = numbers[2] else {
                throw APIError.badParameter(.near, "near must be three numbers: x,y,z.")
            }
            guard let radiusText = try parameters(.radius), let radius = Float(radiusText) else {
                throw APIError.badParameter(.radius, "near needs radius, a number of metres.")
            }
            let center = SIMD3<Float>(x, y, z)
            let proximity = AnnotationQuery.Proximity(center: center, radius: radius)
            try proximity.validate()
            query.near = proximity
        } else if try parameters(.radius) != nil {
            throw APIError.badParameter(.radius, "radius needs near.")
        }
        if let text = try parameters(.visibleAt) {
            guard let date = Timestamp.parse(text) else {
                throw APIError.badParameter(.visibleAt, "visibleAt must be an ISO 8601 date.")
            }
            query.visibleAt = date
        }
        if let cursor = page.cursor { query.after = try AnnotationCursor.decode(cursor) }
    }

    /// Every value of `parameter` (repeated or comma-separated), parsed; nil when absent.
    static func list<T>(
        _ parameters: DeclaredQuery, _ parameter: APIRoute.QueryParameter, _ parse: (String) -> T?
    ) throws -> [T]? {
        let name = parameter.name
        let texts = try parameters.all(parameter).flatMap { $0.split(separator: ",").map(String.init) }
        guard !texts.isEmpty else { return nil }
        guard texts.count <= 50 else { throw APIError.badParameter(name, "At most 50 values of \(name).") }
        return try texts.map { text in
            guard let value = parse(text) else {
                throw APIError.badParameter(name, "\"\(text.prefix(64))\" is not a valid \(name).")
            }
            return value
        }
    }
}
