import Foundation

/// The parts of the change feed's and the live audience's SQL that every owned kind
/// (``OwnedRecord``) adds, the same text for both stores (their schemas share names; the caller
/// passes its own placeholders). Built from ``RecordType/ownedKinds``, so no statement lists them.
public enum OwnedRecordSQL {
    /// The owned kinds' names, quoted and comma-separated, for `recordType IN (…)`.
    public static let kindList = RecordType.ownedKinds.map { "'\($0.recordType.rawValue)'" }.joined(separator: ", ")

    /// `UNION ALL` rows of the feed's `expanded` for the access changes of owned records (their
    /// deletions, recorded for the owner): `seq, t, id, scope, rel`, the scope `private` while the
    /// owner `owner` still has a record with the ID, NULL once it is gone.
    public static func deletions(owner: String, scope: String) -> String {
        RecordType.ownedKinds.map { kind in
            """
            UNION ALL
            SELECT p.seq, \(kind.feedPosition), p.recordID, CASE WHEN r.id IS NOT NULL THEN 'private' END, p.rel
            FROM ac p LEFT JOIN \(kind.tableName) r ON r.id = p.recordID AND r.ownerID = \(owner)
            WHERE p.recordType = '\(kind.recordType.rawValue)' AND \(scope) = 'private'
            """
        }.joined(separator: "\n")
    }

    /// `UNION SELECT` parts of the live audience: the owners of owned records changed after
    /// `sequence`.
    public static func audience(after sequence: String) -> String {
        RecordType.ownedKinds.map { "UNION SELECT ownerID FROM \($0.tableName) WHERE changeSeq > \(sequence)" }
            .joined(separator: "\n")
    }
}
