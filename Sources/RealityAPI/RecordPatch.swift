import Foundation
import RealityCore

/// A `PATCH` body for a declared record: each key its ``RecordDeclaration`` marks patchable may
/// be present (set) or absent (unchanged); `null` clears an optional field and is a wrong type
/// for one that cannot be empty. Keys the declaration does not let a `PATCH` change are ignored.
public struct RecordPatch<Record: DeclaredRecord>: Decodable, Sendable {
    private var changes: [@Sendable (inout Record) -> Void]

    /// A patch that changes nothing.
    public init() {
        changes = []
    }

    /// Reads a patch, telling absent from `null`, by the declaration's patchable fields.
    public init(from decoder: any Decoder) throws {
        changes = try Record.declaration.patchChanges(from: decoder.container(keyedBy: WireKey.self))
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// `record` with this patch applied (the service validates and checks permissions).
    public func applied(to record: Record) -> Record {
        var result = record
        for change in changes { change(&result) }
        return result
    }
}

extension RecordPatch: NamedSchema {
    /// `<Record>Patch`, the name the document gives a declared record's `PATCH` body.
    public static var schemaName: String { Record.declaration.schemaName + "Patch" }
}
