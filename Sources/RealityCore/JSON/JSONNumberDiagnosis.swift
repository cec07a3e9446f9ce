import Foundation

/// Finds the field behind a `JSONDecoder` failure that names no field.
///
/// swift-foundation's `JSONDecoder` reports a number that does not fit the type asked for
/// (`1e39` for a `Float`, `3.5` for an `Int`) exactly as it reports text that is not JSON: a
/// `dataCorrupted` error with an empty coding path and, off Apple platforms, no underlying error.
/// To name the field anyway, this replays the decode on edited copies of the document, which keeps
/// the real decoder's own idea of what fits:
/// 1. every number token replaced by `0` (which fits every number type): if the path-less failure
///    persists, the numbers are not the cause, and the document is malformed (it does not parse)
///    or its top-level value is wrong;
/// 2. otherwise a binary search over the tokens, zeroing a suffix at a time, finds one number
///    without which the failure disappears: O(log n) decodes, paid only on bad input;
/// 3. that token is replaced by a string, and the type mismatch the decoder then reports carries
///    the path of the field that number was read into.
enum JSONNumberDiagnosis {
    /// The error to report for `context`, a path-less `dataCorrupted` failure of decoding `type`
    /// from `data`.
    static func diagnose<T: Decodable>(
        _ type: T.Type, from data: Data, context: DecodingError.Context
    ) -> JSONInputError {
        let bytes = [UInt8](data)
        let numbers = numberTokens(in: bytes)
        let allZeroed = replacing(numbers[...], in: bytes)
        guard !numbers.isEmpty, !failsWithoutPath(type, allZeroed) else {
            if context.underlyingError != nil || !isWellFormed(allZeroed) {
                return JSONInputError(field: nil, reason: .malformed, detail: "The body is not valid JSON.")
            }
            return JSONInputError(.dataCorrupted(context))
        }
        // Invariant: zeroing numbers[low...] removes the failure; zeroing numbers[high...] does not.
        var low = 0
        var high = numbers.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if failsWithoutPath(type, replacing(numbers[middle...], in: bytes)) {
                high = middle
            } else {
                low = middle
            }
        }
        let culprit = high - 1
        var located = replacing(numbers[high...], in: bytes)
        located = replacing(numbers[culprit...culprit], in: located, with: Array(#""""#.utf8))
        return JSONInputError(
            field: fieldOfTypeMismatch(type, located), reason: .invalidValue,
            detail: "The number \(String(decoding: bytes[numbers[culprit]], as: UTF8.self)) does not fit here: "
                + "too large, too small, or not a whole number where one is needed.")
    }

    /// True when decoding fails with a `dataCorrupted` error that names no field.
    private static func failsWithoutPath<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> Bool {
        do {
            _ = try RealityJSON.decoder().decode(type, from: Data(bytes))
            return false
        } catch DecodingError.dataCorrupted(let context) {
            return context.codingPath.isEmpty
        } catch {
            return false
        }
    }

    /// The field a decode of `bytes` reports a type mismatch at, if it does.
    private static func fieldOfTypeMismatch<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> String? {
        do {
            _ = try RealityJSON.decoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            if case .typeMismatch = error { return JSONInputError(error).field }
        } catch {}
        return nil
    }

    /// True when `bytes` parse as JSON.
    private static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
    }

    /// `bytes` with each of the (ascending, disjoint) `ranges` replaced by `replacement`.
    private static func replacing(
        _ ranges: ArraySlice<Range<Int>>, in bytes: [UInt8], with replacement: [UInt8] = [UInt8(ascii: "0")]
    ) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for range in ranges {
            result += bytes[position..<range.lowerBound]
            result += replacement
            position = range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// The ranges of the well-formed JSON number tokens outside strings, in document order.
    private static func numberTokens(in bytes: [UInt8]) -> [Range<Int>] {
        var tokens: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else if byte == UInt8(ascii: "-") || isDigit(byte) {
                let start = index
                while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                if isWellFormedNumber(bytes[start..<index]) { tokens.append(start..<index) }
            } else {
                index += 1
            }
        }
        return tokens
    }

    /// True for `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, RFC 8259's number.
    private static func isWellFormedNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard let first = rest.first, isDigit(first) else { return false }
        let integer = rest.prefix(while: isDigit)
        if integer.count > 1, first == UInt8(ascii: "0") { return false }
        rest = rest.dropFirst(integer.count)
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
