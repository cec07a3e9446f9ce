import Foundation
import RealityCore

// A push is written by hand, keys in `.sortedKeys` order, because a device writes one for every
// batch it sends (400 notes by default) and `JSONEncoder` spent most of a device's push on it.
// Notes and comments go through their own conformances, the rarer kinds through
// `RealityJSON.encode`; `SyncPushWritingTests` holds the text to `RealityJSON.encode`'s, byte for
// byte, for every shape of mutation.

extension SyncPushRequest: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("clientID", clientID)
        try writer.field("mutations", mutations)
        writer.endObject()
    }
}

extension SyncMutation: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("baseChangeTag", ifPresent: baseChangeTag)
        try writer.field("fields", fields)
        try writer.field("mutationID", mutationID)
        try writer.field("op", op)
        try writer.field("recordID", recordID)
        try writer.field("recordType", recordType)
        writer.endObject()
    }
}

extension SyncOperation: JSONWritable {}

extension SyncMutationFields: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        switch self {
        case .none:
            writer.beginObject()
            writer.endObject()
        case .annotation(let value): try value.write(to: &writer)
        case .comment(let value): try value.write(to: &writer)
        case .annotationReference(let id):
            writer.beginObject()
            try writer.field("annotationID", id)
            writer.endObject()
        case .layer(let value): try writer.encoded(value)
        case .worldMap(let value): try writer.encoded(value)
        case .grant(let value): try writer.encoded(value)
        case .reaction(let value): try writer.encoded(value)
        case .profile(let value): try writer.encoded(value)
        case .owned(let value): try writer.encoded(value)
        }
    }
}
