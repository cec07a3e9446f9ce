/// What kind of thing an annotation pins to the world (seed 001 §2.1).
public enum AnnotationType: String, Codable, Hashable, Sendable, CaseIterable {
    /// A written note.
    case text
    /// A freehand drawing (serialised strokes).
    case drawing
    /// A photo.
    case photo
    /// A recorded voice memo.
    case voiceMemo
    /// A video clip.
    case video
    /// A 3D model (USDZ or similar).
    case object3D

    /// True for the types whose substance is a media file rather than text or strokes.
    public var isMedia: Bool { mediaKind != nil }

    /// The kind of media file the type holds; nil for text and drawings.
    public var mediaKind: MediaFormat.Kind? {
        switch self {
        case .photo: .image
        case .voiceMemo: .audio
        case .video: .video
        case .object3D: .model
        case .text, .drawing: nil
        }
    }
}

/// Where an annotation stands in its workflow (seed 001 §2.1).
public enum AnnotationStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// New or still relevant; the default.
    case open
    /// Someone is working on it.
    case inProgress
    /// Done.
    case resolved
    /// Closed without action.
    case wontFix
}
