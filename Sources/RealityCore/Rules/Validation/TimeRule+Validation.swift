import Foundation

extension TimeRule {
    /// Checks one time window, first failure wins:
    /// 1. `startTime` and `endTime` in range, and `endTime` after `startTime` when both are set.
    /// 2. By type: `always` and `timeRange` must not carry a recurrence (`notAllowed`);
    ///    `timeRange` needs at least one bound (`startTime`, `required`); `recurring` needs a valid
    ///    recurrence (`required`) and a `startTime` to count its interval from (``needsStartTime``).
    /// - Parameter fieldPrefix: the path of the rule, such as `visibilityRules.timeRules[0]`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        let startField = FieldCheck.path(fieldPrefix, "startTime")
        let endField = FieldCheck.path(fieldPrefix, "endTime")
        let recurrenceField = FieldCheck.path(fieldPrefix, "recurrence")
        try FieldCheck.date(startTime, field: startField)
        try FieldCheck.date(endTime, field: endField)
        if let startTime {
            try FieldCheck.after(endTime, startTime, field: endField, earlierName: "startTime")
        }
        switch type {
        case .always, .timeRange:
            if recurrence != nil {
                throw ValidationError(
                    field: recurrenceField, reason: .notAllowed(detail: "only a recurring rule has a recurrence"))
            }
            if type == .timeRange, startTime == nil, endTime == nil {
                throw ValidationError(field: startField, reason: .required)
            }
        case .recurring:
            guard let recurrence else { throw ValidationError(field: recurrenceField, reason: .required) }
            try recurrence.validate(fieldPrefix: recurrenceField)
            if startTime == nil, recurrence.needsStartTime {
                throw ValidationError(field: startField, reason: .required)
            }
        }
    }
}

extension RecurrenceRule {
    /// True when the recurrence cannot be placed without a start day: every day and every listed
    /// weekday repeat on their own, but "every second week", "every week" without weekdays and
    /// "every month" count from the time rule's `startTime`.
    public var needsStartTime: Bool {
        switch frequency {
        case .monthly: true
        case .daily: interval != 1
        case .weekly: interval != 1 || daysOfWeek == nil
        }
    }
}
