import Foundation
import FuzzCheck
import RealityAPI
import RealityCore

/// Fuzzes ``JSONCursor`` (and ``AnnotationJSONReader``, built on it) against Foundation: the first
/// byte of the input picks what to read from the rest.
/// - strings, booleans and floats: the cursor accepts exactly what `JSONDecoder` accepts, with
///   the same value, except that it declines a zero written with an exponent (`0e6`, which
///   `JSONDecoder` refuses although it reads `0e0`), leaving it to `JSONDecoder`;
/// - whole numbers: the same, except that the cursor declines a fraction or exponent (`1.0`,
///   `1e2`), leaving such text to `JSONDecoder`;
/// - annotations: whatever the reader answers, `JSONDecoder` reads the same;
/// - live events: whatever ``LiveEventReader`` reads from the bytes, `JSONDecoder` reads the same;
/// - any value `JSONSerialization` parses is skipped whole by `skipValue`.
///
/// The cursor reads UTF-8 without a byte order mark, which is all the server writes (RFC 8259
/// section 8.1); Foundation also reads UTF-16 and UTF-32 (which it recognizes by their zero bytes)
/// and skips a byte order mark. Such input counts as refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCursor(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = fuzzInput(start, count)
    guard let mode = input.first else { return 0 }
    let text = UnsafeRawBufferPointer(rebasing: input.dropFirst())
    let data = Data(text)
    func read<T>(_ read: (inout JSONCursor) -> T?) -> T? {
        var cursor = JSONCursor(bytes: text)
        guard let value = read(&cursor), cursor.isAtEnd() else { return nil }
        return value
    }
    let foreignEncoding =
        text.contains(0) || [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]].contains { text.starts(with: $0) }
    func decoded<T: Decodable>(_ type: T.Type) -> T? {
        foreignEncoding ? nil : try? RealityJSON.decoder().decode(type, from: data)
    }
    let shown = String(decoding: text, as: UTF8.self).debugDescription
    switch mode % 7 {
    case 0:
        let (mine, expected) = (read { $0.readString() }, decoded(String.self))
        require(
            mine == expected,
            "readString(\(shown)) = \(String(describing: mine)), JSONDecoder \(String(describing: expected))")
    case 1:
        let (mine, expected) = (read { $0.readInt() }, decoded(Int.self))
        let declines = mine == nil && text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
        require(
            mine == expected || declines,
            "readInt(\(shown)) = \(String(describing: mine)), JSONDecoder \(String(describing: expected))")
    case 2:
        let (mine, expected) = (read { $0.readFloat() }, decoded(Float.self))
        let declines = mine == nil && expected == 0 && text.contains { $0 | 0x20 == UInt8(ascii: "e") }
        require(
            mine == expected || declines,
            "readFloat(\(shown)) = \(String(describing: mine)), JSONDecoder \(String(describing: expected))")
    case 3:
        let (mine, expected) = (read { $0.readBool() }, decoded(Bool.self))
        require(
            mine == expected,
            "readBool(\(shown)) = \(String(describing: mine)), JSONDecoder \(String(describing: expected))")
    case 4:
        if let annotation = read({ $0.readAnnotation() }) {
            let expected = decoded(Annotation.self)
            require(
                annotation == expected,
                "readAnnotation(\(shown)) = \(annotation), JSONDecoder \(String(describing: expected))")
        }
    case 5:
        if let event = LiveEventReader.readCommon(text) {
            let expected = decoded(LiveEvent.self)
            require(
                event == expected, "readCommon(\(shown)) = \(event), JSONDecoder \(String(describing: expected))")
        }
    default:
        if !foreignEncoding, (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil {
            var cursor = JSONCursor(bytes: text)
            require(cursor.skipValue() && cursor.isAtEnd(), "skipValue stopped at \(cursor.index) in \(shown)")
        }
    }
    return 0
}
