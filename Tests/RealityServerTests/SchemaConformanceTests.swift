import Foundation
import RealityCore
import Testing

/// The checker every server test's answers pass through (``SchemaConformance``) finds what it
/// is there to find: an undocumented field (the drift that went unnoticed before it), a missing
/// required one, a wrong type or an unknown enum value; and passes a conforming answer.
@Suite("OpenAPI schema conformance")
struct SchemaConformanceTests {
    /// A layer as the server writes it, with `change` made to its JSON object.
    static func layerJSON(_ change: (inout [String: Any]) -> Void = { _ in }) -> String {
        let id = LayerID(uuidString: "01a21405-a32a-79aa-b795-d954a70f99de")!
        let layer = Layer(id: id, name: "Work", ownerID: UserID(id.rawValue))
        var object = try! JSONSerialization.jsonObject(with: RealityJSON.encode(layer)) as! [String: Any]
        change(&object)
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static let layer = layerJSON()

    static func violations(_ method: String, _ path: String, _ status: Int, _ body: String) -> [String] {
        SchemaConformance.violations(
            method: .init(method)!, path: path, status: status, contentType: "application/json; charset=utf-8",
            body: Data(body.utf8))
    }

    @Test func aConformingAnswer_passes() {
        #expect(Self.violations("GET", "/api/v1/layers/01a21405-a32a-79aa-b795-d954a70f99de", 200, Self.layer) == [])
        #expect(
            Self.violations("GET", "/api/v1/layers?limit=1", 200, #"{"items":[\#(Self.layer)],"nextCursor":null}"#)
                == [])
    }

    @Test func anUndocumentedField_aMissingOne_aWrongType_andAnUnknownValue_areEachFound() {
        let path = "/api/v1/layers/01a21405-a32a-79aa-b795-d954a70f99de"
        let extra = Self.violations("GET", path, 200, Self.layerJSON { $0["secret"] = 1 })
        #expect(extra.count == 1 && extra[0].contains("$.secret: sent but not in the document"), "\(extra)")
        let missing = Self.violations("GET", path, 200, Self.layerJSON { $0["ownerID"] = nil })
        #expect(missing.count == 1 && missing[0].contains("the required ownerID is missing"), "\(missing)")
        let wrongType = Self.violations("GET", path, 200, Self.layerJSON { $0["isPublic"] = "yes" })
        #expect(wrongType.count == 1 && wrongType[0].contains("$.isPublic"), "\(wrongType)")
        let unknown = Self.violations("GET", path, 200, Self.layerJSON { $0["color"] = "teal" })
        #expect(unknown.count == 1 && unknown[0].contains(#""teal" is not one of"#), "\(unknown)")
        let event = Self.violations("GET", "/api/v1/events", 101, #"{"type":"gossip"}"#)
        #expect(event.count == 1, "\(event)")
    }

    @Test func anErrorAnswer_isHeldToTheErrorSchema() {
        let path = "/api/v1/layers/01a21405-a32a-79aa-b795-d954a70f99de"
        #expect(
            Self.violations("GET", path, 404, #"{"error":{"code":"not_found","message":"No.","field":null}}"#) == [])
        #expect(Self.violations("GET", path, 404, #"{"error":"not found"}"#).count == 1)
    }
}
