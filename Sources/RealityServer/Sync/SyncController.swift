import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RealityAPI
import RealityCore

/// The sync API (SPEC C5, docs/sync-protocol.md): the change feed per scope, push, and the
/// published batch limits.
struct SyncController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.syncLimits, use: limits)
        router.on(.syncChanges, use: changes)
        router.on(.syncPush, use: push)
    }

    @Sendable func limits(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<SyncLimits> {
        JSONResponse(SyncLimits.server)
    }

    /// One page of the caller's feed of a scope since a token.
    @Sendable func changes(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<SyncChangesPage>
    {
        let userID = try context.requireUser()
        let query = context.query(of: request)
        guard let scopeText = try query(.scope), let scope = SyncScope(rawValue: scopeText) else {
            throw APIError.badParameter(.scope, "scope must be private, shared or public.")
        }
        let limit = try query.pageSize(.changesLimit)
        // Store, not a service: the change feed is the server's own log (SyncLogReading), which no
        // core service reads; turning expired grants into revocations is that log's housekeeping.
        let store = services.store
        let now = Timestamp.now()
        let secret = try await store.syncSecret()
        let epoch = try await store.syncEpoch()
        var cursor = SyncCursor.start
        if let since = try query(.since) {
            guard
                let token = SyncToken.decode(
                    since, secret: secret, userID: userID, scope: scope, epoch: epoch, now: now)
            else { throw APIError.resyncRequired }
            cursor = token.cursor
        }
        // The page comes with the housekeeping when there is nothing to settle (one round trip on
        // PostgreSQL); otherwise it is read once that is settled.
        let (housekeeping, early) = try await store.pullHousekeeping(
            for: userID, at: now, withPageOf: scope, after: cursor, limit: limit)
        // Grants that expired become revocations now, so that the feed turns them into deletions.
        if !housekeeping.expiredGrants.isEmpty {
            try await store.commit(
                ChangeSet(changes: housekeeping.expiredGrants.map { .revoke(userID: userID, on: $0) }))
        }
        // So do plans that lapsed (or were renewed) since the feed last showed them.
        try await PlanSharingPublisher(store: store).publish(housekeeping.plans, at: now)
        let page: SyncFeedPage
        if let early {
            page = early
        } else {
            page = try await store.syncFeed(for: userID, scope: scope, after: cursor, limit: limit, now: now)
        }
        let token = try SyncToken(userID: userID, scope: scope, cursor: page.cursor, epoch: epoch, issuedAt: now)
            .encoded(secret: secret)
        // Grants of others go only to whoever may manage them (issue 17).
        let shown = try await services.permissions(userID).disclosingGrants(in: page.entries.compactMap(\.record))
        var records = shown.makeIterator()
        return JSONResponse(
            SyncChangesPage(
                changes: page.entries.map { entry in
                    if entry.record != nil, let record = records.next() {
                        SyncChange(record: record, changeTag: entry.changeTag)
                    } else {
                        SyncChange(deletionOf: entry.recordType, recordID: entry.recordID)
                    }
                },
                token: token, moreComing: page.moreComing))
    }

    /// Applies a batch of mutations in order, one result each.
    @Sendable func push(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let limits = SyncLimits.server
        let data: Data
        do {
            data = Data(try await request.body.collect(upTo: limits.maxBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw SyncBatchTooLarge(limits: limits)
        }
        let body = try SyncPushRequest.read(from: data)
        guard body.mutations.count <= limits.maxMutations else { throw SyncBatchTooLarge(limits: limits) }
        try Self.validate(body)
        let results = try await SyncPusher(services: services, userID: userID).results(of: body.mutations)
        return try JSONResponse(SyncPushResponse(results: results)).response(from: request, context: context)
    }

    private static func validate(_ body: SyncPushRequest) throws {
        guard !body.clientID.isEmpty, body.clientID.utf8.count <= 200 else {
            throw APIError.badParameter("clientID", "clientID must be 1 to 200 bytes.")
        }
        for (index, mutation) in body.mutations.enumerated() {
            guard !mutation.mutationID.isEmpty, mutation.mutationID.utf8.count <= 200 else {
                throw APIError.badParameter(
                    "mutations[\(index)].mutationID", "mutationID must be 1 to 200 bytes.")
            }
            guard !mutation.recordID.isEmpty, mutation.recordID.utf8.count <= 200 else {
                throw APIError.badParameter("mutations[\(index)].recordID", "recordID must be 1 to 200 bytes.")
            }
        }
    }
}

/// The 413 of a push beyond the published limits: the error and the limits in the body.
struct SyncBatchTooLarge: Error, HTTPResponseError {
    var limits: SyncLimits
    var status: HTTPResponse.Status { .contentTooLarge }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try RealityJSON.encode(SyncBatchTooLargeBody(limits: limits))
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    /// 410: the sync token cannot be used; pull the scope from the start.
    static let resyncRequired = APIError(
        .gone, code: "resync_required", message: "The sync token is no longer valid; pull this scope from the start.")
}
