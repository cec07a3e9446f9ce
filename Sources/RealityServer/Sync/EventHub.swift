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
    /// One user's connections and how far the hub has looked into each of their feeds for them.
    private struct Listener {
        var cursors: [SyncScope: SyncCursor]
        var sockets: [UUID: any LiveEventSink] = [:]

        /// The earliest commit any of the cursors stands at.
        var earliest: Int64 { cursors.values.lazy.map(\.sequence).min() ?? 0 }

        /// Moves every cursor that stands before `cursor` to it.
        mutating func advance(to cursor: SyncCursor) {
            // Walked by index, not `indices`, which holds the dictionary and would make the
            // writes copy it.
            var index = cursors.startIndex
            while index != cursors.endIndex {
                if cursors.values[index] < cursor { cursors.values[index] = cursor }
                cursors.formIndex(after: &index)
            }
        }
    }

    private let store: Store
    private let logger: Logger
    /// Where `/health` learns that the hub stopped.
    private let status: LiveEventsStatus
    private var listeners: [UserID: Listener] = [:]
    private var owners: [UUID: UserID] = [:]
    private var epoch: Int64?
    /// The commit through which the hub has looked for everyone (the public feed of a user with
    /// no ties to anything); nil until the first look.
    private var lookedThrough: Int64?

    /// A user who owns nothing and holds no grant: their public feed is what a commit shows
    /// everyone not tied to it (no account has the nil UUID).
    private static var nobody: UserID { UserID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))) }

    init(store: Store, logger: Logger, status: LiveEventsStatus) {
        self.store = store
        self.logger = logger
        self.status = status
    }

    /// Registers a connection of `userID` whose events go to `sink`, and answers its ID for
    /// ``disconnect(_:)``; the sink is finished when the hub stops.
    func connect(_ userID: UserID, to sink: any LiveEventSink) async throws -> UUID {
        let head = try await currentHead(of: userID)
        let id = UUID()
        sink.send(.ready)
        // A user's other sockets keep their cursors: what they were told stands for this one too
        // (at worst it hears of a change made just before it connected).
        listeners[userID, default: Listener(cursors: Self.cursors(after: head))].sockets[id] = sink
        owners[id] = userID
        return id
    }

    /// Forgets a connection.
    func disconnect(_ id: UUID) {
        guard let userID = owners.removeValue(forKey: id) else { return }
        listeners[userID]?.sockets.removeValue(forKey: id)?.finish()
        if listeners[userID]?.sockets.isEmpty == true { listeners.removeValue(forKey: userID) }
    }

    /// How many connections are open.
    var connectionCount: Int { owners.count }

    func run() async throws {
        epoch = try? await store.syncEpoch()
        let commits = store.commits()
        // Graceful shutdown cancels the loop, which ends the stream's iteration.
        _ = await cancelWhenGracefulShutdown {
            for await event in commits { await self.deliver(event) }
        }
        for listener in listeners.values {
            for socket in listener.sockets.values { socket.finish() }
        }
        listeners.removeAll()
        owners.removeAll()
        status.hubStopped()
    }

    /// After a commit: each listening user's feed of each scope since the last look; a scope with
    /// entries gets a hint on every socket of theirs, and notifications in the private feed are
    /// sent whole.
    ///
    /// Most users are tied to nothing a commit touched: for them one read of the public feed of a
    /// user tied to nothing stands in for their three feeds (``LiveAudience``). Only the users the
    /// commit is tied to, and any whose cursors are behind that read, have their own feeds read;
    /// and when access changed, everyone does.
    private func deliver(_ event: CommitEvent) async {
        guard !listeners.isEmpty else {
            // Nothing to look for; the next listener's first commit starts afresh.
            lookedThrough = nil
            epoch = (try? await store.syncEpoch()) ?? epoch
            return
        }
        let now = Timestamp.now()
        let currentEpoch = try? await store.syncEpoch()
        let newEpoch = currentEpoch != nil && currentEpoch != epoch
        epoch = currentEpoch ?? epoch
        // The shared look stands in for many users' own looks; for one user it would only add a
        // round trip before theirs, so one listening user is looked at directly (and the next
        // shared look, once there are more, starts afresh).
        let shortcut: (head: Int64, publicChanged: Bool, tied: Set<UserID>)?
        if listeners.count > 1 {
            shortcut = await lookForEveryone(now: now)
        } else {
            shortcut = nil
            lookedThrough = nil
        }
        // First, without suspending, everyone the shared look answers for (in place: with a
        // thousand listening users this loop is the hub's whole cost); then the others, each
        // with a read of their own.
        var others: [UserID] = []
        if let shortcut, let looked = lookedThrough {
            let scopes: [SyncScope] = newEpoch ? SyncScope.allCases : shortcut.publicChanged ? [.public] : []
            let hint = LiveEvent.changes(scopes: scopes)
            let head = SyncCursor.after(shortcut.head)
            // Walked by index, not `indices`, which holds the dictionary and would make the
            // writes copy it.
            var index = listeners.startIndex
            while index != listeners.endIndex {
                defer { listeners.formIndex(after: &index) }
                let userID = listeners.keys[index]
                guard listeners.values[index].earliest >= looked, !shortcut.tied.contains(userID) else {
                    others.append(userID)
                    continue
                }
                listeners.values[index].advance(to: head)
                guard !scopes.isEmpty else { continue }
                for socket in listeners.values[index].sockets.values { socket.send(hint) }
            }
        } else {
            others = Array(listeners.keys)
        }
        for userID in others {
            // Shutting down: the store may close at any moment; the sockets end anyway.
            guard !Task.isCancelled else { return }
            guard let listener = listeners[userID] else { continue }
            let (scopes, notifications, cursors) = await look(at: userID, from: listener.cursors, now: now)
            publish(newEpoch ? SyncScope.allCases : scopes, notifications: notifications, to: userID, cursors: cursors)
        }
        if let shortcut { lookedThrough = shortcut.head }
    }

    /// What the commits since ``lookedThrough`` show everyone, and who they are tied to; nil when
    /// every user's feeds must be read (access changed, a read failed, or this is the first look).
    private func lookForEveryone(now: Date) async -> (head: Int64, publicChanged: Bool, tied: Set<UserID>)? {
        do {
            guard let looked = lookedThrough else {
                let glances = try await store.liveGlance(
                    for: Self.nobody, after: [.public: .after(.max)], limit: 1, now: now)
                lookedThrough = glances[.public]?.head
                return nil
            }
            let (glance, audience) = try await store.liveSharedLook(for: Self.nobody, after: looked, now: now)
            guard case .users(let tied) = audience else {
                lookedThrough = glance.head
                return nil
            }
            return (glance.head, glance.changed, tied)
        } catch {
            if !Task.isCancelled {
                logger.warning("live events: the shared look failed", metadata: ["error": "\(error)"])
            }
            return nil
        }
    }

    /// `userID`'s own feeds since `cursors`: the scopes with entries, the notifications, the new
    /// cursors. When the read fails, every scope is hinted and the cursors stay.
    private func look(at userID: UserID, from cursors: [SyncScope: SyncCursor], now: Date) async -> (
        [SyncScope], [AppNotification], [SyncScope: SyncCursor]
    ) {
        do {
            let glances = try await store.liveGlance(for: userID, after: cursors, limit: Self.pageSize, now: now)
            var moved = cursors
            for (scope, glance) in glances { moved[scope] = .after(glance.head) }
            return (
                SyncScope.allCases.filter { glances[$0]?.changed == true },
                SyncScope.allCases.flatMap { glances[$0]?.notifications ?? [] }, moved
            )
        } catch {
            logger.warning("live events: feed check failed", metadata: ["error": "\(error)"])
            return (SyncScope.allCases.filter { cursors[$0] != nil }, [], cursors)
        }
    }

    /// Sends the hints and notifications to every socket `userID` still has, and keeps the cursors.
    private func publish(
        _ scopes: [SyncScope], notifications: [AppNotification], to userID: UserID,
        cursors: [SyncScope: SyncCursor]
    ) {
        guard let sockets = listeners[userID]?.sockets.values else { return }
        listeners[userID]?.cursors = cursors
        for socket in sockets {
            if !scopes.isEmpty { socket.send(.changes(scopes: scopes)) }
            for notification in notifications where !notification.isRead {
                socket.send(.notification(notification))
            }
        }
    }

    /// Entries a look reads per scope; beyond them the hint still goes out and the device pulls.
    private static var pageSize: Int { 50 }

    private static func cursors(after head: Int64) -> [SyncScope: SyncCursor] {
        Dictionary(uniqueKeysWithValues: SyncScope.allCases.map { ($0, SyncCursor.after(head)) })
    }

    private func currentHead(of userID: UserID) async throws -> Int64 {
        try await store.liveGlance(for: userID, after: [.private: .after(.max)], limit: 1, now: Timestamp.now())[
            .private]?.head ?? 0
    }
}
