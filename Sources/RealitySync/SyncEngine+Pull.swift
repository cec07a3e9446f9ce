import Foundation
import RealityAPI
import RealityCore
import RealityStore

extension SyncEngine {
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
            let found = PageTokenScanner.scan(body)
            let early = found?.moreComing == true ? found?.token : nil
            let previous = ready
            async let applied = previous.asyncMap { [store] previous in
                try await store.applyPulledPage(
                    previous.changes, scope: scope, token: previous.token, complete: false, strategy: strategy,
                    at: Timestamp.now())
            }
            async let prefetched = early.asyncMap { [transport, retry] token in
                try await Self.fetch(scope, since: token, limit: limit, transport: transport, retry: retry)
            }
            let decoded = Result { try SyncTransport.decodeChangesKeepingRecords(body) }
            if let report = try await applied { total.add(report) }
            let (page, records) = try decoded.get()
            let changes = Self.pulledChanges(page, recordJSON: records)
            guard page.moreComing else {
                total.add(
                    try await store.applyPulledPage(
                        changes, scope: scope, token: page.token, complete: true, strategy: strategy,
                        at: Timestamp.now()))
                return total
            }
            do {
                if early == page.token, let next = try await prefetched {
                    body = next
                } else {
                    body = try await Self.fetch(
                        scope, since: page.token, limit: limit, transport: transport, retry: retry)
                }
                ready = (changes, page.token)
            } catch {
                total.add(
                    try await store.applyPulledPage(
                        changes, scope: scope, token: page.token, complete: false, strategy: strategy,
                        at: Timestamp.now()))
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
    /// it when the decoder kept it for every record.
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
}

extension PullReport {
    /// Adds the counts of `other`.
    mutating func add(_ other: PullReport) {
        applied += other.applied
        merged += other.merged
        conflicts += other.conflicts
        removed += other.removed
        published += other.published
    }
}

extension Optional {
    /// `transform` of the wrapped value, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
