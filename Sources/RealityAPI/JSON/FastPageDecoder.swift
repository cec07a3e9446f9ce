import Foundation
import RealityCore

/// Decodes the body of a `GET /api/v1/sync/changes` answer without `JSONDecoder` where it can:
/// the envelope and each annotation (``AnnotationJSONReader``) by hand, other records with
/// `RealityJSON`.
///
/// It answers a page only when it equals what `JSONDecoder` would decode, and nil for anything
/// else (a malformed body, an unknown key, a record it cannot read): ``SyncTransport`` then
/// decodes the body the usual way, which reports any error.
package enum FastPageDecoder {
    /// The page in `body`, or nil (see above).
    package static func page(from body: Data) -> SyncChangesPage? {
        decode(body)?.page
    }

    /// The page in `body` and the text of each change's record as the server wrote it (nil for
    /// a deletion), which the device keeps as the record's base version; nil as for a page.
    package static func decode(_ body: Data) -> (page: SyncChangesPage, records: [Data?])? {
        body.withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes: bytes)
            guard let (page, ranges) = cursor.readChangesPage(), cursor.isAtEnd() else { return nil }
            return (page, ranges.map { $0.map { Data(bytes[$0]) } })
        }
    }
}

extension JSONCursor {
    /// The page, and where each change's record is in the body.
    fileprivate mutating func readChangesPage() -> (SyncChangesPage, [Range<Int>?])? {
        var changes: [SyncChange]?
        var records: [Range<Int>?] = []
        var token: String?
        var moreComing: Bool?
        let complete = object(of: PageKey.self) { key, cursor in
            switch key {
            case .changes:
                var list: [SyncChange] = []
                let read = cursor.array { cursor in
                    guard let (change, record) = cursor.readChange() else { return false }
                    list.append(change)
                    records.append(record)
                    return true
                }
                changes = read ? list : nil
            case .token: token = cursor.readString()
            case .moreComing: moreComing = cursor.readBool()
            }
            return true
        }
        guard complete, let changes, let token, let moreComing else { return nil }
        return (SyncChangesPage(changes: changes, token: token, moreComing: moreComing), records)
    }

    /// A change, and where its record is (nil for a deletion).
    private mutating func readChange() -> (SyncChange, Range<Int>?)? {
        var recordType: RecordType?
        var recordID: String?
        var changeTag: String?
        var deleted: Bool?
        var record: Range<Int>?
        var annotation: Annotation?
        let complete = object(of: ChangeKey.self) { key, cursor in
            switch key {
            case .recordType: recordType = cursor.readString().flatMap(RecordType.init(rawValue:))
            case .recordID: recordID = cursor.readString()
            case .changeTag: changeTag = cursor.readString()
            case .deleted: deleted = cursor.readBool()
            case .record:
                cursor.skipWhitespace()
                let start = cursor.index
                // Read as an annotation in passing (most records are; the type, written after
                // the record, says below whether that reading stands); anything else is skipped
                // and read from its range below.
                annotation = cursor.readAnnotation()
                if annotation == nil {
                    cursor.index = start
                    guard cursor.skipValue() else { return false }
                }
                record = start..<cursor.index
                return true
            }
            return true
        }
        guard complete, let recordType, let recordID, let changeTag, let deleted else { return nil }
        if deleted {
            var change = SyncChange(deletionOf: recordType, recordID: recordID)
            change.changeTag = changeTag
            return (change, nil)
        }
        let read = recordType == .annotation ? annotation.map(SyncRecord.annotation) : nil
        guard let record, let decoded = read ?? self.record(of: recordType, in: record), decoded.recordID == recordID
        else {
            return nil
        }
        return (SyncChange(record: decoded, changeTag: changeTag), record)
    }

    /// The record of type `type` written in `range`, read by `JSONDecoder` (an annotation the
    /// fast reader could read was read in passing).
    private func record(of type: RecordType, in range: Range<Int>) -> SyncRecord? {
        try? SyncRecord(type: type, json: Data(UnsafeRawBufferPointer(rebasing: bytes[range])))
    }
}

/// The keys of a page (``SyncChangesPage``'s).
private enum PageKey: String, JSONObjectKey {
    case changes, token, moreComing
    static let table = JSONKeyTable<Self>()
}

/// The keys of a change (``SyncChange``'s).
private enum ChangeKey: String, JSONObjectKey {
    case recordType, recordID, changeTag, deleted, record
    static let table = JSONKeyTable<Self>()
}
