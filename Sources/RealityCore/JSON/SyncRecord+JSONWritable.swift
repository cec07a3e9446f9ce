import Foundation

/// Annotations and comments, most of the feed, are written by hand; the other kinds of record go
/// through `RealityJSON.encode` and are spliced in.
extension SyncRecord: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        switch self {
        case .annotation(let record): try record.write(to: &writer)
        case .comment(let record): try record.write(to: &writer)
        case .layer(let record): try writer.encoded(record)
        case .user(let record): try writer.encoded(record)
        case .star(let record): try writer.encoded(record)
        case .notification(let record): try writer.encoded(record)
        case .worldMap(let record): try writer.encoded(record)
        case .owned(let record): try writer.encoded(record)
        case .published(let record): writer.json(record.json)
        }
    }
}

extension RecordType: JSONWritable {}
