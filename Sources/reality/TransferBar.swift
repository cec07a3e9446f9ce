import Foundation
import RealitySync
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A progress bar on standard error for media transfers of at least ``minimumBytes`` (issue 19):
/// one line redrawn at most ten times a second, ended when the transfer is. Silent with `--json`
/// and when standard error is not a terminal, so scripts and logs see nothing of it.
final class TransferBar: Sendable {
    /// Smaller transfers draw no bar.
    static let minimumBytes: Int64 = 1 << 20
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    /// A bar for `output`, or nil when there is nowhere to draw one.
    static func make(for output: Output) -> TransferBar? {
        output.json || isatty(STDERR_FILENO) == 0 ? nil : TransferBar()
    }

    /// The observer to give the sync engine or the transport.
    var observer: TransferObserver { { [self] in self.show($0) } }

    private func show(_ progress: TransferProgress) {
        guard progress.total >= Self.minimumBytes else { return }
        let finished = progress.done >= progress.total
        let now = ContinuousClock.now
        let due = lastDrawn.withLock { last in
            guard finished || last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = finished ? nil : now
            return true
        }
        guard due else { return }
        FileHandle.standardError.write(Data(("\r" + Self.line(progress) + (finished ? "\n" : "")).utf8))
    }

    /// `↑ 659624d2235c [#########-----------]  45%   1.2 MB / 2.7 MB`
    static func line(_ progress: TransferProgress) -> String {
        let fraction = min(1, Double(progress.done) / Double(max(progress.total, 1)))
        let filled = Int(fraction * 20)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
        let percent = String(format: "%3d%%", Int(fraction * 100))
        let arrow = progress.direction == .upload ? "↑" : "↓"
        let sizes = "\(MediaCommand.size(progress.done)) / \(MediaCommand.size(progress.total))"
        return "\(arrow) \(progress.sha256.prefix(12)) [\(bar)] \(percent)  \(sizes)"
    }
}
