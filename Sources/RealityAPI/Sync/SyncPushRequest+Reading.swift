import Foundation
import RealityCore

extension SyncPushRequest {
    /// The request written in `body`, as `RealityJSON.decode` reads it (and with its errors).
    ///
    /// A push of annotation saves and deletes, the bulk of what devices push (a run of offline
    /// creates is hundreds of notes), is read from the bytes by ``JSONCursor``, several times
    /// faster than `JSONDecoder`; `JSONDecoder` took a fifth of the server's time in a push of
    /// 400 notes. Any other body, and anything the fast reader declines (a key it does not
    /// expect, escapes in a key, an annotation with visibility rules, …), is decoded by
    /// `RealityJSON` as before, so a refusal still names the field at fault.
    public static func read(from body: Data) throws(JSONInputError) -> SyncPushRequest {
        if let request = readFast(body) { return request }
        return try RealityJSON.decode(SyncPushRequest.self, from: body)
    }

    /// The request read from the bytes of `body`, or nil when the fast reader declines it; when
    /// it answers, `JSONDecoder` reads the same request (`SyncPushReadingTests`, `FuzzPush`).
    package static func readFast(_ body: Data) -> SyncPushRequest? {
        body.withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes: bytes)
            guard let request = cursor.readPushRequest(), cursor.isAtEnd() else { return nil }
            return request
        }
    }
}

extension JSONCursor {
    /// A push request whose every mutation ``readMutation()`` reads.
    fileprivate mutating func readPushRequest() -> SyncPushRequest? {
        var clientID: String?
        var mutations: [SyncMutation] = []
        var sawMutations = false
        let complete = object(of: PushKey.self) { key, cursor in
            switch key {
            case .clientID:
                clientID = cursor.readString()
                return clientID != nil
            case .mutations:
                sawMutations = true
                return cursor.array { element in
                    guard let mutation = element.readMutation() else { return false }
                    mutations.append(mutation)
                    return true
                }
            }
        }
        guard complete, sawMutations, let clientID else { return nil }
        return SyncPushRequest(clientID: clientID, mutations: mutations)
    }

    /// A mutation that saves an annotation (its fields an annotation ``readAnnotation()`` reads)
    /// or deletes one (its fields `{}`); nil for any other.
    private mutating func readMutation() -> SyncMutation? {
        var mutationID: String?
        var recordType: RecordType?
        var recordID: String?
        var op: SyncOperation?
        var baseChangeTag: String?
        // `RealityJSON` writes keys sorted, so the fields come before the type and the operation:
        // an annotation is read in passing and `{}` noted, and the shape checked at the end.
        var annotation: Annotation?
        var emptyFields = false
        let complete = object(of: MutationKey.self) { key, cursor in
            switch key {
            case .mutationID: mutationID = cursor.readString()
            case .recordType: recordType = cursor.readString().flatMap(RecordType.init(rawValue:))
            case .recordID: recordID = cursor.readString()
            case .op: op = cursor.readString().flatMap(SyncOperation.init(rawValue:))
            case .baseChangeTag:
                if cursor.readNull() { return true }
                baseChangeTag = cursor.readString()
                return baseChangeTag != nil
            case .fields:
                if cursor.isEmptyObject() {
                    emptyFields = true
                    return true
                }
                annotation = cursor.readAnnotation()
                return annotation != nil
            }
            return true
        }
        guard complete, let mutationID, let recordType, let recordID, let op,
            let shape = SyncMutationFields.Shape(recordType: recordType, op: op)
        else { return nil }
        let fields: SyncMutationFields
        switch shape {
        case .annotation:
            guard let annotation else { return nil }
            fields = .annotation(annotation)
        case .none:
            guard emptyFields else { return nil }
            fields = .none
        default:
            return nil
        }
        return SyncMutation(
            mutationID: mutationID, recordType: recordType, recordID: recordID, op: op, baseChangeTag: baseChangeTag,
            fields: fields)
    }

    /// Consumes `{}` (with any whitespace inside) when it comes next; otherwise moves nothing.
    private mutating func isEmptyObject() -> Bool {
        let start = index
        guard next() == UInt8(ascii: "{") else {
            index = start
            return false
        }
        skipWhitespace()
        guard next() == UInt8(ascii: "}") else {
            index = start
            return false
        }
        return true
    }
}

// The keys `RealityJSON` writes a push request and a mutation with (their coding keys).

private enum PushKey: String, JSONObjectKey {
    case clientID, mutations
    static let table = JSONKeyTable<Self>()
}

private enum MutationKey: String, JSONObjectKey {
    case mutationID, recordType, recordID, op, baseChangeTag, fields
    static let table = JSONKeyTable<Self>()
}
