import HummingbirdWebSocket
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

/// One WebSocket's live events, written as JSON text frames in the order they were sent, by a
/// task that exists only while there is something to write: an idle socket holds no task of its
/// own here, only its connection's, which reads the client's frames (issue 24: memory per idle
/// socket). At most ``capacity`` events wait; beyond that the oldest are dropped, as a device
/// that far behind pulls its feeds whole anyway.
final class LiveSocketWriter: LiveEventSink {
    private struct State {
        var waiting: [LiveEvent] = []
        var writing = false
        var finished = false
    }

    /// Events kept for a socket whose writes lag.
    static let capacity = 256

    private let outbound: WebSocketOutboundWriter
    private let channel: any Channel
    private let state = Mutex(State())

    /// A writer to `outbound`; ``finish()`` closes `channel`'s input, which ends the reading of
    /// the connection's handler.
    init(_ outbound: WebSocketOutboundWriter, channel: any Channel) {
        self.outbound = outbound
        self.channel = channel
    }

    func send(_ event: LiveEvent) {
        let start = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.waiting.count == Self.capacity { state.waiting.removeFirst() }
            state.waiting.append(event)
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
        if start { Task { await self.write() } }
    }

    func finish() {
        stop()
        // The WebSocket layer then sends its close frame and does not wait for the client's
        // answer on a closed input: a silent peer cannot hold a shutdown. Closed even when the
        // events had already stopped: a write that failed because the layer began its close
        // (graceful shutdown) stops them first, and the reading must still end, or the handler
        // never returns and the layer never starts its close timeout.
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

    /// Writes what waits until nothing does; a failed write ends the socket.
    private func write() async {
        while true {
            let batch = state.withLock { state -> [LiveEvent] in
                defer { state.waiting.removeAll(keepingCapacity: false) }
                if state.waiting.isEmpty || state.finished { state.writing = false }
                return state.finished ? [] : state.waiting
            }
            guard !batch.isEmpty else { return }
            do {
                for event in batch { try await outbound.write(.custom(LiveFrames.frame(for: event))) }
            } catch {
                // The connection is going. Its reading must end too: a silent peer would keep the
                // input open, and the handler with it.
                finish()
                return
            }
        }
    }
}
