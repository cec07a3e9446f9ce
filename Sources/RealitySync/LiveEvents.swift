import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import RealityAPI
import RealityCore

/// The client of the events WebSocket (`GET /api/v1/events`, docs/sync-protocol.md "Live
/// events"): connects with the session's token and hands each decoded event to a closure.
public struct LiveEventsClient: Sendable {
    /// The server's base address (http or https).
    public let serverURL: String
    /// The session's bearer token.
    public let token: String
    let logger: Logger

    /// A client for `serverURL` signed in with `token`.
    public init(serverURL: String, token: String, logger: Logger) {
        self.serverURL = serverURL
        self.token = token
        self.logger = logger
    }

    /// The events address: the server's with a ws or wss scheme.
    var eventsURL: String {
        let base = serverURL.hasSuffix("/") ? String(serverURL.dropLast()) : serverURL
        let path = APIRoute.events.path()
        if base.hasPrefix("https://") { return "wss://" + base.dropFirst("https://".count) + path }
        if base.hasPrefix("http://") { return "ws://" + base.dropFirst("http://".count) + path }
        return base + path
    }

    /// Connects, calls `connected` once the socket is open, then `handle` for each event, until
    /// the server closes the socket (returns) or the connection fails (throws).
    ///
    /// Cancelling the calling task closes the socket with a close handshake and then returns:
    /// the connection runs in a task of its own, so that cancellation cannot cut the close frame
    /// off and leave a half-open connection for the server to wait on.
    public func run(
        connected: @escaping @Sendable () async -> Void, handle: @escaping @Sendable (LiveEvent) async -> Void
    ) async throws {
        let (stop, stopper) = AsyncStream<Void>.makeStream()
        let connection = Task { try await connect(until: stop, connected: connected, handle: handle) }
        try await withTaskCancellationHandler {
            try await connection.value
        } onCancel: {
            stopper.finish()
        }
    }

    private func connect(
        until stop: AsyncStream<Void>, connected: @escaping @Sendable () async -> Void,
        handle: @escaping @Sendable (LiveEvent) async -> Void
    ) async throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        let logger = self.logger
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 1 << 20, additionalHeaders: headers, autoPing: .enabled(timePeriod: .seconds(30)))
        do {
            try await WebSocketClient.connect(url: eventsURL, configuration: configuration, logger: logger) {
                inbound, outbound, _ in
                await connected()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            guard let event = LiveEventReader.event(in: text) else {
                                logger.debug("unreadable event", metadata: ["sync.event": "\(text.prefix(200))"])
                                continue
                            }
                            await handle(event)
                        }
                    }
                    group.addTask {
                        for await _ in stop {}
                        guard !Task.isCancelled else { return }
                        try await outbound.close(.goingAway, reason: nil)
                    }
                    // Either the server ended the socket or the caller asked to stop; in the
                    // second case the reading task ends with the server's answering close.
                    try await group.next()
                    group.cancelAll()
                }
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.network(String(describing: error))
        }
    }
}
