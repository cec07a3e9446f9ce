extension WorldAnchor {
    /// Checks the anchor's transform: all 16 elements finite (`transform[i]`, in the JSON's
    /// column-major order), affine (bottom row `0 0 0 1`, else `invalidFormat` on `transform`),
    /// and a translation within ±``ValidationLimits/maxCoordinateMagnitude`` on each axis
    /// (`transform[12]`, `[13]`, `[14]`).
    /// - Parameter fieldPrefix: the path of the anchor, such as `anchors[0]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        let field = FieldCheck.path(fieldPrefix, "transform")
        for column in 0..<4 {
            for row in 0..<4 {
                try FieldCheck.finite(transform[row, column], field: FieldCheck.path(field, index: column * 4 + row))
            }
        }
        guard transform.isAffine else {
            throw ValidationError(
                field: field, reason: .invalidFormat(expected: "an affine transform whose bottom row is 0 0 0 1"))
        }
        let limit = ValidationLimits.maxCoordinateMagnitude
        for row in 0..<3 {
            try FieldCheck.range(transform[row, 3], -limit...limit, field: FieldCheck.path(field, index: 12 + row))
        }
    }
}
