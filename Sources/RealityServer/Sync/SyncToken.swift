import Crypto
import Foundation
import RealityCore

/// A change-feed token (docs/sync-protocol.md, "Pull"): where a user's feed of one scope stands,
/// signed with HMAC-SHA-256 under the server's secret so that clients can neither read meaning
/// into it nor forge one. Any token that fails a check answers 410 and the client resyncs.
struct SyncToken: Codable, Hashable, Sendable {
    /// Whose feed.
    var userID: UserID
    /// Which scope.
    var scope: SyncScope
    /// The position: commit number, type position, record ID.
    var sequence: Int64
    var typeOrder: Int
    var recordID: String
    /// The epoch it was made in.
    var epoch: Int64
    /// When it was made.
    var issuedAt: Date

    /// How long a token is accepted: the retention period of soft-deleted records (30 days),
    /// after which the deletions it has not seen may be purged.
    static var lifetime: TimeInterval { RetentionPeriod.softDelete }

    var cursor: SyncCursor { SyncCursor(sequence: sequence, typeOrder: typeOrder, recordID: recordID) }

    init(userID: UserID, scope: SyncScope, cursor: SyncCursor, epoch: Int64, issuedAt: Date) {
        self.userID = userID
        self.scope = scope
        self.sequence = cursor.sequence
        self.typeOrder = cursor.typeOrder
        self.recordID = cursor.recordID
        self.epoch = epoch
        self.issuedAt = issuedAt
    }

    /// `payload.signature`, both base64url.
    func encoded(secret: Data) throws -> String {
        let payload = try RealityJSON.encode(self)
        let signature = HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: secret))
        return payload.base64URLEncoded() + "." + Data(signature).base64URLEncoded()
    }

    /// The token `text` if it is well formed, signed with `secret`, and still valid for `userID`
    /// and `scope` in `epoch` at `now`; nil otherwise.
    static func decode(
        _ text: String, secret: Data, userID: UserID, scope: SyncScope, epoch: Int64, now: Date
    ) -> SyncToken? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 4096, parts.count == 2,
            let payload = Data(base64URLEncoded: String(parts[0])),
            let signature = Data(base64URLEncoded: String(parts[1])),
            HMAC<SHA256>.isValidAuthenticationCode(
                signature, authenticating: payload, using: SymmetricKey(data: secret)),
            let token = try? RealityJSON.decode(SyncToken.self, from: payload)
        else { return nil }
        guard token.userID == userID, token.scope == scope, token.epoch == epoch,
            token.issuedAt <= now.addingTimeInterval(60), now.timeIntervalSince(token.issuedAt) < lifetime
        else { return nil }
        return token
    }
}
