import Foundation

/// When and where an annotation shows (seed 001 §2.1, SPEC M4).
///
/// Every part that is present must allow the annotation: at least one time rule active (when there
/// are time rules), at least one location rule satisfied (when there are location rules), not past
/// `expiresAt`, and fewer views than `expiresAfterViews`. Evaluation lives in
/// `VisibilityRules.isVisible(at:context:)`.
public struct VisibilityRules: Codable, Hashable, Sendable {
    /// Time windows; the annotation shows while any of them is active. Nil or empty: any time.
    public var timeRules: [TimeRule]?
    /// Conditions on the viewer's position; any one satisfied suffices. Nil or empty: anywhere.
    public var locationRules: [LocationRule]?
    /// The annotation shows strictly before this instant and is hidden at and after it.
    public var expiresAt: Date?
    /// Once `viewCount` reaches this the annotation is hidden (so 0 or less hides it at once). The
    /// seed said "delete after N views"; evaluation only hides, purging happens elsewhere.
    public var expiresAfterViews: Int?

    /// Rules with the given parts; all are optional.
    public init(
        timeRules: [TimeRule]? = nil,
        locationRules: [LocationRule]? = nil,
        expiresAt: Date? = nil,
        expiresAfterViews: Int? = nil
    ) {
        self.timeRules = timeRules
        self.locationRules = locationRules
        self.expiresAt = expiresAt
        self.expiresAfterViews = expiresAfterViews
    }
}

/// One time window of a ``VisibilityRules`` (seed 001 §2.1).
public struct TimeRule: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the rule, for editing.
    public var id: UUID
    /// Always, an absolute range, or a recurrence.
    public var type: TimeRuleType
    /// For `timeRange`: the first instant it is active. For `recurring`: the day the recurrence
    /// starts from (its interval counts from here) and the first instant it can be active; a
    /// recurrence may omit it only when it needs no anchor (daily every day, weekly every week on
    /// given weekdays), otherwise it is never active.
    public var startTime: Date?
    /// For `timeRange`: the instant it stops (exclusive). For `recurring`: the end of the
    /// recurrence (exclusive), if any.
    public var endTime: Date?
    /// For `recurring`: the recurrence.
    public var recurrence: RecurrenceRule?

    /// A rule with the given parts.
    public init(
        id: UUID = UUID(),
        type: TimeRuleType,
        startTime: Date? = nil,
        endTime: Date? = nil,
        recurrence: RecurrenceRule? = nil
    ) {
        self.id = id
        self.type = type
        self.startTime = startTime
        self.endTime = endTime
        self.recurrence = recurrence
    }
}

/// The kinds of ``TimeRule``.
public enum TimeRuleType: String, Codable, Hashable, Sendable, CaseIterable {
    /// Active at every instant.
    case always
    /// Active from `startTime` (inclusive) to `endTime` (exclusive).
    case timeRange
    /// Active on the days and during the hours its ``RecurrenceRule`` names.
    case recurring
}

/// A repeating pattern of days and hours (seed 001 §2.1).
public struct RecurrenceRule: Codable, Hashable, Sendable {
    /// Days, weeks or months.
    public var frequency: RecurrenceFrequency
    /// Every N days, weeks or months, counted from the local day of the time rule's `startTime`;
    /// below 1 the recurrence is never active. Weeks start on Monday (ISO 8601).
    public var interval: Int
    /// Weekdays on which it is active: 1 = Sunday … 7 = Saturday, as the seed and `Calendar` say.
    /// Nil or empty: no weekday restriction (weekly then uses the start's weekday). A value outside
    /// 1...7, or any weekday on a monthly rule (unsupported), makes the recurrence never active.
    public var daysOfWeek: [Int]?
    /// The hours during an active day; nil for the whole day.
    public var timeOfDay: TimeOfDay?
    /// The IANA time zone the days and hours are read in (for example "Europe/Berlin"); nil uses
    /// the owner's preference, and UTC when the owner has none. Never the machine's zone.
    public var timeZone: String?

    /// A recurrence with the given parts.
    public init(
        frequency: RecurrenceFrequency,
        interval: Int = 1,
        daysOfWeek: [Int]? = nil,
        timeOfDay: TimeOfDay? = nil,
        timeZone: String? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.daysOfWeek = daysOfWeek
        self.timeOfDay = timeOfDay
        self.timeZone = timeZone
    }
}

/// How often a ``RecurrenceRule`` repeats.
public enum RecurrenceFrequency: String, Codable, Hashable, Sendable, CaseIterable {
    case daily
    case weekly
    case monthly
}

/// A window of wall-clock time within a day, `hour:minute` (inclusive) to `endHour:endMinute`
/// (exclusive). An end before the start crosses midnight into the next day: active from the start
/// to 24:00 on an occurrence day and from 00:00 to the end on the day after one. Equal start and
/// end is an empty window, never active; out-of-range numbers make it never active.
public struct TimeOfDay: Codable, Hashable, Sendable {
    /// Start hour, 0–23.
    public var hour: Int
    /// Start minute, 0–59.
    public var minute: Int
    /// End hour, 0–23.
    public var endHour: Int
    /// End minute, 0–59.
    public var endMinute: Int

    /// A window from `hour:minute` to `endHour:endMinute`.
    public init(hour: Int, minute: Int, endHour: Int, endMinute: Int) {
        self.hour = hour
        self.minute = minute
        self.endHour = endHour
        self.endMinute = endMinute
    }

    /// Minutes after midnight at which the window opens; assumes the documented ranges (evaluation
    /// validates them first and does not use this).
    public var startMinuteOfDay: Int { hour * 60 + minute }
    /// Minutes after midnight at which the window closes.
    public var endMinuteOfDay: Int { endHour * 60 + endMinute }
    /// True when the window ends on the day after it starts.
    public var crossesMidnight: Bool { endMinuteOfDay < startMinuteOfDay }
}

/// A condition on where the viewer is (seed 001 §2.1).
public struct LocationRule: Codable, Hashable, Sendable {
    /// Proximity or always.
    public var type: LocationRuleType
    /// For `proximity`: the viewer must be within this many metres of the annotation.
    public var radiusMeters: Double?

    /// A rule with the given parts.
    public init(type: LocationRuleType, radiusMeters: Double? = nil) {
        self.type = type
        self.radiusMeters = radiusMeters
    }
}

/// The kinds of ``LocationRule``.
public enum LocationRuleType: String, Codable, Hashable, Sendable, CaseIterable {
    /// Satisfied when the viewer is within `radiusMeters`.
    case proximity
    /// Always satisfied.
    case always
}
