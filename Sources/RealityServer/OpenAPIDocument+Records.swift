import Foundation
import RealityAPI
import RealityCore

extension OpenAPIDocument {
    /// The schemas derived from record declarations: each declared record as the API writes it,
    /// and its `PATCH` body.
    static var recordSchemas: [String: Any] {
        var schemas: [String: Any] = [
            Annotation.declaration.schemaName: recordSchema(of: Annotation.declaration),
            AnnotationPatch.schemaName: patchSchema(of: Annotation.declaration),
            Layer.declaration.schemaName: recordSchema(of: Layer.declaration),
            LayerPatch.schemaName: patchSchema(of: Layer.declaration),
            Comment.declaration.schemaName: recordSchema(of: Comment.declaration),
            WorldMap.declaration.schemaName: recordSchema(of: WorldMap.declaration),
            User.declaration.schemaName: recordSchema(of: User.declaration),
            // What `AnnotationCreate` reads: every patchable field, a chosen ID, and the layer.
            "CreateAnnotationRequest": createSchema(
                of: Annotation.declaration, also: ["id", "layerID"],
                required: ["type", "content", "position", "layerID"]),
        ]
        for kind in RecordType.ownedKinds { schemas[kind.schemaName] = ownedSchema(kind) }
        return schemas
    }

    /// An owned kind's record schema (``OwnedRecord``).
    private static func ownedSchema<Record: OwnedRecord>(_ kind: Record.Type) -> [String: Any] {
        recordSchema(of: kind.declaration)
    }

    /// A create body's schema: the patchable fields (optional ones nullable) and the fields named
    /// in `also`, those in `required` required.
    static func createSchema<Record>(
        of declaration: RecordDeclaration<Record>, also: Set<String>, required: [String]
    ) -> [String: Any] {
        var properties: [String: Any] = [:]
        for field in declaration.fields where field.isPatchable || also.contains(field.name) {
            properties[field.name] = jsonSchema(field.schema, nullable: !field.isRequired)
        }
        return object(properties, required: required)
    }

    /// A record's schema: every field, those whose value is not optional required.
    static func recordSchema<Record>(of declaration: RecordDeclaration<Record>) -> [String: Any] {
        var properties: [String: Any] = [:]
        for field in declaration.fields {
            properties[field.name] = jsonSchema(field.schema, nullable: !field.isRequired)
        }
        return object(properties, required: declaration.fields.filter(\.isRequired).map(\.name))
    }

    /// A `PATCH` body's schema: the patchable fields, none required, optional ones nullable
    /// (`null` clears them).
    static func patchSchema<Record>(of declaration: RecordDeclaration<Record>) -> [String: Any] {
        var properties: [String: Any] = [:]
        for field in declaration.fields where field.isPatchable {
            properties[field.name] = jsonSchema(field.schema, nullable: !field.isRequired)
        }
        return object(properties)
    }

    /// The JSON Schema of a wire shape, with `null` allowed when `nullable`.
    static func jsonSchema(_ schema: WireSchema, nullable: Bool = false) -> [String: Any] {
        if nullable {
            var plain = jsonSchema(schema)
            guard let type = plain["type"] as? String, plain["enum"] == nil else {
                return ["oneOf": [plain, ["type": "null"]]]
            }
            plain["type"] = [type, "null"]
            return plain
        }
        switch schema {
        case .string: return string
        case .uuid: return uuid
        case .date: return date
        case .day: return ["type": "string", "format": "date"]
        case .boolean: return bool
        case .integer: return integer
        case .integerIn(let range):
            return ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .number: return ["type": "number"]
        case .enumeration(let values): return enumeration(values)
        case .numbers(let count):
            return ["type": "array", "items": ["type": "number"], "minItems": count, "maxItems": count]
        case .array(let items): return array(jsonSchema(items))
        case .component(let name): return ref(name)
        case .assetID: return ["type": "string", "pattern": "^[0-9a-f]{64}$"]
        case .nullable(let wrapped): return jsonSchema(wrapped, nullable: true)
        }
    }
}
