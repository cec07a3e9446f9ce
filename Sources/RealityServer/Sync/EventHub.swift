import Foundation
import Logging
import RealityAPI
import RealityCore
import ServiceLifecycle

/// The live events of SPEC C6 (docs/sync-protocol.md, "Live events"): after each commit, every
/// connected user hears which of their scopes changed and receives the notifications delivered
/// to them. Whether a scope changed for a user is decided by that user's own feed since the last
/// commit the hub looked at, so hints follow exactly the feed's visibility and access rules.
///
/// A swift-service-lifecycle `Service`: it listens to the store's commits until shutdown.
actor EventHub<Store: ServerStore>: Service {
    private struct Connection {
        var userID: UserID
        var continuation: AsyncStream<LiveEvent>.Continuation
        var cursors: [SyncScope: SyncCursor]
    }

    private let store: Store
    private let logger: Logger
    private var connections: [UUID: Connection] = [:]
    private var epoch: Int64?

    init(store: Store, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Registers a connection of `userID`; its stream ends when the hub stops.
    func connect(_ userID: UserID) async throws -> (UUID, AsyncStream<LiveEvent>) {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let head = try await currentHead(of: userID)
        let id = UUID()
        continuation.yield(.ready)
        connections[id] = Connection(
            userID: userID, continuation: continuation,
            cursors: Dictionary(uniqueKeysWithValues: SyncScope.allCases.map { ($0, SyncCursor.after(head)) }))
        return (id, stream)
    }

    /// Forgets a connection.
    func disconnect(_ id: UUID) {
        connections.removeValue(forKey: id)?.continuation.finish()
    }

    /// How many connections are open.
    var connectionCount: Int { connections.count }

    func run() async throws {
        epoch = try? await store.syncEpoch()
        for await event in store.commits().cancelOnGracefulShutdown() {
            await deliver(event)
        }
        for connection in connections.values { connection.continuation.finish() }
        connections.removeAll()
    }

    private func deliver(_ event: CommitEvent) async {
        let now = Timestamp.now()
        let currentEpoch = try? await store.syncEpoch()
        let newEpoch = currentEpoch != nil && currentEpoch != epoch
        epoch = currentEpoch ?? epoch
        for id in Array(connections.keys) {
            guard var connection = connections[id] else { continue }
            var scopes: [SyncScope] = []
            for scope in SyncScope.allCases {
                guard let cursor = connection.cursors[scope] else { continue }
                do {
                    let page = try await store.syncFeed(
                        for: connection.userID, scope: scope, after: cursor, limit: 1, now: now)
                    if newEpoch || !page.entries.isEmpty { scopes.append(scope) }
                    connection.cursors[scope] = .after(page.head)
                } catch {
                    logger.warning("live events: feed check failed", metadata: ["error": "\(error)"])
                    scopes.append(scope)
                }
            }
            guard connections[id] != nil else { continue }
            connections[id]?.cursors = connection.cursors
            if !scopes.isEmpty { connection.continuation.yield(.changes(scopes: scopes)) }
            for notification in event.notifications where notification.recipientID == connection.userID {
                connection.continuation.yield(.notification(notification))
            }
        }
    }

    private func currentHead(of userID: UserID) async throws -> Int64 {
        try await store.syncFeed(
            for: userID, scope: .private, after: .after(.max), limit: 1, now: Timestamp.now()
        ).head
    }
}
