import Foundation

extension LocationRule {
    /// Whether the viewer satisfies this rule.
    ///
    /// `always` is always satisfied. `proximity` is satisfied when the viewer's position is known
    /// and its Euclidean distance from the annotation is at most `radiusMeters` (inclusive). An
    /// unknown viewer position, a nil, negative or non-finite radius, or a non-finite coordinate
    /// leaves it unsatisfied: a proximity-only annotation stays hidden until we know where the
    /// viewer is.
    public func isSatisfied(viewerPosition: SIMD3<Float>?, annotationPosition: SIMD3<Float>) -> Bool {
        switch type {
        case .always:
            return true
        case .proximity:
            guard let viewerPosition, let radiusMeters, radiusMeters.isFinite else { return false }
            return viewerPosition.distance(to: annotationPosition) <= radiusMeters
        }
    }
}
