import Foundation

extension RecurrenceRule {
    /// Largest interval: every 1,000 days, weeks or months. The smallest is 1.
    public static let maxInterval = 1_000

    /// Checks the recurrence in declaration order, first failure wins: interval within
    /// 1…``maxInterval``; `daysOfWeek`, when present, not for a monthly rule (`notAllowed`: months
    /// have no weekday pattern here), not empty (`required`), each 1…7 (Sunday…Saturday), none
    /// twice; the time of day valid (``TimeOfDay/validate(fieldPrefix:)``); the time zone, if set,
    /// an IANA identifier.
    /// - Parameter fieldPrefix: the path of the recurrence in its record.
    public func validate(fieldPrefix: String = "recurrence") throws(ValidationError) {
        try FieldCheck.range(interval, 1...Self.maxInterval, field: FieldCheck.path(fieldPrefix, "interval"))
        if let daysOfWeek {
            let field = FieldCheck.path(fieldPrefix, "daysOfWeek")
            if frequency == .monthly {
                throw ValidationError(
                    field: field, reason: .notAllowed(detail: "a monthly rule has no days of the week"))
            }
            guard !daysOfWeek.isEmpty else { throw ValidationError(field: field, reason: .required) }
            var seen = Set<Int>()
            for (index, day) in daysOfWeek.enumerated() {
                let dayField = FieldCheck.path(field, index: index)
                try FieldCheck.range(day, 1...7, field: dayField)
                guard seen.insert(day).inserted else { throw ValidationError(field: dayField, reason: .duplicate) }
            }
        }
        try timeOfDay?.validate(fieldPrefix: FieldCheck.path(fieldPrefix, "timeOfDay"))
        try FieldCheck.timeZone(timeZone, field: FieldCheck.path(fieldPrefix, "timeZone"))
    }
}
