import NIOCore
import Synchronization

/// The live-event sockets of one event loop that have events waiting, written together by one
/// job on that loop (issue 24): a commit's hint to a thousand sockets costs each loop one hop and
/// each socket a write and a flush there, not a task, an actor hop and a loop hop per socket.
final class LiveLoopWrites: Sendable {
    private let loop: any EventLoop
    private let due = Mutex<[LiveSocketWriter]>([])

    private init(_ loop: any EventLoop) { self.loop = loop }

    /// Every loop's writes, made on first use. Each holds its loop, so no other loop can take its
    /// identifier; the server's loops live as long as the process.
    private static let loops = Mutex<[ObjectIdentifier: LiveLoopWrites]>([:])

    /// The writes of `loop`.
    static func of(_ loop: any EventLoop) -> LiveLoopWrites {
        loops.withLock { loops in
            if let writes = loops[ObjectIdentifier(loop)] { return writes }
            let writes = LiveLoopWrites(loop)
            loops[ObjectIdentifier(loop)] = writes
            return writes
        }
    }

    /// Has `writer` write what waits for it at one of the loop's next turns; a writer is added
    /// at most once until it has written (``LiveSocketWriter`` keeps track).
    func add(_ writer: LiveSocketWriter) {
        let first = due.withLock { due in
            due.append(writer)
            return due.count == 1
        }
        if first { loop.execute { self.writeDue() } }
    }

    /// The writers one turn of the loop writes for before it goes back to its sockets' reads and
    /// its other work: a thousand sockets' hint would otherwise hold the loop for all of its
    /// writes, and every read on it would wait (with 1,000 sockets, the time until all heard, p50,
    /// was 30.7 and 27.6 ms with turns of 64 against 37.7 and 32.4 with one turn for all, 2
    /// alternating runs; turns of 16 or 256 measured as 64 did).
    private static var writersPerTurn: Int { 64 }

    /// Writes for the first writers due; the rest wait for the loop's next turn.
    private func writeDue() {
        let (writers, more) = due.withLock { due in
            // Copied out first, so that the list is not shared when it shrinks and is not copied.
            let writers = Array(due.prefix(Self.writersPerTurn))
            due.removeFirst(writers.count)
            return (writers, !due.isEmpty)
        }
        for writer in writers { writer.writeWaiting() }
        if more { loop.execute { self.writeDue() } }
    }
}
