import Foundation

/// A media file attached to an annotation (seed 001 §2.1, SPEC M5).
public struct Attachment: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the attachment.
    public var id: UUID
    /// The file's name, without any directory.
    public var fileName: String
    /// Its MIME type, `type/subtype`.
    public var fileType: String
    /// Its size in bytes.
    public var fileSize: Int64
    /// Where it lives on the device that has it.
    public var localURL: URL?
    /// The content-addressed asset (SHA-256, lowercase hex) holding it in the cloud.
    public var cloudAssetID: String?
    /// A preview image, if one was made.
    public var thumbnailURL: URL?
    /// When it reached the cloud.
    public var uploadedAt: Date?

    /// An attachment's metadata.
    public init(
        id: UUID = .timeOrdered(),
        fileName: String,
        fileType: String,
        fileSize: Int64,
        localURL: URL? = nil,
        cloudAssetID: String? = nil,
        thumbnailURL: URL? = nil,
        uploadedAt: Date? = nil
    ) {
        self.id = id
        self.fileName = fileName
        self.fileType = fileType
        self.fileSize = fileSize
        self.localURL = localURL
        self.cloudAssetID = cloudAssetID
        self.thumbnailURL = thumbnailURL
        self.uploadedAt = uploadedAt
    }
}
