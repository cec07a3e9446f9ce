import Foundation
import RealityCore
import Testing

@testable import RealityAPI
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

/// Numbers the fuzz targets found read differently from `JSONDecoder`.
@Suite struct JSONCursorNumberFindingsTests {
    /// The float the cursor reads from the whole of `text`, if it reads one.
    static func float(_ text: String) -> Float? {
        Data(text.utf8).withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes: bytes)
            guard let value = cursor.readFloat(), cursor.isAtEnd() else { return nil }
            return value
        }
    }

    @Test(arguments: ["0e6", "0e1", "0e0", "0e10", "-0e6", "0.0e7", "0E-3"])
    func aZeroWithAnExponent_isLeftToJSONDecoder(text: String) {
        #expect(Self.float(text) == nil)
    }

    @Test(arguments: ["0", "0.0", "-0.0", "0.000"])
    func aZeroWithoutAnExponent_isStillReadFast(text: String) throws {
        #expect(Self.float(text) == 0)
        #expect(Self.float(text) == (try RealityJSON.decoder().decode(Float.self, from: Data(text.utf8))))
    }

    @Test func anAnnotationWithAZeroWithAnExponent_isLeftToJSONDecoder() throws {
        let text = String(decoding: try RealityJSON.encode(FastPageDecoderTests.annotation(5)), as: UTF8.self)
        let start = try #require(text.range(of: "\"position\":["))
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        let data = Data((text[..<start.upperBound] + "0e6,1,2" + text[end...]).utf8)
        // Left to JSONDecoder, which today refuses `0e6` as a Float.
        #expect(AnnotationJSONReader.annotation(from: data) == nil)
    }
}
