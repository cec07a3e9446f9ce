import Foundation
import RealityCore

/// A page of items that write themselves (annotations, comments, grants) is written without
/// `JSONEncoder`; `nextCursor` is `null` on the last page, as `encode(to:)` writes it.
extension Page: JSONWritable where Item: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("items", items)
        writer.key("nextCursor")
        if let nextCursor { writer.string(nextCursor) } else { writer.null() }
        writer.endObject()
    }
}
