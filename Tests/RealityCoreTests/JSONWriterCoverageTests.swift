import Foundation
import Testing

@testable import RealityCore

/// A fully populated value of a type that writes itself as a JSON object.
struct WrittenObjectCase: Sendable, CustomTestStringConvertible {
    let typeName: String
    /// The keys the writer wrote, the keys `JSONEncoder` wrote, and the type's stored properties.
    let keys: @Sendable () throws -> (writer: Set<String>, encoder: Set<String>, stored: Set<String>)
    var testDescription: String { typeName }

    static func of<T: JSONWritable & Encodable & Sendable>(_ value: T) -> WrittenObjectCase {
        WrittenObjectCase(typeName: String(describing: T.self)) {
            func keys(_ data: some Sequence<UInt8>) throws -> Set<String> {
                let object = try JSONSerialization.jsonObject(with: Data(data)) as? [String: Any]
                return Set(try #require(object).keys)
            }
            return (
                try keys(JSONWriter.bytes(of: value)), try keys(RealityJSON.encode(value)),
                Set(Mirror(reflecting: value).children.compactMap(\.label))
            )
        }
    }
}

/// Guards against the writer falling behind the model: a stored property added to a type the
/// writer writes by hand fails here until its conformance writes it too.
@Suite struct JSONWriterCoverageTests {
    /// Every object type with a hand-written conformance, each with every optional set.
    static let cases: [WrittenObjectCase] = [
        .of(Fixtures.annotation()), .of(Fixtures.annotation().content), .of(Fixtures.permission()),
        .of(Fixtures.comment()), .of(Fixtures.reaction()), .of(Fixtures.attachment()), .of(Fixtures.visibilityRules()),
        .of(Fixtures.recurringTimeRule()), .of(Fixtures.recurrence()),
        .of(TimeOfDay(hour: 22, minute: 30, endHour: 6, endMinute: 0)),
        .of(LocationRule(type: .proximity, radiusMeters: 12.5)),
    ]

    @Test(arguments: cases)
    func writer_writesEveryStoredProperty(_ objectCase: WrittenObjectCase) throws {
        let keys = try objectCase.keys()
        #expect(keys.stored.subtracting(keys.writer).isEmpty, "not written: \(keys.stored.subtracting(keys.writer))")
        #expect(keys.writer.subtracting(keys.stored).isEmpty, "not stored: \(keys.writer.subtracting(keys.stored))")
    }

    @Test(arguments: cases)
    func writer_writesTheKeysJSONEncoderWrites(_ objectCase: WrittenObjectCase) throws {
        let keys = try objectCase.keys()
        #expect(keys.writer == keys.encoder)
    }

    /// Every hand-written object conformance in Sources/RealityCore/JSON has a case above.
    @Test func everyHandWrittenConformance_isCovered() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RealityCore/JSON")
        var written: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where file.hasSuffix("+JSONWritable.swift") {
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n")
            where line.hasPrefix("extension ") && line.hasSuffix(": JSONWritable {") {
                let name = line.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber }
                if source.contains(
                    "\(line)\n    public func write(to writer: inout JSONWriter) throws(EncodingError) {\n        writer.beginObject()"
                ) {
                    written.insert(String(name))
                }
            }
        }
        let covered = Set(Self.cases.map(\.typeName))
        #expect(written.count >= 10)
        #expect(written.subtracting(covered).isEmpty, "not covered: \(written.subtracting(covered).sorted())")
    }
}
