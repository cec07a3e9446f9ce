import Foundation

/// What the evaluation of ``VisibilityRules`` needs besides the rules themselves.
public struct VisibilityContext: Hashable, Sendable {
    /// The annotation owner's time zone preference, used by recurring rules without a zone of
    /// their own; nil means UTC. The machine's zone is never used.
    public var ownerTimeZone: TimeZone?
    /// Where the viewer is, in the same world coordinates as the annotation; nil when unknown.
    public var viewerPosition: SIMD3<Float>?
    /// Where the annotation is, in world coordinates (metres).
    public var annotationPosition: SIMD3<Float>
    /// How many times the annotation has been viewed so far.
    public var viewCount: Int

    /// A context; by default UTC, an unknown viewer, an annotation at the origin and no views.
    public init(
        ownerTimeZone: TimeZone? = nil,
        viewerPosition: SIMD3<Float>? = nil,
        annotationPosition: SIMD3<Float> = .zero,
        viewCount: Int = 0
    ) {
        self.ownerTimeZone = ownerTimeZone
        self.viewerPosition = viewerPosition
        self.annotationPosition = annotationPosition
        self.viewCount = viewCount
    }

    /// The zone that recurring rules without their own zone are read in: the owner's, else UTC.
    var fallbackTimeZone: TimeZone {
        ownerTimeZone ?? .gmt
    }
}
