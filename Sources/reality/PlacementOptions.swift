import ArgumentParser
import Foundation
import RealityCore

/// An annotation's rotation and scale, and the rules for when and to whom it shows, as
/// `annotation create` and `annotation update` take them (issue 20).
struct PlacementOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Its rotation, a unit quaternion X,Y,Z,W.") var orientation: Rotation?
    @Option(parsing: .unconditional, help: "Its scale (1 is as made).") var scale: Float?
    @Option(
        parsing: .unconditionalSingleValue,
        help: """
            When it shows; repeat for several windows (any one will do). always, FROM..TO, or a \
            recurrence such as "weekdays 08:00-10:00 Europe/Berlin" or "every 2 weeks sat from 2026-12-05".
            """)
    var visible: [VisibilityPhrase] = []
    @Option(help: "Hide it from this date on; the server then moves it to the trash.") var expires: ArgumentDate?
    @Option(help: "Hide it once it has been viewed this many times; then to the trash.") var views: Int?
    @Option(help: "Show it only to viewers within this distance of it (5m, 2.5km).") var within: Distance?
    @Flag(help: "Remove every visibility rule (update only).") var noRules = false

    /// Sets what was given on `rotation`, `scale` and `rules`; `rules` starts from what it is.
    func apply(
        orientation rotation: inout Quaternion, scale size: inout Float, rules: inout VisibilityRules?,
        in zone: TimeZone, now: Date
    ) throws {
        if let orientation { rotation = orientation.value }
        if let scale { size = scale }
        if noRules { rules = nil }
        guard !visible.isEmpty || expires != nil || views != nil || within != nil else { return }
        var changed = rules ?? VisibilityRules()
        if !visible.isEmpty { changed.timeRules = try visible.map { try $0.rule(in: zone, now: now) } }
        if let expires { changed.expiresAt = expires.value(in: zone, now: now) }
        if let views {
            guard views >= 1 else { throw CLIError.invalid("--views must be 1 or more.") }
            changed.expiresAfterViews = views
        }
        if let within { changed.locationRules = [LocationRule(type: .proximity, radiusMeters: within.metres)] }
        rules = changed
    }
}

/// A rotation as four numbers X,Y,Z,W (a unit quaternion; the identity is 0,0,0,1).
struct Rotation: ExpressibleByArgument {
    let value: Quaternion

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let z = parts[2], let w = parts[3],
            [x, y, z, w].allSatisfy(\.isFinite)
        else { return nil }
        value = Quaternion(x: x, y: y, z: z, w: w)
    }

    static var defaultValueDescription: String { "X,Y,Z,W" }
}
