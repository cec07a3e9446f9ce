import Foundation

extension TimeRule {
    /// Whether this rule is active at `date`; `timeZone` is used by a recurrence without a valid
    /// zone of its own (pass the owner's zone, or UTC).
    ///
    /// - `always`: active at every instant; `startTime` and `endTime` are ignored.
    /// - `timeRange`: active in `[startTime, endTime)`; a nil bound leaves that side open (the
    ///   seed required both and included the end). A start at or after the end is never active.
    /// - `recurring`: see ``RecurrenceRule/matches(_:start:end:timeZone:)``; a nil recurrence is
    ///   never active.
    public func isActive(at date: Date, timeZone: TimeZone) -> Bool {
        switch type {
        case .always:
            return true
        case .timeRange:
            if let startTime, let endTime, !(startTime < endTime) { return false }
            if let startTime, !(date >= startTime) { return false }
            if let endTime, !(date < endTime) { return false }
            return true
        case .recurring:
            guard let recurrence else { return false }
            return recurrence.matches(date, start: startTime, end: endTime, timeZone: timeZone)
        }
    }

    /// An instant at and after which this rule is never active, or nil when it has none.
    ///
    /// Conservative for malformed rules: a rule that is never active still reports its `endTime`.
    var activeUntil: Date? {
        switch type {
        case .always: nil
        case .timeRange, .recurring: endTime
        }
    }
}
