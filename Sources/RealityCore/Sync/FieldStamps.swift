import Foundation

/// When each editable field of a record was last edited, by the clock of whoever edited it:
/// milliseconds since 1970, keyed by the field's wire name (issue 16: per-field last-writer-wins
/// by the time of the person's edit, the same result whichever device syncs first).
///
/// A field without a stamp was last set when the record was made (``stamp(of:createdAt:)``), so
/// a record nobody edited carries none. A new stamp is always later than the field's current one
/// (``next(after:now:)``): an edit made after seeing another is ordered after it even when the
/// editing device's clock runs behind, as in a hybrid logical clock.
public struct FieldStamps: Codable, Hashable, Sendable {
    /// Stamps by field name.
    public var values: [String: Int64]

    /// Stamps from `values`.
    public init(_ values: [String: Int64] = [:]) {
        self.values = values
    }

    /// How far ahead of the server's clock a device's stamp or creation date may be; beyond it
    /// the server uses its own time (a device with an absurd clock must not win every edit).
    public static let maxClockSkew: TimeInterval = 5 * 60

    /// The earliest creation date the server accepts from a device; an earlier one is a clock
    /// that was never set.
    public static let earliestDate = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01

    /// The stamp of `field`: its own, or the record's creation.
    public func stamp(of field: String, createdAt: Date) -> Int64 {
        values[field] ?? Timestamp.milliseconds(createdAt)
    }

    /// A stamp for an edit at `now` of a field stamped `current`: later than both.
    public static func next(after current: Int64, now: Date) -> Int64 {
        max(Timestamp.milliseconds(now), current + 1)
    }

    /// `claimed` as a server accepts it at `now`: no later than `now` plus ``maxClockSkew``.
    public static func bounded(_ claimed: Int64, now: Date) -> Int64 {
        min(claimed, Timestamp.milliseconds(now.addingTimeInterval(maxClockSkew)))
    }

    /// A device's creation date as a server accepts it at `now`: kept when it lies between
    /// ``earliestDate`` and `now` (a device's own history is not rewritten by its first sync),
    /// `now` otherwise (a clock that was never set, or one in the future).
    public static func creationDate(_ claimed: Date?, now: Date) -> Date {
        guard let claimed, claimed >= earliestDate, claimed <= now else { return now }
        return Timestamp.date(milliseconds: Timestamp.milliseconds(claimed))
    }

    /// The stamps of `Record`'s editable fields (a device may send others; they mean nothing),
    /// each bounded as ``bounded(_:now:)`` bounds one.
    public func accepted<Record: StampedRecord>(for record: Record.Type, now: Date) -> FieldStamps {
        let names = Set(Record.editableFields.map(\.name))
        return FieldStamps(values.filter { names.contains($0.key) }.mapValues { Self.bounded($0, now: now) })
    }

    /// Nil when empty, as records store and send it.
    public var nonEmpty: FieldStamps? { values.isEmpty ? nil : self }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Int64].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
