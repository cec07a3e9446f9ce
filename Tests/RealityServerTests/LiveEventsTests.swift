import Foundation
import HTTPTypes
import HummingbirdWSTesting
import RealityAPI
import RealityCore
import Synchronization
import Testing
import WSClient

@testable import RealityServer

/// `GET /api/v1/events`: the WebSocket of live events (SPEC C6).
@Suite("Live events")
struct LiveEventsTests {
    @Test(
        "a grantee hears of a shared change and receives the share's notification; strangers hear nothing",
        arguments: Backend.allCases)
    func hints(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let cat = try await api.register("Cat")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let bobEvents = EventRecorder()
            let catEvents = EventRecorder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await api.listen(as: bob, into: bobEvents) }
                group.addTask { try await api.listen(as: cat, into: catEvents) }
                try await bobEvents.waitUntilConnected()
                try await catEvents.waitUntilConnected()
                try await api.share(layer.id, by: ann, with: bob, as: .commenter)
                _ = try await api.createNote(ann, in: layer.id)
                let received = try await bobEvents.wait { events in
                    events.contains { if case .changes(let scopes) = $0 { scopes.contains(.shared) } else { false } }
                        && events.contains { if case .notification(let n) = $0 { n.type == .shared } else { false } }
                }
                #expect(
                    !received.contains { if case .changes(let scopes) = $0 { scopes.contains(.public) } else { false } }
                )
                // Cat's own change comes after Ann's; once Cat hears it, Ann's would have arrived first.
                _ = try await api.createLayer(cat)
                let catReceived = try await catEvents.wait { events in
                    events.contains { if case .changes(let scopes) = $0 { scopes == [.private] } else { false } }
                }
                #expect(
                    catReceived.allSatisfy { if case .changes(let scopes) = $0 { scopes == [.private] } else { false } }
                )
                await bobEvents.stop()
                await catEvents.stop()
                try await group.waitForAll()
            }
        }
    }

    @Test(
        "a client that never answers the close frame holds the server's shutdown for the close timeout at most",
        .timeLimit(.minutes(3)), arguments: Backend.allCases)
    func silentClient(_ backend: Backend) async throws {
        let socket = Mutex<SilentSocket?>(nil)
        // From the moment the body returns, when the server's shutdown starts (not the database's
        // setup, which a loaded machine can make slow).
        let shutdownStarted = Mutex<ContinuousClock.Instant?>(nil)
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let port = try #require(api.client.port)
            // A client that upgrades, then reads and writes nothing: it answers no ping and no close.
            let silent = try SilentSocket(port: port, path: "/api/v1/events", token: ann.token)
            #expect(try await silent.readResponseHead().hasPrefix("HTTP/1.1 101"))
            socket.withLock { $0 = silent }
            shutdownStarted.withLock { $0 = ContinuousClock.now }
        }
        // The server has stopped while the socket was still open.
        let started = try #require(shutdownStarted.withLock { $0 })
        #expect(ContinuousClock.now - started < .seconds(30), "shut down within the 5-second close timeout")
        socket.withLock { $0?.close() }
    }

    @Test("the upgrade needs a valid token, as its declaration says", arguments: Backend.allCases)
    func requiresToken(_ backend: Backend) async throws {
        #expect(APIRoute.events.access == .user)
        #expect(EventsRoute.route == APIRoute.events)
        let path = APIRoute.events.path()
        try await TestServer.run(backend) { api in
            // The upgrade request by hand, on a connection of its own: the WebSocket client
            // leaves its connection open when an upgrade is refused.
            for token in [nil, "nope"] {
                let refused = try SilentSocket(port: try #require(api.client.port), path: path, token: token)
                let head = try await refused.readResponseHead()
                #expect(head.hasPrefix("HTTP/1.1 401"), "token \(token ?? "none"): \(head)")
                refused.close()
            }
            let ann = try await api.register("Ann")
            let accepted = try SilentSocket(port: try #require(api.client.port), path: path, token: ann.token)
            #expect(try await accepted.readResponseHead().hasPrefix("HTTP/1.1 101"), "a valid token upgrades")
            accepted.close()
        }
    }

    @Test(
        "an upgrade takes a token of the caller's rate limit, shared with the HTTP routes", arguments: Backend.allCases)
    func upgradeIsRateLimited(_ backend: Backend) async throws {
        #expect(APIRoute.events.isRateLimited)
        try await TestServer.run(
            backend,
            {
                $0.rateLimitBurst = 3
                $0.rateLimitPerSecond = 0.01
            }
        ) { api in
            let ann = try await api.register("Ann")
            let port = try #require(api.client.port)
            #expect(try await api.send(.get, "/api/v1/me", token: ann.token).status == .ok)
            var sockets: [SilentSocket] = []
            defer { sockets.forEach { $0.close() } }
            for _ in 0..<2 {
                sockets.append(try SilentSocket(port: port, path: APIRoute.events.path(), token: ann.token))
                #expect(try await sockets.last!.readResponseHead().hasPrefix("HTTP/1.1 101"))
            }
            // The bucket of three is empty: the next upgrade is refused, and so is a request.
            let refused = try SilentSocket(port: port, path: APIRoute.events.path(), token: ann.token)
            sockets.append(refused)
            let head = try await refused.readResponseHead()
            #expect(head.hasPrefix("HTTP/1.1 429"), "\(head)")
            #expect(head.lowercased().contains("retry-after:"), "\(head)")
            #expect(try await api.send(.get, "/api/v1/me", token: ann.token).status == .tooManyRequests)
            // Another user has a bucket of their own.
            let ben = try await api.register("Ben")
            let other = try SilentSocket(port: port, path: APIRoute.events.path(), token: ben.token)
            sockets.append(other)
            #expect(try await other.readResponseHead().hasPrefix("HTTP/1.1 101"))
        }
    }
}

/// Collects the events one socket receives.
actor EventRecorder {
    private(set) var events: [LiveEvent] = []
    /// Every text frame as it arrived, `ready` included.
    private(set) var frames: [String] = []
    private var isConnected = false

    private(set) var isStopped = false

    func connected() { isConnected = true }
    /// Asks the listener to close its socket.
    func stop() { isStopped = true }
    func record(_ event: LiveEvent) { events.append(event) }
    func record(frame: String) { frames.append(frame) }

    /// How long a wait lasts: long, because a test machine running every suite at once can be
    /// slow; a wait that succeeds returns as soon as it does.
    static let patience: Duration = .seconds(30)

    /// Waits (polling) until the server says the socket is registered.
    func waitUntilConnected() async throws {
        let deadline = ContinuousClock.now + Self.patience
        while !isConnected, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        guard isConnected else { throw TestFailure("the socket did not connect") }
    }

    /// The events so far once `condition` holds for them (waiting up to ``patience``).
    func wait(until condition: @Sendable ([LiveEvent]) -> Bool) async throws -> [LiveEvent] {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline {
            if condition(events) { return events }
            try await Task.sleep(for: .milliseconds(10))
        }
        if condition(events) { return events }
        throw TestFailure("expected events did not arrive; got \(events)")
    }
}

extension APIClient {
    /// Opens the events socket as `session` and records what arrives until the recorder is
    /// stopped (then it closes the socket with a close handshake) or the server closes it.
    func listen(as session: Session, into recorder: EventRecorder) async throws {
        try await client.ws(
            "/api/v1/events",
            configuration: WebSocketClientConfiguration(additionalHeaders: [.authorization: "Bearer \(session.token)"])
        ) { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        await recorder.record(frame: text)
                        for violation in SchemaConformance.violations(
                            method: .get, path: "/api/v1/events", status: 101, contentType: "application/json",
                            body: Data(text.utf8))
                        {
                            Issue.record("The event breaks the OpenAPI document: \(violation)")
                        }
                        let event = try RealityJSON.decode(LiveEvent.self, from: Data(text.utf8))
                        if event == .ready { await recorder.connected() } else { await recorder.record(event) }
                    }
                }
                group.addTask {
                    while await !recorder.isStopped { try await Task.sleep(for: .milliseconds(10)) }
                    try await outbound.close(.normalClosure, reason: nil)
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
