import Foundation

/// The JSON shape of a field as the API writes it, for the OpenAPI document; the server turns it
/// into JSON Schema.
public indirect enum WireSchema: Sendable, Hashable {
    /// A string.
    case string
    /// A UUID string.
    case uuid
    /// An ISO 8601 date-time string.
    case date
    /// A calendar day, `YYYY-MM-DD`.
    case day
    /// true or false.
    case boolean
    /// A whole number.
    case integer
    /// A whole number within the range (a level, a rating).
    case integerIn(ClosedRange<Int>)
    /// A number.
    case number
    /// A string from a fixed list.
    case enumeration([String])
    /// An array of exactly `count` numbers (vectors, quaternions).
    case numbers(count: Int)
    /// An array of elements.
    case array(WireSchema)
    /// A component schema of the document, by name.
    case component(String)
    /// A lower-case hex SHA-256, the ID of an asset.
    case assetID
    /// The value or `null`.
    case nullable(WireSchema)

    /// The strings of a `CaseIterable` string enum.
    public static func cases<Value: CaseIterable & RawRepresentable>(of type: Value.Type) -> WireSchema
    where Value.RawValue == String {
        .enumeration(Value.allCases.map(\.rawValue))
    }
}
