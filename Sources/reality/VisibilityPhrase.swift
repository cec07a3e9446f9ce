import ArgumentParser
import Foundation
import RealityCore

/// A time rule of an annotation's visibility as people write it (`--visible`, issue 20), and back
/// into words for tables:
///
/// - `always`
/// - `DATE..DATE`: an absolute range (either end may be left out: `2026-12-01..`)
/// - a recurrence, words in any order: `daily`, `weekly`, `monthly` or `every N days|weeks|months`;
///   `weekdays`, `weekends` or days such as `mon,wed,fri`; a window `08:00-10:00` (an end before
///   the start runs past midnight); an IANA zone such as `Europe/Berlin` (else the owner's);
///   `from DATE` (where an interval or a month counts from) and `until DATE`.
///
/// For example `weekdays 08:00-10:00 Europe/Berlin`, `every 2 weeks sat 10:00-12:00 from
/// 2026-12-05`, `2026-12-24..2026-12-27`.
struct VisibilityPhrase: ExpressibleByArgument {
    /// What was typed.
    let text: String

    init?(argument: String) {
        text = argument.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
    }

    static var defaultValueDescription: String { "\"weekdays 08:00-10:00 Europe/Berlin\"" }

    /// The day names, Sunday first, as `RecurrenceRule.daysOfWeek` numbers them (1 = Sunday).
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// The rule, with dates read in `zone` (the profile's).
    func rule(in zone: TimeZone, now: Date) throws -> TimeRule {
        let lowered = text.lowercased()
        if lowered == "always" { return TimeRule(type: .always) }
        if lowered.contains("..") { return try range(lowered, in: zone, now: now) }
        return try recurrence(in: zone, now: now)
    }

    private func range(_ text: String, in zone: TimeZone, now: Date) throws -> TimeRule {
        let ends = text.components(separatedBy: "..").map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2, !(ends[0].isEmpty && ends[1].isEmpty) else { throw invalid("a range is FROM..TO") }
        func date(_ end: String) throws -> Date? {
            guard !end.isEmpty else { return nil }
            guard let date = ArgumentDate(argument: end)?.value(in: zone, now: now) else {
                throw invalid("\(end) is not a date")
            }
            return date
        }
        return TimeRule(type: .timeRange, startTime: try date(ends[0]), endTime: try date(ends[1]))
    }

    private func recurrence(in zone: TimeZone, now: Date) throws -> TimeRule {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)[...]
        var frequency: RecurrenceFrequency?
        var interval = 1
        var days: [Int]?
        var window: TimeOfDay?
        var ruleZone: String?
        var start: Date?
        var end: Date?
        func date(after word: String) throws -> Date {
            guard let next = words.popFirst(), let date = ArgumentDate(argument: next)?.value(in: zone, now: now)
            else { throw invalid("\(word) needs a date after it") }
            return date
        }
        while let word = words.popFirst() {
            let lowered = word.lowercased()
            switch lowered {
            case "daily": frequency = .daily
            case "weekly": frequency = .weekly
            case "monthly": frequency = .monthly
            case "every":
                guard let count = words.popFirst().flatMap({ Int($0) }), count >= 1, let unit = words.popFirst()
                else { throw invalid("every needs a count and a unit: every 2 weeks") }
                interval = count
                switch unit.lowercased() {
                case "day", "days": frequency = .daily
                case "week", "weeks": frequency = .weekly
                case "month", "months": frequency = .monthly
                default: throw invalid("\(unit) is not days, weeks or months")
                }
            case "weekdays": days = [2, 3, 4, 5, 6]
            case "weekends": days = [1, 7]
            case "from": start = try date(after: word)
            case "until": end = try date(after: word)
            default:
                if let parsed = Self.days(lowered) {
                    days = parsed
                } else if let parsed = Self.window(lowered) {
                    window = parsed
                } else if TimeZone(identifier: word) != nil, word.contains("/") || word == "UTC" {
                    ruleZone = word
                } else {
                    throw invalid("\(word) is not a day, a window HH:MM-HH:MM, a time zone or a frequency")
                }
            }
        }
        guard frequency != nil || days != nil || window != nil else { throw invalid("say when it repeats") }
        let recurrence = RecurrenceRule(
            frequency: frequency ?? (days == nil ? .daily : .weekly), interval: interval, daysOfWeek: days,
            timeOfDay: window, timeZone: ruleZone)
        if recurrence.frequency == .monthly, days != nil { throw invalid("a monthly rule takes no weekdays") }
        if start == nil,
            interval > 1 || recurrence.frequency == .monthly || (recurrence.frequency == .weekly && days == nil)
        {
            throw invalid("this recurrence counts from a day: add from DATE")
        }
        return TimeRule(type: .recurring, startTime: start, endTime: end, recurrence: recurrence)
    }

    /// `mon,wed,fri` (or one day) as weekday numbers.
    private static func days(_ word: String) -> [Int]? {
        let names = word.split(separator: ",").map { String($0.prefix(3)) }
        let numbers = names.compactMap { name in dayNames.firstIndex(of: name).map { $0 + 1 } }
        guard !names.isEmpty, numbers.count == names.count else { return nil }
        return numbers.sorted()
    }

    /// `08:00-10:00` as a window.
    private static func window(_ word: String) -> TimeOfDay? {
        let ends = word.split(separator: "-").map { $0.split(separator: ":").map { Int($0) } }
        guard ends.count == 2, ends.allSatisfy({ $0.count == 2 }), let hour = ends[0][0], let minute = ends[0][1],
            let endHour = ends[1][0], let endMinute = ends[1][1], (0...23).contains(hour), (0...23).contains(endHour),
            (0...59).contains(minute), (0...59).contains(endMinute)
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute, endHour: endHour, endMinute: endMinute)
    }

    private func invalid(_ reason: String) -> CLIError {
        CLIError.invalid("--visible \"\(text)\": \(reason) (e.g. \"weekdays 08:00-10:00 Europe/Berlin\").")
    }

    /// `rules` in words, for tables and `annotation show`.
    static func describe(_ rules: VisibilityRules, in zone: TimeZone) -> String {
        var parts: [String] = []
        for rule in rules.timeRules ?? [] { parts.append(describe(rule, in: zone)) }
        for rule in rules.locationRules ?? [] {
            switch rule.type {
            case .always: parts.append("anywhere")
            case .proximity: parts.append("within \(Show.metres(rule.radiusMeters ?? 0))")
            }
        }
        if let expiresAt = rules.expiresAt { parts.append("until \(Show.when(expiresAt, in: zone))") }
        if let views = rules.expiresAfterViews { parts.append("for \(views) view\(views == 1 ? "" : "s")") }
        return parts.isEmpty ? "always" : parts.joined(separator: "; ")
    }

    private static func describe(_ rule: TimeRule, in zone: TimeZone) -> String {
        func day(_ date: Date?) -> String { date.map { Show.when($0, in: zone, now: .distantFuture) } ?? "" }
        switch rule.type {
        case .always: return "always"
        case .timeRange: return "\(day(rule.startTime))..\(day(rule.endTime))"
        case .recurring:
            guard let recurrence = rule.recurrence else { return "never" }
            var words: [String] = []
            let unit = ["daily": "days", "weekly": "weeks", "monthly": "months"][recurrence.frequency.rawValue] ?? ""
            words.append(
                recurrence.interval == 1 ? recurrence.frequency.rawValue : "every \(recurrence.interval) \(unit)")
            switch recurrence.daysOfWeek ?? [] {
            case []: break
            case [2, 3, 4, 5, 6]: words.append("weekdays")
            case [1, 7]: words.append("weekends")
            case let days:
                words.append(
                    days.compactMap { dayNames.indices.contains($0 - 1) ? dayNames[$0 - 1] : nil }.joined(
                        separator: ","))
            }
            if let window = recurrence.timeOfDay {
                words.append(
                    String(format: "%02d:%02d-%02d:%02d", window.hour, window.minute, window.endHour, window.endMinute))
            }
            if let zone = recurrence.timeZone { words.append(zone) }
            if let start = rule.startTime { words.append("from \(day(start))") }
            if let end = rule.endTime { words.append("until \(day(end))") }
            return words.joined(separator: " ")
        }
    }
}

/// A distance as people write it (`--within 5m`, `2.5km`, `300`): metres.
struct Distance: ExpressibleByArgument {
    let metres: Double

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let (number, scale): (Substring, Double) =
            text.hasSuffix("km")
            ? (text.dropLast(2), 1_000) : text.hasSuffix("m") ? (text.dropLast(), 1) : (text[...], 1)
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        metres = value * scale
    }

    static var defaultValueDescription: String { "5m|2.5km" }
}
