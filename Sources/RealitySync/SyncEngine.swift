import AsyncHTTPClient
import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityStore

/// The device's sync engine (SPEC S9, docs/sync-protocol.md): pushes the outbox, pulls every
/// scope, settles conflicts with the store's chosen strategy.
///
/// An actor because it owns mutable state (the server's limits as last published, the batch
/// size after a 413); one sync runs at a time. ``SyncService`` runs it continuously.
public actor SyncEngine {
    /// The device store.
    public let store: SQLiteStore
    let transport: SyncTransport
    let clientID: String
    let retry: RetryPolicy
    let pageSize: Int
    let logger: Logger
    var limits: SyncLimits?

    /// An engine over `store` talking through `transport`, pushing as device `clientID`.
    public init(
        store: SQLiteStore, transport: SyncTransport, clientID: String, retry: RetryPolicy = RetryPolicy(),
        pageSize: Int = 500, logger: Logger = Logger(label: "reality.sync")
    ) {
        self.store = store
        self.transport = transport
        self.clientID = clientID
        self.retry = retry
        self.pageSize = pageSize
        self.logger = logger
    }

    /// An engine for the account `store` is signed in to; throws ``SyncError/notSignedIn`` when
    /// it has no session.
    public static func signedIn(
        _ store: SQLiteStore, client: HTTPClient = .shared, retry: RetryPolicy = RetryPolicy(),
        logger: Logger = Logger(label: "reality.sync")
    ) async throws -> SyncEngine {
        guard let account = try await store.deviceAccount(), let token = account.token else { throw SyncError.notSignedIn }
        return SyncEngine(
            store: store, transport: SyncTransport(serverURL: account.serverURL, token: token, client: client),
            clientID: account.clientID, retry: retry, logger: logger)
    }

    /// The transport, for the events socket.
    public var serverTransport: SyncTransport { transport }

    // MARK: - Sync

    /// One full sync: push, pull every scope, then push what merging left to send.
    @discardableResult
    public func sync() async throws -> SyncSummary {
        var summary = SyncSummary()
        summary.add(try await push())
        for scope in SyncScope.allCases {
            summary.add(try await pull(scope), scope: scope)
        }
        summary.add(try await push())
        return summary
    }

    /// Pulls the given scopes (on a live hint), then pushes what merging left to send.
    @discardableResult
    public func pull(scopes: [SyncScope]) async throws -> SyncSummary {
        var summary = SyncSummary()
        for scope in SyncScope.allCases where scopes.contains(scope) {
            summary.add(try await pull(scope), scope: scope)
        }
        summary.add(try await push())
        return summary
    }

    /// Pulls `scope` from its saved token until the server has no more, each page applied with
    /// its token in one transaction, in order; on 410 drops the token and pulls the scope from
    /// scratch.
    ///
    /// Three steps overlap, as on a first sync they take about as long each: while page N is
    /// applied, page N+1 is decoded and the server prepares page N+2 (asked for as soon as page
    /// N+1's token is read). Whatever fails, the pages before it are applied, as they would be
    /// one after the other.
    public func pull(_ scope: SyncScope) async throws -> PullReport {
        let strategy = try await store.conflictStrategy()
        let limit = min(pageSize, 1000)
        var total = PullReport()
        var resynced = false
        var body: Data
        do {
            let token = try await store.syncToken(for: scope)
            body = try await Self.fetch(scope, since: token, limit: limit, transport: transport, retry: retry)
        } catch SyncError.resyncRequired {
            resynced = true
            body = try await resync(scope, limit: limit)
        }
        // A decoded page with more to come, waiting to be applied.
        var ready: (changes: [PulledChange], token: String)?
        while true {
            let found = RecordJSONScanner.scan(body)
            let early = found?.moreComing == true ? found?.token : nil
            let previous = ready
            async let applied = previous.asyncMap { [store] previous in
                try await store.applyPulledPage(
                    previous.changes, scope: scope, token: previous.token, complete: false, strategy: strategy)
            }
            async let prefetched = early.asyncMap { [transport, retry] token in
                try await Self.fetch(scope, since: token, limit: limit, transport: transport, retry: retry)
            }
            let decoded = Result { try SyncTransport.decodeChanges(body) }
            if let report = try await applied { total.add(report) }
            let page = try decoded.get()
            let changes = Self.pulledChanges(page, recordJSON: found?.records)
            guard page.moreComing else {
                total.add(
                    try await store.applyPulledPage(
                        changes, scope: scope, token: page.token, complete: true, strategy: strategy))
                return total
            }
            do {
                if early == page.token, let next = try await prefetched {
                    body = next
                } else {
                    body = try await Self.fetch(scope, since: page.token, limit: limit, transport: transport, retry: retry)
                }
                ready = (changes, page.token)
            } catch {
                total.add(
                    try await store.applyPulledPage(
                        changes, scope: scope, token: page.token, complete: false, strategy: strategy))
                guard case SyncError.resyncRequired = error, !resynced else { throw error }
                ready = nil
                resynced = true
                body = try await resync(scope, limit: limit)
            }
        }
    }

    /// After a 410: drops the token of `scope`, marks its records, and fetches its first page.
    private func resync(_ scope: SyncScope, limit: Int) async throws -> Data {
        logger.info("resync required", metadata: ["sync.scope": "\(scope.rawValue)"])
        try await store.beginResync(of: scope)
        return try await Self.fetch(scope, since: nil, limit: limit, transport: transport, retry: retry)
    }

    /// The body of one page of `scope` after `token`, retried as `retry` says; off the actor.
    private static func fetch(
        _ scope: SyncScope, since token: String?, limit: Int, transport: SyncTransport, retry: RetryPolicy
    ) async throws -> Data {
        try await retry.run { try await transport.changesBody(scope: scope, since: token, limit: limit) }
    }

    /// The page's changes as the store takes them, each with its record's JSON as the server sent
    /// it when the scan found it for every record.
    private static func pulledChanges(_ page: SyncChangesPage, recordJSON: [Data?]?) -> [PulledChange] {
        let texts: [Data?]
        if let recordJSON, recordJSON.count == page.changes.count,
            zip(recordJSON, page.changes).allSatisfy({ ($0 == nil) == ($1.record == nil) })
        {
            texts = recordJSON
        } else {
            texts = Array(repeating: nil, count: page.changes.count)
        }
        return zip(page.changes, texts).map { change, json in
            PulledChange(
                recordType: change.recordType, recordID: change.recordID, changeTag: change.changeTag,
                record: change.record, recordJSON: json)
        }
    }

    /// Pushes the outbox oldest first in batches within the server's limits, halving a batch the
    /// server finds too large, until nothing is left that can go.
    public func push() async throws -> PushSummary {
        let strategy = try await store.conflictStrategy()
        let limits = try await currentLimits()
        var batchSize = limits.maxMutations
        var summary = PushSummary()
        var rounds = try await store.pendingSyncCount() + 4
        while rounds > 0 {
            rounds -= 1
            let batch = try await store.outgoingMutations(limit: batchSize)
            guard !batch.isEmpty else { break }
            var outcomes: [(OutgoingMutation, PushOutcome)] = []
            var sendable: [(OutgoingMutation, SyncMutation)] = []
            for mutation in batch {
                if let wire = mutation.wireMutation() {
                    sendable.append((mutation, wire))
                } else {
                    outcomes.append(
                        (mutation, .rejected(code: "unsendable", message: "Nothing left to send for this change.", field: nil)))
                }
            }
            let request = SyncPushRequest(clientID: clientID, mutations: sendable.map(\.1))
            if sendable.count > 1, try SyncTransport.encodedSize(of: request) > (self.limits ?? limits).maxBytes {
                batchSize = max(1, sendable.count / 2)
                continue
            }
            if !sendable.isEmpty {
                let response: SyncPushResponse
                do {
                    response = try await retry.run { [transport] in try await transport.push(request) }
                } catch SyncError.batchTooLarge(let published) {
                    self.limits = published
                    guard sendable.count > 1 else {
                        outcomes.append(
                            (sendable[0].0, .rejected(code: "batch_too_large", message: "Too large to push.", field: nil)))
                        try await store.applyPushOutcomes(outcomes, strategy: strategy)
                        continue
                    }
                    batchSize = max(1, min(published.maxMutations, sendable.count / 2))
                    logger.info("push batch too large; halving", metadata: ["sync.batch": "\(batchSize)"])
                    continue
                }
                let results = Dictionary(response.results.map { ($0.mutationID, $0) }) { first, _ in first }
                for (mutation, wire) in sendable {
                    guard let result = results[wire.mutationID] else { continue }
                    outcomes.append((mutation, PushOutcome(result)))
                    summary.count(result.status)
                }
            }
            try await store.applyPushOutcomes(outcomes, strategy: strategy)
        }
        return summary
    }

    private func currentLimits() async throws -> SyncLimits {
        if let limits { return limits }
        let published = try await retry.run { [transport] in try await transport.limits() }
        limits = published
        return published
    }
}

/// What one push did.
public struct PushSummary: Hashable, Sendable, Codable {
    /// Mutations the server applied.
    public var saved = 0
    /// Mutations that met a newer server version.
    public var conflicts = 0
    /// Mutations the server refused.
    public var rejected = 0

    /// An empty summary.
    public init() {}

    mutating func count(_ status: SyncMutationResult.Status) {
        switch status {
        case .saved: saved += 1
        case .conflict: conflicts += 1
        case .rejected: rejected += 1
        }
    }
}

/// What one sync did, for `reality sync`.
public struct SyncSummary: Hashable, Sendable, Codable {
    /// Pushed mutations by outcome.
    public var pushed = PushSummary()
    /// Records stored as the server has them, per scope.
    public var pulled: [String: Int] = [:]
    /// Records merged with pending edits.
    public var merged = 0
    /// Conflicts left open for the user.
    public var conflicts = 0
    /// Records removed from the device.
    public var removed = 0

    /// An empty summary.
    public init() {}

    mutating func add(_ push: PushSummary) {
        pushed.saved += push.saved
        pushed.conflicts += push.conflicts
        pushed.rejected += push.rejected
    }

    mutating func add(_ report: PullReport, scope: SyncScope) {
        pulled[scope.rawValue, default: 0] += report.applied
        merged += report.merged
        conflicts += report.conflicts
        removed += report.removed
    }
}

extension PullReport {
    /// Adds the counts of `other`.
    mutating func add(_ other: PullReport) {
        applied += other.applied
        merged += other.merged
        conflicts += other.conflicts
        removed += other.removed
    }
}

fileprivate extension Optional {
    /// `transform` of the wrapped value, or nil.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
