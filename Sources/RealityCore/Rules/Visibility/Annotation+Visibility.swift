import Foundation

extension Annotation {
    /// Whether this annotation shows at `date` to a viewer at `viewerPosition` (nil when unknown),
    /// reading recurring rules in `ownerTimeZone` (UTC when nil) unless a rule names its own zone.
    ///
    /// A deleted annotation never shows; one without rules always shows otherwise. The annotation's
    /// own `position` and `viewCount` feed the evaluation.
    public func isVisible(at date: Date, viewerPosition: SIMD3<Float>?, ownerTimeZone: TimeZone?) -> Bool {
        guard !isDeleted else { return false }
        guard let visibilityRules else { return true }
        let context = VisibilityContext(
            ownerTimeZone: ownerTimeZone,
            viewerPosition: viewerPosition,
            annotationPosition: position,
            viewCount: viewCount)
        return visibilityRules.isVisible(at: date, context: context)
    }
}
