import Foundation
import Logging
import RealityAPI
import RealityCore
import ServiceLifecycle

/// The live events of SPEC C6 (docs/sync-protocol.md, "Live events"): after each commit, every
/// connected user hears which of their scopes changed and receives the notifications delivered
/// to them. Both come from that user's own feed since the last commit the hub looked at, so they
/// follow exactly the feed's visibility and access rules, and a commit made by another instance
/// on the same database (which the store reports as a commit event too) is seen the same way.
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
    /// Where `/health` learns that the hub stopped.
    private let status: LiveEventsStatus
    private var connections: [UUID: Connection] = [:]
    private var epoch: Int64?

    init(store: Store, logger: Logger, status: LiveEventsStatus) {
        self.store = store
        self.logger = logger
        self.status = status
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
        let commits = store.commits()
        // Graceful shutdown cancels the loop, which ends the stream's iteration.
        _ = await cancelWhenGracefulShutdown {
            for await event in commits { await self.deliver(event) }
        }
        for connection in connections.values { connection.continuation.finish() }
        connections.removeAll()
        status.hubStopped()
    }

    /// After a commit: each connection's feed of each scope since the last look; a scope with
    /// entries gets a hint, and notifications in the private feed are sent whole.
    private func deliver(_ event: CommitEvent) async {
        let now = Timestamp.now()
        let currentEpoch = try? await store.syncEpoch()
        let newEpoch = currentEpoch != nil && currentEpoch != epoch
        epoch = currentEpoch ?? epoch
        for id in Array(connections.keys) {
            guard let connection = connections[id] else { continue }
            var scopes: [SyncScope] = []
            var notifications: [AppNotification] = []
            var cursors = connection.cursors
            for scope in SyncScope.allCases {
                guard let cursor = cursors[scope] else { continue }
                do {
                    let page = try await store.syncFeed(
                        for: connection.userID, scope: scope, after: cursor, limit: Self.pageSize, now: now)
                    if newEpoch || !page.entries.isEmpty { scopes.append(scope) }
                    for case .notification(let notification) in page.entries.compactMap(\.record) {
                        notifications.append(notification)
                    }
                    cursors[scope] = .after(page.head)
                } catch {
                    logger.warning("live events: feed check failed", metadata: ["error": "\(error)"])
                    scopes.append(scope)
                }
            }
            guard connections[id] != nil else { continue }
            connections[id]?.cursors = cursors
            if !scopes.isEmpty { connection.continuation.yield(.changes(scopes: scopes)) }
            for notification in notifications where !notification.isRead {
                connection.continuation.yield(.notification(notification))
            }
        }
    }

    /// Entries a look reads per scope; beyond them the hint still goes out and the device pulls.
    private static var pageSize: Int { 50 }

    private func currentHead(of userID: UserID) async throws -> Int64 {
        try await store.syncFeed(
            for: userID, scope: .private, after: .after(.max), limit: 1, now: Timestamp.now()
        ).head
    }
}
