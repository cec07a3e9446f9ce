import Foundation
import Testing

@testable import RealityCore

/// The writer's values, each checked byte for byte against `RealityJSON.encode` of the same value.
@Suite struct JSONWriterTests {
    /// The writer's text of `value` and `RealityJSON.encode`'s, as strings for readable failures.
    static func both(_ value: some JSONWritable & Encodable) throws -> (ours: String, foundation: String) {
        let ours = String(decoding: try JSONWriter.bytes(of: value), as: UTF8.self)
        let foundation = String(decoding: try RealityJSON.encode(value), as: UTF8.self)
        return (ours, foundation)
    }

    static let strings: [String] = [
        "", "plain", "Wet paint — mind the bench", #"say "hi""#, #"back\slash"#, "a/b/../c", "https://x.y/z?q=1",
        "line\nbreak", "tab\there", "cr\rlf\r\n", "\u{8}\u{C}", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}\u{2029}",
        "👍🏽", "👩‍👩‍👧", "e\u{301}", "日本語", "\u{FEFF}bom", #"\u0041"#, "\"\\\"",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test(arguments: strings)
    func string_isEscapedAsJSONEncoderEscapesIt(_ value: String) throws {
        let (ours, foundation) = try Self.both(value)
        #expect(ours == foundation)
        #expect(try RealityJSON.decode(String.self, from: Data(ours.utf8)) == value)
    }

    @Test func everyControlCharacter_isEscapedAsJSONEncoderEscapesIt() throws {
        for scalar in (0..<0x20).map({ Unicode.Scalar(UInt8($0)) }) {
            let (ours, foundation) = try Self.both("<\(scalar)>")
            #expect(ours == foundation, "U+\(String(scalar.value, radix: 16))")
        }
    }

    static let floats: [Float] = [
        0, -0.0, 1, -1, 0.1, 1.5, -0.25, 1.25, 1 / 3, 100, 1e7, 1.2345678e7, 16_777_216, 1e16, 123_456.79, 4_999.999,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude.nextDown, .ulpOfOne, .pi,
    ]

    @Test(arguments: floats)
    func float_isWrittenAsJSONEncoderWritesIt(_ value: Float) throws {
        let (ours, foundation) = try Self.both([value])
        #expect(ours == foundation)
        let decoded = try RealityJSON.decode([Float].self, from: Data(ours.utf8))
        #expect(decoded.map(\.bitPattern) == [value.bitPattern])
    }

    static let doubles: [Double] = [
        0, -0.0, 1, 0.1, 12.5, 1 / 3, 1e16, 1e22, 1e-7, 123_456_789.123, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude.nextDown,
        Double(Float.greatestFiniteMagnitude),
    ]

    @Test(arguments: doubles)
    func double_isWrittenAsJSONEncoderWritesIt(_ value: Double) throws {
        let (ours, foundation) = try Self.both([value])
        #expect(ours == foundation)
        let decoded = try RealityJSON.decode([Double].self, from: Data(ours.utf8))
        #expect(decoded.map(\.bitPattern) == [value.bitPattern])
    }

    /// Many finite floats of every magnitude, drawn from their bit patterns.
    @Test func randomFiniteFloats_areWrittenAsJSONEncoderWritesThem() throws {
        var random = SystemRandomNumberGenerator()
        let floats = (0..<2_000).map { _ in Float(bitPattern: random.next()) }.filter(\.isFinite)
        let doubles = (0..<2_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        #expect(try Self.both(floats).ours == Self.both(floats).foundation)
        #expect(try Self.both(doubles).ours == Self.both(doubles).foundation)
    }

    @Test(arguments: [0, 1, -1, 42, 1_000_000, Int.max, Int.min])
    func integer_isWrittenInDecimal(_ value: Int) throws {
        let (ours, foundation) = try Self.both([value])
        #expect(ours == foundation)
        #expect(try Self.both([Int64(value)]).ours == foundation)
    }

    static let dates: [String] = [
        "2026-03-14T09:26:53.589Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z",
        "0001-01-01T00:00:00.001Z", "9999-12-31T23:59:59.999Z", "2024-02-29T12:00:00.500Z",
    ]

    @Test(arguments: dates)
    func date_isWrittenAsTimestampFormatsIt(_ text: String) throws {
        let date = try #require(Timestamp.parse(text))
        let (ours, foundation) = try Self.both(date)
        #expect(ours == foundation)
        #expect(ours == "\"\(text)\"")
    }

    @Test(arguments: [-62_135_596_800_001, 253_402_300_800_000, -1_000_000_000_000_000] as [Int64])
    func dateBeyondFourDigitYears_isWrittenAsTimestampFormatsIt(_ milliseconds: Int64) throws {
        let (ours, foundation) = try Self.both(Timestamp.date(milliseconds: milliseconds))
        #expect(ours == foundation)
    }

    @Test func identities_areLowercaseAndPlainUUIDsUppercase() throws {
        let uuid = Fixtures.uuid("0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3")
        #expect(try Self.both(uuid).ours == Self.both(uuid).foundation)
        #expect(try Self.both(uuid).ours == "\"0A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3\"")
        #expect(try Self.both(AnnotationID(uuid)).ours == "\"0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3\"")
        #expect(try Self.both(AnnotationID(uuid)).foundation == "\"0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3\"")
    }

    @Test(arguments: [Data(), Data([0]), Data([0xFB, 0xFF]), Data([1, 2, 3]), Data((0...255).map { UInt8($0) })])
    func data_isBase64(_ value: Data) throws {
        let (ours, foundation) = try Self.both(value)
        #expect(ours == foundation)
    }

    @Test(arguments: [
        "file:///var/mobile/Media/bench.heic", "https://cdn.example.com/a%20b/c.jpg?q=1&r=/x#frag",
        "https://user@host:8080/path/", "relative/path.png", "mailto:ana@example.com",
    ])
    func url_isItsAbsoluteString(_ text: String) throws {
        let url = try #require(URL(string: text))
        let (ours, foundation) = try Self.both(url)
        #expect(ours == foundation)
    }

    @Test func punctuation_separatesNestedValuesWithCommas() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.null()
        writer.bool(true)
        writer.endArray()
        writer.key("b")
        writer.json(Array(#"{"x":1}"#.utf8))
        try writer.field("c", ifPresent: nil as String?)
        try writer.field("d", "e")
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":[{},[],null,true],"b":{"x":1},"d":"e"}"#)
    }

    @Test func encoded_splicesRealityJSONsText() throws {
        var writer = JSONWriter()
        writer.beginArray()
        try writer.encoded(Fixtures.layer())
        try writer.encoded(Fixtures.user())
        writer.endArray()
        let expected =
            Data("[".utf8) + (try RealityJSON.encode(Fixtures.layer())) + Data(",".utf8)
            + (try RealityJSON.encode(Fixtures.user())) + Data("]".utf8)
        #expect(Data(writer.bytes) == expected)
    }

    @Test func syncRecordJSONData_isRealityJSONOfTheRecordForEveryKind() throws {
        let records: [(SyncRecord, Data)] = [
            (.annotation(Fixtures.annotation()), try RealityJSON.encode(Fixtures.annotation())),
            (.layer(Fixtures.layer()), try RealityJSON.encode(Fixtures.layer())),
            (.comment(Fixtures.comment()), try RealityJSON.encode(Fixtures.comment())),
            (.user(Fixtures.user()), try RealityJSON.encode(Fixtures.user())),
            (
                .star(StarRecord(annotationID: Fixtures.annotationID, createdAt: Fixtures.created)),
                try RealityJSON.encode(StarRecord(annotationID: Fixtures.annotationID, createdAt: Fixtures.created))
            ),
            (.notification(Fixtures.notification()), try RealityJSON.encode(Fixtures.notification())),
            (.worldMap(Fixtures.worldMap()), try RealityJSON.encode(Fixtures.worldMap())),
        ]
        #expect(Set(records.map(\.0.recordType)).count == 7)
        for (record, expected) in records {
            #expect(try record.jsonData() == expected, "\(record.recordType)")
        }
    }
}
