import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RealityCore

/// A response whose body is `value` in the platform's JSON dialect (``RealityJSON``).
///
/// A value that writes itself (``JSONWritable``: annotations, pages of them, sync feed pages) is
/// written by ``JSONWriter``, which gives the same bytes about 15 times faster than `JSONEncoder`
/// on Linux (`reality-bench encode`); anything else goes through `RealityJSON.encode`.
struct JSONResponse<Value: Encodable>: ResponseGenerator {
    var value: Value
    var status: HTTPResponse.Status = .ok

    init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: try Self.body(of: value)))
    }

    /// The JSON text of `value`.
    static func body(of value: Value) throws -> ByteBuffer {
        if let writable = value as? any JSONWritable {
            return ByteBuffer(bytes: try JSONWriter.bytes(of: writable))
        }
        return ByteBuffer(bytes: try RealityJSON.encode(value))
    }
}

extension Response {
    /// 204 with no body.
    static var noContent: Response { Response(status: .noContent) }
}

extension Request {
    /// The body as bytes, cut off at `limit` with a 413.
    func collectBody(upTo limit: Int) async throws -> Data {
        do {
            let buffer = try await body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge
        }
    }

    /// The body decoded from the platform's JSON, at most `limit` bytes; a body that cannot be
    /// read is a ``JSONInputError`` naming the field.
    func decodeJSON<T: Decodable>(_ type: T.Type, limit: Int) async throws -> T {
        let data = try await collectBody(upTo: limit)
        return try RealityJSON.decode(type, from: data)
    }
}
