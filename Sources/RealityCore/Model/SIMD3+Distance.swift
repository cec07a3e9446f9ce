/// The one way positions are measured apart.
extension SIMD3 where Scalar == Float {
    /// The straight-line distance to `other` in metres, computed in `Double` so that the squares of
    /// far-apart positions do not overflow.
    public func distance(to other: SIMD3<Float>) -> Double {
        let dx = Double(x) - Double(other.x)
        let dy = Double(y) - Double(other.y)
        let dz = Double(z) - Double(other.z)
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
}
