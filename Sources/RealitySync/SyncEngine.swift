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
/// size after a 413); one sync runs at a time. ``SyncService`` runs it continuously. Generic over
/// the store it syncs (``SyncStore``; on a device, `DeviceStore`).
public actor SyncEngine<Store: SyncStore> {
    /// The device store.
    public let store: Store
    let transport: SyncTransport
    let clientID: String
    let retry: RetryPolicy
    let pageSize: Int
    let logger: Logger
    var limits: SyncLimits?
    /// Media files uploaded by the push in progress (``uploadMedia(of:)``).
    var mediaUploaded = 0
    /// Hears how far each media upload and download has come (a progress bar).
    var transferObserver: TransferObserver?

    /// Reports media transfers to `observer` from now on.
    public func observeTransfers(_ observer: TransferObserver?) {
        transferObserver = observer
    }

    /// An engine over `store` talking through `transport`, pushing as device `clientID`.
    public init(
        store: Store, transport: SyncTransport, clientID: String, retry: RetryPolicy = RetryPolicy(),
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
        _ store: Store, client: HTTPClient = SyncTransport.sharedClient, retry: RetryPolicy = RetryPolicy(),
        logger: Logger = Logger(label: "reality.sync")
    ) async throws -> SyncEngine {
        guard let account = try await store.deviceAccount(), let token = account.token else {
            throw SyncError.notSignedIn
        }
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
        summary.mediaDownloaded = try await downloadMedia()
        summary.thumbnailsDownloaded = try await downloadThumbnails()
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
        summary.mediaDownloaded = try await downloadMedia()
        summary.thumbnailsDownloaded = try await downloadThumbnails()
        return summary
    }

    /// Pushes the outbox oldest first in batches within the server's limits, halving a batch the
    /// server finds too large, until nothing is left that can go.
    public func push() async throws -> PushSummary {
        let strategy = try await store.conflictStrategy()
        let limits = try await currentLimits()
        var batchSize = limits.maxMutations
        var summary = PushSummary()
        mediaUploaded = 0
        var rounds = try await store.pendingSyncCount() + 4
        while rounds > 0 {
            rounds -= 1
            let batch = try await store.outgoingMutations(limit: batchSize)
            guard !batch.isEmpty else { break }
            var outcomes: [(OutgoingMutation, PushOutcome)] = []
            var sendable: [(OutgoingMutation, SyncMutation)] = []
            for mutation in batch {
                if let refused = try await uploadMedia(of: mutation) {
                    outcomes.append((mutation, refused))
                    summary.count(.rejected)
                } else if let wire = mutation.wireMutation() {
                    sendable.append((mutation, wire))
                } else {
                    outcomes.append(
                        (
                            mutation,
                            .rejected(code: "unsendable", message: "Nothing left to send for this change.", field: nil)
                        ))
                }
            }
            let body = try SyncTransport.encoded(SyncPushRequest(clientID: clientID, mutations: sendable.map(\.1)))
            if sendable.count > 1, body.count > (self.limits ?? limits).maxBytes {
                batchSize = max(1, sendable.count / 2)
                continue
            }
            if !sendable.isEmpty {
                let response: SyncPushResponse
                do {
                    response = try await retry.run { [transport] in try await transport.push(encoded: body) }
                } catch SyncError.batchTooLarge(let published) {
                    self.limits = published
                    guard sendable.count > 1 else {
                        outcomes.append(
                            (
                                sendable[0].0,
                                .rejected(code: "batch_too_large", message: "Too large to push.", field: nil)
                            ))
                        summary.add(
                            try await store.applyPushOutcomes(outcomes, strategy: strategy, at: Timestamp.now()))
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
            summary.add(try await store.applyPushOutcomes(outcomes, strategy: strategy, at: Timestamp.now()))
        }
        summary.mediaUploaded = mediaUploaded
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
    /// Of the conflicts, those the device settled with its strategy (merged, or one side taken).
    public var merged = 0
    /// Of the conflicts, those kept for the user (`manual`; `reality conflicts`).
    public var leftForUser = 0
    /// Media files uploaded before the mutations that name them.
    public var mediaUploaded = 0

    /// An empty summary.
    public init() {}

    mutating func add(_ settlement: PushSettlement) {
        merged += settlement.merged
        leftForUser += settlement.leftForUser
    }

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
    /// Of those, the records of published kinds (the Out of Box catalog, in the public scope).
    public var published = 0
    /// Conflicts the device settled with its strategy: pushed edits that met a newer server
    /// version, and pulled records merged with pending edits.
    public var merged = 0
    /// Conflicts left open for the user, met in the push or the pull.
    public var conflicts = 0
    /// Records removed from the device.
    public var removed = 0
    /// Media files downloaded with the annotations that name them.
    public var mediaDownloaded = 0
    /// Thumbnails of images and videos downloaded.
    public var thumbnailsDownloaded = 0

    /// An empty summary.
    public init() {}

    mutating func add(_ push: PushSummary) {
        pushed.saved += push.saved
        pushed.conflicts += push.conflicts
        pushed.rejected += push.rejected
        pushed.merged += push.merged
        pushed.leftForUser += push.leftForUser
        pushed.mediaUploaded += push.mediaUploaded
        merged += push.merged
        conflicts += push.leftForUser
    }

    /// Every conflict met, settled or not.
    public var conflictsFound: Int { merged + conflicts }

    mutating func add(_ report: PullReport, scope: SyncScope) {
        pulled[scope.rawValue, default: 0] += report.applied
        published += report.published
        merged += report.merged
        conflicts += report.conflicts
        removed += report.removed
    }
}
