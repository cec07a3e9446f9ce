import Foundation
import RealityCore

/// One field on which the two versions of a conflict differ, with both values.
struct FieldDifference: Encodable {
    /// The field's path in the record's JSON (`content.text`).
    var field: String
    /// The field in the person's words (`text`).
    var name: String
    /// This device's value.
    var local: JSONValue
    /// The server's value.
    var remote: JSONValue
}

/// Which fields of a conflict differ (issue 16), read from the two versions' JSON: the fields a
/// person edits, as the record type declares them (``StampedRecord/editableFields``), and whether
/// it was deleted; an object-valued field (`content`) is compared member by member.
enum ConflictFields {
    /// Bookkeeping that differs between any two versions and says nothing to a person.
    private static let bookkeeping: Set<String> = [
        "updatedAt", "lastSyncedAt", "fieldStamps", "createdAt", "changeTag",
    ]

    /// The fields people edit on records of `type`, by JSON name; nil compares every field.
    static func editable(_ type: RecordType) -> [String]? {
        switch type {
        case .annotation: Annotation.editableFields.map(\.name) + ["isDeleted"]
        case .layer: Layer.editableFields.map(\.name) + ["isDeleted"]
        case .comment: ["text", "isDeleted"]
        case .user: ["displayName", "avatarURL", "preferences"]
        default: nil
        }
    }

    /// Field names as people say them; a path not listed is shown as it is.
    private static let words: [String: String] = [
        "content.text": "text", "content.mediaURL": "media", "content.cloudAssetID": "asset",
        "content.drawingData": "drawing", "content.richTextData": "rich text", "anchorID": "anchor",
        "layerID": "layer", "parentLayerID": "parent layer", "visibilityRules": "visibility",
        "isPublic": "public", "isVisible": "visible", "autoExpireDays": "expires after days",
        "defaultPermission": "default level", "isDeleted": "deleted", "displayName": "name", "avatarURL": "avatar",
    ]

    /// The fields on which `local` and `remote` (a record of `type` as JSON) differ, in the order
    /// the record type declares them.
    static func differences(_ type: RecordType, local: Data, remote: Data) -> [FieldDifference] {
        guard case .object(let mine)? = try? JSONDecoder().decode(JSONValue.self, from: local),
            case .object(let theirs)? = try? JSONDecoder().decode(JSONValue.self, from: remote)
        else { return [] }
        let names = editable(type) ?? Set(mine.keys).union(theirs.keys).subtracting(bookkeeping).sorted()
        var differences: [FieldDifference] = []
        for name in names {
            let a = mine[name] ?? .null
            let b = theirs[name] ?? .null
            guard a != b else { continue }
            if case .object(let left) = a, case .object(let right) = b {
                for key in Set(left.keys).union(right.keys).sorted() where left[key] ?? .null != right[key] ?? .null {
                    differences.append(difference("\(name).\(key)", left[key] ?? .null, right[key] ?? .null))
                }
            } else {
                differences.append(difference(name, a, b))
            }
        }
        return differences
    }

    private static func difference(_ path: String, _ local: JSONValue, _ remote: JSONValue) -> FieldDifference {
        FieldDifference(field: path, name: words[path] ?? path, local: local, remote: remote)
    }

    /// The layers the differences name (their values of `layerID` and `parentLayerID`).
    static func layers(in differences: [FieldDifference]) -> [LayerID] {
        differences.filter { $0.field == "layerID" || $0.field == "parentLayerID" }
            .flatMap { [$0.local, $0.remote] }
            .compactMap { if case .string(let id) = $0 { LayerID(uuidString: id) } else { nil } }
    }

    /// A value as a person reads it: a layer by name, text as it is, yes/no, numbers plainly,
    /// `(none)` for nothing.
    static func show(_ value: JSONValue, of difference: FieldDifference, labels: TableLabels) -> String {
        switch value {
        case .null: return "(none)"
        case .bool(let flag): return flag ? "yes" : "no"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text):
            if difference.field == "layerID" || difference.field == "parentLayerID", let id = LayerID(uuidString: text)
            {
                return labels.layer(id)
            }
            return Show.clip(text)
        case .array(let items) where items.allSatisfy({ if case .number = $0 { true } else { false } }):
            return items.map { show($0, of: difference, labels: labels) }.joined(separator: ",")
        case .array, .object:
            let data = (try? RealityJSON.encode(value)) ?? Data()
            return Show.clip(String(decoding: data, as: UTF8.self))
        }
    }
}
