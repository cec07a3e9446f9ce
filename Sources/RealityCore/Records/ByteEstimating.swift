import Foundation

/// A value whose size in memory a cache can estimate: its variable-length parts by their
/// lengths, each nested record by a fixed overhead. A field's type must conform before a
/// ``RecordField`` can hold it, so no field is left out of a cache's estimate.
public protocol ByteEstimating {
    /// Roughly how many bytes the value's variable-length parts hold.
    var estimatedBytes: Int { get }
}

/// The overhead counted for each nested record (a grant, a reaction, a comment, …).
public let estimatedRecordBytes = 256

extension String: ByteEstimating { public var estimatedBytes: Int { utf8.count } }
extension Data: ByteEstimating { public var estimatedBytes: Int { count } }
extension URL: ByteEstimating { public var estimatedBytes: Int { absoluteString.utf8.count } }
extension Identifier: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Date: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Bool: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Int: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Double: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension UUID: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Float: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension SIMD3: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Quaternion: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension AnnotationType: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension AnnotationStatus: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension LayerColor: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension PermissionLevel: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension VisibilityRules: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension FieldStamps: ByteEstimating { public var estimatedBytes: Int { values.count * 64 } }
extension Permission: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension Reaction: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension Attachment: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension SubscriptionTier: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension UserPreferences: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension WorldAnchor: ByteEstimating { public var estimatedBytes: Int { estimatedRecordBytes } }
extension Comment: ByteEstimating { public var estimatedBytes: Int { Self.declaration.estimatedBytes(of: self) } }

extension Optional: ByteEstimating where Wrapped: ByteEstimating {
    public var estimatedBytes: Int { self?.estimatedBytes ?? 0 }
}

extension Array: ByteEstimating where Element: ByteEstimating {
    public var estimatedBytes: Int {
        // Identifiers in a list (viewers) count their 16 bytes; records their overhead.
        reduce(0) { $0 + Swift.max($1.estimatedBytes, 16) }
    }
}

extension AnnotationContent: ByteEstimating {
    public var estimatedBytes: Int {
        text.estimatedBytes + drawingData.estimatedBytes + richTextData.estimatedBytes + mediaURL.estimatedBytes
            + cloudAssetID.estimatedBytes
    }
}
