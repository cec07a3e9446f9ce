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
        if base.hasPrefix("https://") { return "wss://" + base.dropFirst("https://".count) + "/api/v1/events" }
        if base.hasPrefix("http://") { return "ws://" + base.dropFirst("http://".count) + "/api/v1/events" }
        return base + "/api/v1/events"
    }

    /// Connects, calls `connected` once the socket is open, then `handle` for each event, until
    /// the server closes the socket (returns) or the connection fails (throws).
    public func run(
        connected: @escaping @Sendable () async -> Void, handle: @escaping @Sendable (LiveEvent) async -> Void
    ) async throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        let logger = self.logger
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 1 << 20, additionalHeaders: headers, autoPing: .enabled(timePeriod: .seconds(30)))
        do {
            try await WebSocketClient.connect(url: eventsURL, configuration: configuration, logger: logger) {
                inbound, _, _ in
                await connected()
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    guard let event = try? RealityJSON.decode(LiveEvent.self, from: Data(text.utf8)) else {
                        logger.debug("unreadable event", metadata: ["sync.event": "\(text.prefix(200))"])
                        continue
                    }
                    await handle(event)
                }
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.network(String(describing: error))
        }
    }
}
