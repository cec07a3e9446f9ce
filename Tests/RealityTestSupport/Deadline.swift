import Foundation
import RealityCore

/// A deadline in wall-clock time that the server compares with its own clock (a grant's or a
/// plan's end), observed on both sides however slow the machine is.
///
/// A test that sets something to lapse a fixed time from now and checks it before then fails
/// when the machine is slow enough (under ThreadSanitizer, or on two loaded cores) for the check
/// to arrive after the lapse. Here a look counts as "before" only when its answer arrived before
/// the deadline, which proves the server decided before it; otherwise the set-up is made again
/// with a window twice as long. The checks themselves are the caller's and never loosen.
public enum Deadline {
    /// The longest window tried before giving up.
    public static let longestWindow: TimeInterval = 128

    /// The machine never finished `look` within `longestWindow` of `setUp`.
    public struct TooSlow: Error, CustomStringConvertible {
        public let window: TimeInterval
        public var description: String { "set-up and look took longer than a \(window) s window" }
    }

    /// Calls `setUp(deadline)` with a deadline `window` seconds away and then `look()`, until one
    /// `look` answers before its deadline (doubling the window each time one does not); waits
    /// until that deadline has passed, and returns what that look saw and the deadline.
    ///
    /// `setUp` must replace what an earlier call set up (a grant given again, a plan set again).
    public static func observeBefore<Seen>(
        window: TimeInterval = 2,
        setUp: (Date) async throws -> Void,
        look: () async throws -> Seen
    ) async throws -> (seen: Seen, deadline: Date) {
        var window = window
        while true {
            let deadline = Timestamp.now().addingTimeInterval(window)
            try await setUp(deadline)
            let seen = try await look()
            if Timestamp.now() < deadline {
                try await waitUntilPast(deadline)
                return (seen, deadline)
            }
            guard window * 2 <= longestWindow else { throw TooSlow(window: window) }
            window *= 2
        }
    }

    /// Returns once the wall clock (at the store's millisecond precision) is past `deadline`.
    public static func waitUntilPast(_ deadline: Date) async throws {
        while Timestamp.now() <= deadline {
            try await Task.sleep(for: .milliseconds(max(1, Int(deadline.timeIntervalSinceNow * 1000) + 20)))
        }
    }
}
