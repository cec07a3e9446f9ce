import Foundation

/// The platform's JSON dialect (SPEC "Public interfaces"): camelCase keys as the model names them,
/// UUIDs as strings, dates as ISO 8601 UTC with milliseconds, positions as `[x, y, z]`,
/// orientations as `[x, y, z, w]`. Non-finite numbers are never written or read.
public enum RealityJSON {
    /// A new encoder for the dialect; `pretty` adds indentation for people.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting =
            pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [
                .sortedKeys, .withoutEscapingSlashes,
            ]
        return encoder
    }

    /// A new decoder for the dialect.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 date such as 2026-01-31T09:30:00.000Z.")
            }
            return date
        }
        decoder.dataDecodingStrategy = .base64
        decoder.nonConformingFloatDecodingStrategy = .throw
        return decoder
    }

    /// Encodes `value` in the dialect.
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        try encoder(pretty: pretty).encode(value)
    }

    /// Decodes a `T` from `data`, turning any failure into a ``JSONInputError`` that names the
    /// field at fault.
    ///
    /// `JSONDecoder` names no field when a number does not fit its type, and off Apple platforms
    /// does not tell that apart from a body that is not JSON; such failures are examined further
    /// (see `JSONNumberDiagnosis`) so that they are reported as malformed or against their field.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONInputError) -> T {
        do {
            return try decoder().decode(type, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw JSONNumberDiagnosis.diagnose(type, from: data, context: context)
        } catch let error as DecodingError {
            throw JSONInputError(error)
        } catch {
            throw JSONInputError(field: nil, reason: .malformed, detail: String(describing: error))
        }
    }
}
