import Foundation

extension TimeOfDay {
    /// The window as seconds of the local day, `start..<end`; nil when malformed or empty.
    ///
    /// Hours must be 0–23 and minutes 0–59 (so "24:00" is written `0:00`); anything else is
    /// malformed. Equal start and end is an empty window, never active (validation rejects it). An
    /// end before the start crosses midnight: `end` is then on the following day.
    var secondsWindow: SecondsWindow? {
        guard (0...23).contains(hour), (0...59).contains(minute),
            (0...23).contains(endHour), (0...59).contains(endMinute)
        else { return nil }
        let start = (hour * 60 + minute) * 60
        let end = (endHour * 60 + endMinute) * 60
        guard start != end else { return nil }
        return SecondsWindow(start: start, end: end)
    }
}

/// A validated, non-empty wall-clock window in seconds of the local day, `start` inclusive and
/// `end` exclusive; `end < start` crosses midnight.
struct SecondsWindow: Hashable, Sendable {
    /// First second of the window.
    let start: Int
    /// First second after the window (on the next day when the window crosses midnight).
    let end: Int

    /// True when the window runs from `start` on one day to `end` on the next.
    var crossesMidnight: Bool { end < start }

    /// Whether `time` is in the window, given whether its local day and the day before it are
    /// occurrence days.
    ///
    /// A window that crosses midnight is active from `start` to 24:00 on an occurrence day and from
    /// 00:00 to `end` on the day after one: Fridays 22:00–02:00 is active early on Saturday, not
    /// early on Friday.
    func contains(
        _ time: LocalDateTime,
        isOccurrence: (_ day: Int64) -> Bool
    ) -> Bool {
        let second = time.secondOfDay
        guard crossesMidnight else {
            return second >= start && second < end && isOccurrence(time.day)
        }
        if second >= start { return isOccurrence(time.day) }
        if second < end { return isOccurrence(time.day - 1) }
        return false
    }
}
