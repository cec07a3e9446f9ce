import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// `PATCH` bodies and the OpenAPI schemas come from the record declarations, field for field.
@Suite struct RecordPatchTests {
    static let sample = Samples.everyField(owner: UserID(), layer: LayerID())
    static var declaration: RecordDeclaration<Annotation> { Annotation.declaration }

    /// The blank record with the sample's ID: every field differs from the sample's but that one.
    static var current: Annotation {
        var current = declaration.blank
        current.id = sample.id
        return current
    }

    @Test func annotationPatch_setsEveryPatchableField_andIgnoresTheOthers() throws {
        let patch = try RealityJSON.decode(AnnotationPatch.self, from: RealityJSON.encode(Self.sample))
        let patched = patch.applied(to: Self.current)
        for field in Self.declaration.fields where field.name != "id" {
            if field.isPatchable {
                #expect(!field.access.differs(patched, Self.sample), "PATCH did not set \(field.name)")
            } else {
                #expect(!field.access.differs(patched, Self.current), "PATCH changed \(field.name)")
            }
        }
        // A move checks both layers (its own route); owner, dates and engagement are the server's.
        let fixed = Self.declaration.fields.filter { !$0.isPatchable }.map(\.name)
        #expect(
            Set(["id", "layerID", "ownerID", "createdAt", "updatedAt", "isDeleted", "viewCount"]).isSubset(of: fixed))
    }

    @Test func annotationPatch_leavesAbsentFieldsAlone_andNullClearsOptionalOnes() throws {
        let empty = try RealityJSON.decode(AnnotationPatch.self, from: Data("{}".utf8))
        #expect(empty.isEmpty)
        #expect(empty.applied(to: Self.sample) == Self.sample)
        let clearing = try RealityJSON.decode(
            AnnotationPatch.self, from: Data(#"{"title":null,"visibilityRules":null}"#.utf8))
        let cleared = clearing.applied(to: Self.sample)
        #expect(cleared.title == nil)
        #expect(cleared.visibilityRules == nil)
        #expect(cleared.content == Self.sample.content)
    }

    @Test(arguments: ["type", "content", "position", "orientation", "scale", "anchorID", "status", "attachments"])
    func annotationPatch_null_isAWrongType_forAFieldThatCannotBeEmpty(field: String) {
        #expect(throws: (any Error).self) {
            try RealityJSON.decode(AnnotationPatch.self, from: Data(#"{"\#(field)":null}"#.utf8))
        }
    }

    @Test func layerPatch_setsEveryPatchableField_andNullClearsTheOptionalOnes() throws {
        let sample = Samples.everyFieldLayer(owner: UserID(), parent: LayerID())
        var current = Layer.declaration.blank
        current.id = sample.id
        let patched = try RealityJSON.decode(LayerPatch.self, from: RealityJSON.encode(sample)).applied(to: current)
        for field in Layer.declaration.fields where field.name != "id" {
            if field.isPatchable {
                #expect(!field.access.differs(patched, sample), "PATCH did not set \(field.name)")
            } else {
                #expect(!field.access.differs(patched, current), "PATCH changed \(field.name)")
            }
        }
        let cleared = try RealityJSON.decode(
            LayerPatch.self, from: Data(#"{"parentLayerID":null,"autoExpireDays":null}"#.utf8)
        ).applied(to: sample)
        #expect(cleared.parentLayerID == nil && cleared.autoExpireDays == nil && cleared.name == sample.name)
        #expect(throws: (any Error).self) {
            try RealityJSON.decode(LayerPatch.self, from: Data(#"{"name":null}"#.utf8))
        }
    }

    @Test func annotationSchema_describesEveryField_andHoldsTheServersJSON() throws {
        let schemas = try #require(
            (OpenAPIDocument.build()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let annotation = try #require(schemas["Annotation"] as? [String: Any])
        let properties = try #require(annotation["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(Self.declaration.fields.map(\.name)))
        let patch = try #require((schemas["AnnotationPatch"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(patch.keys) == Set(Self.declaration.fields.filter(\.isPatchable).map(\.name)))
        let value = try JSONDecoder().decode(
            JSONValue.self, from: Data(try JSONWriter.bytes(of: Self.sample)))
        var found: [String] = []
        SchemaConformance.document.validate(
            value, against: ["$ref": "#/components/schemas/Annotation"], at: "$", into: &found)
        #expect(found == [])
    }
}
