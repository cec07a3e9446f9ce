import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `limit` and `cursor` of a list request (``APIRoute/QueryParameter/limit`` declares the sizes;
/// 400 beyond them).
struct PageRequest: Sendable {
    var limit: Int
    var cursor: String?

    init(_ query: DeclaredQuery) throws {
        limit = try query.pageSize(.limit)
        cursor = try query(.cursor)
    }
}

extension DeclaredQuery {
    /// The page size `parameter` asks for, its declared default when absent; a 400 naming the
    /// declared range for anything else.
    func pageSize(_ parameter: APIRoute.QueryParameter) throws -> Int {
        guard let size = parameter.pageSize else { preconditionFailure("\(parameter.name) declares no page size") }
        guard let text = try self(parameter) else { return size.defaultValue }
        guard let value = Int(text), size.range.contains(value) else {
            throw APIError.badParameter(
                parameter,
                "\(parameter.name) must be a whole number from \(size.range.lowerBound) to \(size.range.upperBound).")
        }
        return value
    }
}

/// The opaque cursor of annotation lists: base64url of `createdAt` milliseconds and the ID of the
/// last item of the previous page.
enum AnnotationCursor {
    static func encode(_ cursor: AnnotationQuery.Cursor) -> String {
        Data("\(Timestamp.milliseconds(cursor.createdAt)):\(cursor.id.uuidString)".utf8).base64URLEncoded()
    }

    static func decode(_ text: String) throws -> AnnotationQuery.Cursor {
        guard text.utf8.count <= 200, let data = Data(base64URLEncoded: text),
            let plain = String(data: data, encoding: .utf8)
        else { throw invalid }
        let parts = plain.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = AnnotationID(uuidString: String(parts[1]))
        else { throw invalid }
        return AnnotationQuery.Cursor(createdAt: Timestamp.date(milliseconds: milliseconds), id: id)
    }

    private static var invalid: APIError { .badParameter(.cursor, "cursor is not one this server gave out.") }
}

/// The opaque cursor of short lists that are read whole and cut into pages: base64url of an offset.
enum OffsetCursor {
    static func page<Item>(_ items: [Item], _ request: PageRequest) throws -> (items: [Item], next: String?) {
        var start = 0
        if let text = request.cursor {
            guard text.utf8.count <= 64, let data = Data(base64URLEncoded: text),
                let plain = String(data: data, encoding: .utf8), plain.hasPrefix("o:"),
                let offset = Int(plain.dropFirst(2)), offset >= 0
            else { throw APIError.badParameter(.cursor, "cursor is not one this server gave out.") }
            start = min(offset, items.count)
        }
        let end = min(start + request.limit, items.count)
        let next = end < items.count ? Data("o:\(end)".utf8).base64URLEncoded() : nil
        return (Array(items[start..<end]), next)
    }
}
