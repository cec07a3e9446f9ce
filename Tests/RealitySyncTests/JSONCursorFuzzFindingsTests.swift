import Foundation
import RealityCore
import Testing
@testable import RealitySync

/// Inputs the libFuzzer targets (Fuzz/, docs/fuzzing.md) found that the device's fast JSON
/// readers read differently from `JSONDecoder`; each must now be left to `JSONDecoder`.
@Suite struct JSONCursorFuzzFindingsTests {
    /// An annotation's text with a field stamp named `key`, whose bytes are then replaced by `raw`.
    static func annotationText(stampKeyBytes raw: [UInt8]) throws -> Data {
        var note = FastPageDecoderTests.annotation(3)
        note.fieldStamps = FieldStamps(["zq": 1_795_633_330_453])
        let text = Array(try RealityJSON.encode(note))
        let key = Array(#""zq""#.utf8)
        let start = try #require((0...(text.count - key.count)).first { Array(text[$0..<$0 + key.count]) == key })
        return Data(text[..<start] + [UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")] + text[(start + key.count)...])
    }

    @Test func objectKey_thatIsNotUTF8_isRefusedAsJSONDecoderRefusesIt() throws {
        let text = try Self.annotationText(stampKeyBytes: [UInt8(ascii: "t"), 0xFF, UInt8(ascii: "e")])
        #expect(throws: (any Error).self) { try RealityJSON.decoder().decode(Annotation.self, from: text) }
        #expect(AnnotationJSONReader.annotation(from: text) == nil)
    }

    @Test func objectKey_withAControlCharacter_isLeftToJSONDecoder() throws {
        let text = try Self.annotationText(stampKeyBytes: [UInt8(ascii: "t"), 0x01])
        #expect(AnnotationJSONReader.annotation(from: text) == nil)
    }

    @Test func objectKey_thatIsPlainUTF8_isStillReadFast() throws {
        let text = try Self.annotationText(stampKeyBytes: Array("tïtle".utf8))
        let read = try #require(AnnotationJSONReader.annotation(from: text))
        #expect(read == (try RealityJSON.decode(Annotation.self, from: text)))
        #expect(read.fieldStamps == FieldStamps(["tïtle": 1_795_633_330_453]))
    }
}
