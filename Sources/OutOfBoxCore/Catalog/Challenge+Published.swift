import Foundation
import RealityCore

/// The catalog in the platform's sync feed: every user's public scope carries each challenge as a
/// record of the published kind ``RecordType/challenge`` (docs/out-of-box.md, "The device's copy
/// of the catalog").
extension Challenge {
    /// The challenge as the feed carries it.
    public func published() throws -> PublishedRecord {
        try PublishedRecord(.challenge, encoding: self)
    }

    /// The challenge that `record` holds; refused when it is another kind or not a challenge.
    public init(published record: PublishedRecord) throws {
        guard record.recordType == .challenge else {
            throw JSONInputError(
                field: "recordType", reason: .invalidValue, detail: "\(record.recordType.rawValue) is not a challenge")
        }
        self = try record.decode(Challenge.self)
    }
}
