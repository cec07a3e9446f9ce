import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// How a live-events socket's writer hands its events to its connection: on the connection's
/// loop, in order, a few dozen sockets a turn, and never to a client that stopped reading.
@Suite struct LiveSocketWriterTests {
    private static func connected(on loop: EmbeddedEventLoop) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    private static func written(to channel: EmbeddedChannel) throws -> [LiveEvent] {
        var events: [LiveEvent] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
            #expect(frame.fin && frame.opcode == .text)
            events.append(try RealityJSON.decode(LiveEvent.self, from: Data(frame.data.readableBytesView)))
        }
        return events
    }

    @Test func eachSocketsEvents_reachItsConnection_inOrder_overTheLoopsTurns() throws {
        let loop = EmbeddedEventLoop()
        // More sockets with events than one turn of the loop writes for.
        let channels = try (0..<150).map { _ in try Self.connected(on: loop) }
        let writers = channels.map { LiveSocketWriter(channel: $0) }
        let notification = AppNotification(
            recipientID: UserID(UUID()), type: .comment, title: "Ana commented", body: "on your note")
        let events: [LiveEvent] = [.ready, .changes(scopes: [.public]), .notification(notification)]
        for writer in writers { for event in events { writer.send(event) } }
        #expect(try Self.written(to: channels[0]).isEmpty, "written only on the connection's loop")
        // A job queued now runs after the loop's first turn of writes, before its second.
        // (An embedded loop runs its jobs on this thread, in `run()`.)
        nonisolated(unsafe) let onTheLoop = channels
        nonisolated(unsafe) var early: [[LiveEvent]] = []
        loop.execute { early = onTheLoop.map { (try? Self.written(to: $0)) ?? [] } }
        loop.run()
        #expect(early.count { !$0.isEmpty } == 64)
        for (index, channel) in channels.enumerated() {
            #expect(early[index] + (try Self.written(to: channel)) == events)
        }
        // Once written, a socket's next event goes out on the loop's next turn.
        writers[7].send(.changes(scopes: [.shared]))
        loop.run()
        #expect(try Self.written(to: channels[7]) == [.changes(scopes: [.shared])])
        #expect(try Self.written(to: channels[8]).isEmpty)
    }

    @Test func aSocketFarBehind_keepsItsNewestEvents() throws {
        let loop = EmbeddedEventLoop()
        let channel = try Self.connected(on: loop)
        let writer = LiveSocketWriter(channel: channel)
        let scopes: [[SyncScope]] = [[.public], [.shared], [.private]]
        let events = (0..<(LiveSocketWriter.capacity + 44)).map { LiveEvent.changes(scopes: scopes[$0 % 3]) }
        for event in events { writer.send(event) }
        loop.run()
        #expect(try Self.written(to: channel) == Array(events.suffix(LiveSocketWriter.capacity)))
    }

    /// Closed whole (`EmbeddedChannel` closes whole whatever the mode, so this cannot tell a
    /// closed input from a closed connection; the writer closes the connection, see its comment).
    @Test func aClientThatStoppedReading_isClosed_andSentNothingMore() throws {
        let loop = EmbeddedEventLoop()
        let channel = try Self.connected(on: loop)
        let writer = LiveSocketWriter(channel: channel)
        writer.send(.ready)
        loop.run()
        #expect(try Self.written(to: channel) == [.ready])
        // More than the connection's high-water mark waits unsent.
        channel.isWritable = false
        writer.send(.changes(scopes: [.public]))
        loop.run()
        #expect(!channel.isActive)
        writer.send(.changes(scopes: [.shared]))
        loop.run()
        #expect(try Self.written(to: channel).isEmpty)
    }

    @Test func aFinishedSocket_isSentNothing() throws {
        let loop = EmbeddedEventLoop()
        let channel = try Self.connected(on: loop)
        let writer = LiveSocketWriter(channel: channel)
        writer.send(.ready)
        #expect(writer.stop())
        #expect(!writer.stop(), "stopped once")
        writer.send(.changes(scopes: [.public]))
        loop.run()
        #expect(try Self.written(to: channel).isEmpty)
        #expect(channel.isActive, "stopping leaves the connection to its handler")
        writer.finish()
        #expect(!channel.isActive)
    }
}
