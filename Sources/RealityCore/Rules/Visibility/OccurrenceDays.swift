/// The local days on which a validated ``RecurrenceRule`` occurs, counted from an anchor day.
///
/// See ``RecurrenceRule/matches(_:start:end:timeZone:)`` for the semantics; building one
/// validates the rule, so `contains` never meets a malformed interval or weekday.
struct OccurrenceDays: Sendable {
    private let frequency: RecurrenceFrequency
    private let interval: Int64
    /// Bit `w` set for each allowed weekday `w` (1 = Sunday … 7 = Saturday); nil for any weekday.
    private let weekdayMask: UInt8?
    private let anchorDay: Int64?

    /// Validates `rule` against `anchorDay` (the local day of its start); nil when malformed.
    init?(_ rule: RecurrenceRule, anchorDay: Int64?) {
        guard rule.interval >= 1 else { return nil }
        var mask: UInt8?
        if let days = rule.daysOfWeek, !days.isEmpty {
            var bits: UInt8 = 0
            for day in days {
                guard (1...7).contains(day) else { return nil }
                bits |= 1 << UInt8(day)
            }
            mask = bits
        }
        let needsAnchor =
            switch rule.frequency {
            case .daily: rule.interval > 1
            case .weekly: rule.interval > 1 || mask == nil
            case .monthly: true
            }
        guard anchorDay != nil || !needsAnchor else { return nil }
        guard rule.frequency != .monthly || mask == nil else { return nil }
        frequency = rule.frequency
        interval = Int64(rule.interval)
        weekdayMask = mask
        self.anchorDay = anchorDay
    }

    /// Whether local day number `day` is an occurrence day.
    func contains(_ day: Int64) -> Bool {
        if let anchorDay, day < anchorDay { return false }
        switch frequency {
        case .daily:
            guard isAllowedWeekday(day) else { return false }
            guard let anchorDay else { return true }
            return (day - anchorDay) % interval == 0
        case .weekly:
            guard let anchorDay else { return isAllowedWeekday(day) }
            let weeks = (CivilDate.monday(ofDays: day) - CivilDate.monday(ofDays: anchorDay)) / 7
            guard weeks % interval == 0 else { return false }
            guard weekdayMask != nil else {
                return CivilDate.weekday(ofDays: day) == CivilDate.weekday(ofDays: anchorDay)
            }
            return isAllowedWeekday(day)
        case .monthly:
            guard let anchorDay else { return false }
            let anchor = CivilDate.civil(fromDays: anchorDay)
            let current = CivilDate.civil(fromDays: day)
            let months = (current.year - anchor.year) * 12 + Int64(current.month - anchor.month)
            guard months >= 0, months % interval == 0 else { return false }
            let lastDay = CivilDate.daysIn(month: current.month, year: current.year)
            return current.day == min(anchor.day, lastDay)
        }
    }

    private func isAllowedWeekday(_ day: Int64) -> Bool {
        guard let weekdayMask else { return true }
        return weekdayMask & (1 << UInt8(CivilDate.weekday(ofDays: day))) != 0
    }
}
