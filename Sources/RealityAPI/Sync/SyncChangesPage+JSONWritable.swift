import Foundation
import RealityCore

// A page of the feed is written by hand, keys in `.sortedKeys` order, because it is the largest
// answer the server gives; its records are written by `SyncRecord`'s own conformance.

extension SyncChangesPage: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("changes", changes)
        try writer.field("moreComing", moreComing)
        try writer.field("token", token)
        writer.endObject()
    }
}

extension SyncChange: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("changeTag", changeTag)
        try writer.field("deleted", deleted)
        try writer.field("record", ifPresent: record)
        try writer.field("recordID", recordID)
        try writer.field("recordType", recordType)
        writer.endObject()
    }
}
