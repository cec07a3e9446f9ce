extension UserPreferences {
    /// Distances at which annotations may be shown, in metres: 0.1 to 1,000. Beyond a kilometre
    /// nothing anchored in a room is visible, and a nearby search that wide reads the whole world.
    public static let displayDistanceRange: ClosedRange<Double> = 0.1...1_000

    /// Checks the preferences: `annotationDisplayDistance` finite and within
    /// ``displayDistanceRange``, and `timeZone`, if set, an IANA identifier Foundation knows.
    /// - Parameter fieldPrefix: the path of the preferences in their record, such as `preferences`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        try FieldCheck.range(
            annotationDisplayDistance, Self.displayDistanceRange,
            field: FieldCheck.path(fieldPrefix, "annotationDisplayDistance"))
        try FieldCheck.timeZone(timeZone, field: FieldCheck.path(fieldPrefix, "timeZone"))
    }
}
