import Foundation

// Each object writes its keys in the order `JSONEncoder`'s `.sortedKeys` puts them, and leaves out
// nil optionals as the synthesised conformances do. A new stored property needs a line in its
// writer (the annotation's own is beside its declaration, in Model/Annotation.swift):
// `JSONWriterAnnotationTests` fails until it has one.

extension AnnotationContent: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("cloudAssetID", ifPresent: cloudAssetID)
        try writer.field("drawingData", ifPresent: drawingData)
        try writer.field("mediaURL", ifPresent: mediaURL)
        try writer.field("richTextData", ifPresent: richTextData)
        try writer.field("text", ifPresent: text)
        writer.endObject()
    }
}

/// `[x, y, z, w]`, as its `encode(to:)` writes it.
extension Quaternion: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginArray()
        try writer.number(x)
        try writer.number(y)
        try writer.number(z)
        try writer.number(w)
        writer.endArray()
    }
}

extension Permission: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("expiresAt", ifPresent: expiresAt)
        try writer.field("grantedAt", grantedAt)
        try writer.field("grantedBy", grantedBy)
        try writer.field("id", id)
        try writer.field("level", level)
        try writer.field("userID", userID)
        writer.endObject()
    }
}

extension Comment: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("annotationID", annotationID)
        try writer.field("authorID", authorID)
        try writer.field("authorName", ifPresent: authorName)
        try writer.field("createdAt", createdAt)
        try writer.field("id", id)
        try writer.field("isDeleted", isDeleted)
        try writer.field("isEdited", isEdited)
        try writer.field("parentCommentID", ifPresent: parentCommentID)
        try writer.field("text", text)
        try writer.field("updatedAt", updatedAt)
        writer.endObject()
    }
}

extension Reaction: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("createdAt", createdAt)
        try writer.field("emoji", emoji)
        try writer.field("id", id)
        try writer.field("userID", userID)
        writer.endObject()
    }
}

extension Attachment: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("cloudAssetID", ifPresent: cloudAssetID)
        try writer.field("fileName", fileName)
        try writer.field("fileSize", fileSize)
        try writer.field("fileType", fileType)
        try writer.field("id", id)
        try writer.field("localURL", ifPresent: localURL)
        try writer.field("thumbnailURL", ifPresent: thumbnailURL)
        try writer.field("uploadedAt", ifPresent: uploadedAt)
        writer.endObject()
    }
}

extension AnnotationType: JSONWritable {}
extension AnnotationStatus: JSONWritable {}
extension PermissionLevel: JSONWritable {}
