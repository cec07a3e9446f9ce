extension LocationRule {
    /// Radii a proximity rule may use, in metres: 0.1 (within reach) to 10,000 (a small town).
    public static let radiusRange: ClosedRange<Double> = 0.1...10_000

    /// Checks the rule: a `proximity` rule needs `radiusMeters` (`required`), finite and within
    /// ``radiusRange``; an `always` rule must not carry a radius (`notAllowed`), which it would ignore.
    /// - Parameter fieldPrefix: the path of the rule, such as `visibilityRules.locationRules[0]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        let field = FieldCheck.path(fieldPrefix, "radiusMeters")
        switch type {
        case .proximity:
            guard let radiusMeters else { throw ValidationError(field: field, reason: .required) }
            try FieldCheck.range(radiusMeters, Self.radiusRange, field: field)
        case .always:
            if radiusMeters != nil {
                throw ValidationError(field: field, reason: .notAllowed(detail: "an always rule has no radius"))
            }
        }
    }
}
