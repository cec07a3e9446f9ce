import Foundation
import Synchronization

/// How far one media transfer has come (issue 19), for a progress bar.
public struct TransferProgress: Hashable, Sendable {
    /// Which way the bytes go.
    public enum Direction: String, Hashable, Sendable {
        case upload, download
    }

    /// The asset.
    public var sha256: String
    /// Which way.
    public var direction: Direction
    /// Bytes moved so far.
    public var done: Int64
    /// Bytes in all (0 when not known).
    public var total: Int64

    /// A report with the given parts.
    public init(sha256: String, direction: Direction, done: Int64, total: Int64) {
        self.sha256 = sha256
        self.direction = direction
        self.done = done
        self.total = total
    }
}

/// Where a transfer reports its progress; called from any thread, so it must be quick.
public typealias TransferObserver = @Sendable (TransferProgress) -> Void

/// Counts the bytes of one transfer and reports each step to an observer.
final class TransferCounter: Sendable {
    private let moved = Mutex<Int64>(0)
    private let report: @Sendable (Int64) -> Void

    init(sha256: String, direction: TransferProgress.Direction, total: Int64, observer: TransferObserver?) {
        report = { done in
            observer?(TransferProgress(sha256: sha256, direction: direction, done: done, total: total))
        }
    }

    /// Adds `count` bytes and reports the total so far.
    func add(_ count: Int) {
        report(
            moved.withLock {
                $0 += Int64(count)
                return $0
            })
    }
}
