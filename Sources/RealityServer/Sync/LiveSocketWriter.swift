import NIOCore
import RealityAPI
import RealityCore
import Synchronization

/// Where the event hub sends one connection's live events (``EventHub/connect(_:to:)``).
protocol LiveEventSink: Sendable {
    /// Sends `event` after those sent before it; after ``finish()`` it does nothing.
    func send(_ event: LiveEvent)
    /// Ends the connection's events: nothing more is sent, and the connection closes.
    func finish()
}

/// One WebSocket's live events, written as JSON text frames in the order they were sent, on
/// the connection's event loop by its ``LiveLoopWrites``, with every other socket of that loop
/// that has events waiting: an idle socket holds no task of its own here, only its connection's,
/// which reads the client's frames (issue 24: memory per idle socket), and a busy one none either.
/// At most ``capacity`` events wait for the loop's turn; beyond that the oldest are dropped, as
/// a device that far behind pulls its feeds whole anyway. A client that stops reading is closed
/// once more than the connection's high-water mark waits unsent to it.
final class LiveSocketWriter: LiveEventSink {
    private struct State {
        var waiting: [LiveEvent] = []
        /// In its loop's writes, to be written at the loop's next turn.
        var due = false
        var finished = false
    }

    /// Events kept for a socket whose writes lag.
    static let capacity = 256

    private let channel: any Channel
    private let loop: LiveLoopWrites
    private let state = Mutex(State())

    /// A writer to `channel`, a WebSocket's after its upgrade; ``finish()`` closes its input,
    /// which ends the reading of the connection's handler.
    init(channel: any Channel) {
        self.channel = channel
        self.loop = LiveLoopWrites.of(channel.eventLoop)
    }

    func send(_ event: LiveEvent) {
        let add = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.waiting.count == Self.capacity { state.waiting.removeFirst() }
            state.waiting.append(event)
            guard !state.due else { return false }
            state.due = true
            return true
        }
        if add { loop.add(self) }
    }

    func finish() {
        stop()
        // The WebSocket layer then sends its close frame and does not wait for the client's
        // answer on a closed input: a silent peer cannot hold a shutdown. Closed even when the
        // events had already stopped (the handler may be returning), so that the reading ends
        // whatever stopped them and the layer starts its close timeout.
        channel.close(mode: .input, promise: nil)
    }

    /// Ends the events without touching the connection (its handler is returning anyway);
    /// answers whether they were still going.
    @discardableResult
    func stop() -> Bool {
        state.withLock { state -> Bool in
            defer { state.finished = true }
            state.waiting.removeAll()
            return !state.finished
        }
    }

    /// Writes and flushes what waits; on the channel's event loop (``LiveLoopWrites``). Frames
    /// go to the pipeline's tail, through the WebSocket frame encoder, as the layer's own writer's
    /// do; a write to a connection that has closed fails quietly (the connection's handler learns
    /// of the close by its reading ending).
    func writeWaiting() {
        let events = state.withLock { state -> [LiveEvent] in
            state.due = false
            defer { state.waiting.removeAll() }
            return state.finished ? [] : state.waiting
        }
        guard !events.isEmpty else { return }
        guard channel.isWritable else {
            // More than the high-water mark is still unsent: the client has stopped reading. The
            // connection is closed whole: closing only its input would leave the WebSocket layer
            // waiting for room to send its close frame, which a client that reads nothing never
            // makes, and the connection open until shutdown.
            stop()
            channel.close(promise: nil)
            return
        }
        do {
            for event in events { channel.write(try LiveFrames.frame(for: event), promise: nil) }
        } catch {
            finish()
            return
        }
        channel.flush()
    }
}
