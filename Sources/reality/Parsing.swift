import ArgumentParser
import Foundation
import RealityCore

/// A point given as `X,Y,Z` on the command line.
struct Point: ExpressibleByArgument {
    let value: SIMD3<Float>

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
            x.isFinite, y.isFinite, z.isFinite
        else { return nil }
        value = SIMD3(x, y, z)
    }

    static var defaultValueDescription: String { "X,Y,Z" }
}

/// An identifier given on the command line.
struct ArgumentID<Entity>: ExpressibleByArgument {
    let value: Identifier<Entity>

    init?(argument: String) {
        guard let id = Identifier<Entity>(uuidString: argument) else { return nil }
        value = id
    }
}

/// A date given as ISO 8601 (`2026-11-21T12:00:00Z`), a day (`2026-11-21`), or a word: `now`,
/// `today`, `yesterday`, `tomorrow`. Days and words mean midnight in the profile's time zone,
/// so ``value(in:now:)`` needs it.
struct ArgumentDate: ExpressibleByArgument {
    /// What was typed.
    let text: String

    init?(argument: String) {
        text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        guard value(in: .gmt, now: Date()) != nil else { return nil }
    }

    static var defaultValueDescription: String { "DATE|today|yesterday" }

    /// The instant meant, with days starting at midnight in `zone`.
    func value(in zone: TimeZone, now: Date) -> Date? {
        if let date = Timestamp.parse(text.uppercased()) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        switch text {
        case "now": return now
        case "today": return today
        case "yesterday": return calendar.date(byAdding: .day, value: -1, to: today)
        case "tomorrow": return calendar.date(byAdding: .day, value: 1, to: today)
        default: break
        }
        let parts = text.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }
}

extension AnnotationType: ExpressibleByArgument {}
extension AnnotationStatus: ExpressibleByArgument {}
extension LayerColor: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
extension PermissionLevel: ExpressibleByArgument {}
