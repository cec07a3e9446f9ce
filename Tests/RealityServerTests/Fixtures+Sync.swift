import Foundation
import RealityAPI
import RealityCore

extension APIClient {
    /// One page of `session`'s feed of `scope`; fails the set-up unless it answers 200.
    func pull(_ session: Session, _ scope: SyncScope, since token: String? = nil, limit: Int? = nil)
        async throws -> SyncChangesPage
    {
        let result = try await pullResult(session, scope, since: token, limit: limit)
        guard result.status == .ok else {
            throw TestFailure("pull: \(result.status) \(String(decoding: result.body, as: UTF8.self))")
        }
        return try result.decode(SyncChangesPage.self)
    }

    /// The raw answer of a pull.
    func pullResult(_ session: Session, _ scope: SyncScope, since token: String? = nil, limit: Int? = nil)
        async throws -> APIResult
    {
        var query = "scope=\(scope.rawValue)"
        if let token {
            query += "&since=\(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)"
        }
        if let limit { query += "&limit=\(limit)" }
        return try await send(.get, "/api/v1/sync/changes?\(query)", token: session.token)
    }

    /// Every change of `session`'s feed of `scope` since `token`, page after page, and the last token.
    func pullAll(_ session: Session, _ scope: SyncScope, since token: String? = nil, limit: Int? = nil)
        async throws -> (changes: [SyncChange], token: String)
    {
        var changes: [SyncChange] = []
        var token = token
        while true {
            let page = try await pull(session, scope, since: token, limit: limit)
            changes += page.changes
            token = page.token
            if !page.moreComing { return (changes, page.token) }
        }
    }

    /// Pushes `mutations` as `session`; fails the set-up unless it answers 200.
    func push(_ session: Session, _ mutations: [SyncMutation]) async throws -> [SyncMutationResult] {
        let result = try await send(
            .post, "/api/v1/sync/push", token: session.token,
            json: SyncPushRequest(clientID: "test-device", mutations: mutations))
        guard result.status == .ok else {
            throw TestFailure("push: \(result.status) \(String(decoding: result.body, as: UTF8.self))")
        }
        return try result.decode(SyncPushResponse.self).results
    }
}

extension [SyncChange] {
    /// The IDs of records of `type` that came down as records.
    func saved(_ type: RecordType) -> Set<String> {
        Set(filter { $0.recordType == type && !$0.deleted }.map(\.recordID))
    }

    /// The changes other than the catalog's challenges, which every public scope carries.
    var outsideTheCatalog: [SyncChange] { filter { $0.recordType != .challenge } }

    /// The IDs of records of `type` that came down as deletions.
    func deleted(_ type: RecordType) -> Set<String> {
        Set(filter { $0.recordType == type && $0.deleted }.map(\.recordID))
    }
}

/// A new mutation ID.
func newMutationID() -> String { UUID().uuidString.lowercased() }
