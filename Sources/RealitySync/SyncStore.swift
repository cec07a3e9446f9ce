import Foundation
import RealityCore
import RealityStore

/// What the sync engine needs from the device's store (docs/sync-protocol.md): its account, the
/// outbox to push and the settling of what the server answered, the feed tokens and the applying
/// of pulled pages, and word of commits. ``SyncEngine`` and ``SyncService`` are generic over it;
/// `DeviceStore` implements it, and nothing here can write to the store but through these
/// operations.
public protocol SyncStore: Sendable {
    /// The account the store is signed in to, or nil before the first sign-in.
    func deviceAccount() async throws -> DeviceAccount?
    /// The conflict strategy the user chose.
    func conflictStrategy() async throws -> ConflictResolutionStrategy
    /// Outbox entries waiting to be pushed.
    func pendingSyncCount() async throws -> Int
    /// The oldest outbox entries to push, at most `limit`.
    func outgoingMutations(limit: Int) async throws -> [OutgoingMutation]
    /// Settles pushed entries by the server's answers, conflicts by `strategy`, as of `date`.
    @discardableResult
    func applyPushOutcomes(
        _ outcomes: [(OutgoingMutation, PushOutcome)], strategy: ConflictResolutionStrategy, at date: Date
    ) async throws -> PushSettlement
    /// The saved feed token of `scope`, or nil to pull it from the start.
    func syncToken(for scope: SyncScope) async throws -> String?
    /// Applies one pulled page of `scope` and saves `token` in one transaction.
    @discardableResult
    func applyPulledPage(
        _ changes: [PulledChange], scope: SyncScope, token: String, complete: Bool,
        strategy: ConflictResolutionStrategy, at date: Date
    ) async throws -> PullReport
    /// Starts a full resync of `scope` (after the server answered 410).
    func beginResync(of scope: SyncScope) async throws
    /// A stream that yields after each commit made through this store value's process.
    func commits() -> AsyncStream<CommitEvent>
    /// Calls `onCommit` within about `interval` of each commit to the store by any process.
    func watchCommits(every interval: Duration, _ onCommit: @escaping @Sendable () async -> Void) async throws

    /// Where downloaded media go; nil for a store that keeps none (in memory).
    var mediaDirectory: URL? { get }
    /// The media file with this SHA-256, if the device knows it.
    func media(sha256: String) async throws -> DeviceMedia?
    /// Records a media file (``DeviceMedia``).
    func registerMedia(_ media: DeviceMedia) async throws
    /// Records that the server holds the bytes.
    func markMediaUploaded(sha256: String) async throws
    /// Asset IDs the device's annotations name and the device does not know yet, at most `limit`.
    func mediaToDownload(limit: Int) async throws -> [String]
    /// Media up to this many bytes download with the annotations that name them; larger ones
    /// when asked for (`reality media get`).
    func mediaEagerLimit() async throws -> Int64
    /// Images and videos on the server whose thumbnail the device lacks, at most `limit`.
    func mediaNeedingThumbnails(limit: Int) async throws -> [String]
    /// Records where the thumbnail of `sha256` is, or with nil that the server has none.
    func setThumbnail(of sha256: String, path: String?) async throws
    /// A value of the store's key–value metadata (the resumable upload under way for a file).
    func metadata(_ key: String) async throws -> String?
    /// Sets or (with nil) removes a value of the store's metadata.
    func setMetadata(_ key: String, to value: String?) async throws
}

extension DeviceStore: SyncStore {}
