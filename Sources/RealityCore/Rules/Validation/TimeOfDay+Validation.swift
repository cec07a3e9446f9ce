extension TimeOfDay {
    /// Checks the window: `hour` and `endHour` within 0…23, `minute` and `endMinute` within 0…59
    /// (in declaration order), and an end different from the start, since that window would be
    /// empty (`notAllowed`, on the window itself). An end before the start crosses midnight.
    /// - Parameter fieldPrefix: the path of the window in its record.
    public func validate(fieldPrefix: String = "timeOfDay") throws(ValidationError) {
        try FieldCheck.range(hour, 0...23, field: FieldCheck.path(fieldPrefix, "hour"))
        try FieldCheck.range(minute, 0...59, field: FieldCheck.path(fieldPrefix, "minute"))
        try FieldCheck.range(endHour, 0...23, field: FieldCheck.path(fieldPrefix, "endHour"))
        try FieldCheck.range(endMinute, 0...59, field: FieldCheck.path(fieldPrefix, "endMinute"))
        if startMinuteOfDay == endMinuteOfDay {
            throw ValidationError(
                field: fieldPrefix, reason: .notAllowed(detail: "the window is empty: it ends when it starts"))
        }
    }
}
