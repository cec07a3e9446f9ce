import Foundation
import OutOfBoxCore
import RealityCore
import Testing

/// A challenge as the sync feed's public scope carries it (``PublishedRecord``): every field of
/// every shipped challenge survives the trip through the platform's generic JSON, and a record
/// that is not a challenge is refused with the field at fault.
struct PublishedChallengeTests {
    @Test func everyShippedChallenge_survivesTheFeedsRecord() throws {
        let shipped = try ShippedCatalog.file().validatedChallenges(at: Date(timeIntervalSince1970: 1_800_000_000.123))
        #expect(shipped.count >= 300)
        for challenge in shipped {
            let record = try challenge.published()
            #expect(record.recordType == .challenge && record.recordID == challenge.id)
            let wire = try SyncRecord(type: .challenge, json: SyncRecord.published(record).jsonData())
            guard case .published(let back) = wire else {
                Issue.record("\(challenge.id) came back as \(wire.recordType)")
                continue
            }
            #expect(try Challenge(published: back) == challenge)
        }
    }

    @Test func aRecordThatIsNotAChallenge_isRefused_namingTheField() throws {
        let cases: [(String, String)] = [
            ("[1, 2]", "record"), (#""text""#, "record"), ("{}", "record.id"), (#"{"id": ""}"#, "record.id"),
            (#"{"id": 7}"#, "record.id"), ("not json", "record"),
        ]
        for (json, field) in cases {
            #expect(throws: JSONInputError.self, "\(json)") {
                try SyncRecord(type: .challenge, json: Data(json.utf8))
            }
            do {
                _ = try SyncRecord(type: .challenge, json: Data(json.utf8))
            } catch let error as JSONInputError {
                #expect(error.field == field, "\(json): \(error)")
            }
        }
        let notAChallenge = try PublishedRecord(.challenge, json: Data(#"{"id": "x", "title": 3}"#.utf8))
        #expect(throws: JSONInputError.self) { try Challenge(published: notAChallenge) }
        #expect(throws: JSONInputError.self) { try PublishedRecord(.annotation, json: Data(#"{"id": "x"}"#.utf8)) }
        #expect(RecordType.publishedKinds == [.challenge])
        #expect(RecordType.challenge.sync.savedWhole == false, "no device pushes a published record")
    }
}
