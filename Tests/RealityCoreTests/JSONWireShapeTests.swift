import Foundation
import Testing

@testable import RealityCore

/// The JSON the platform writes, checked as JSON (SPEC "Public interfaces"): camelCase keys as the
/// model names them, UUIDs as lowercase strings, ISO 8601 UTC dates with milliseconds, positions
/// `[x, y, z]`, orientations `[x, y, z, w]`, transforms as 16 numbers, enums as raw strings.
@Suite struct JSONWireShapeTests {
    /// `value` encoded and parsed back as a Foundation object.
    static func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: RealityJSON.encode(value)) as? [String: Any])
    }

    /// The numbers of a JSON array.
    static func numbers(_ value: Any?) -> [Double]? {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    static var isoDate: Regex<Substring> { #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/# }
    static var uuid: Regex<Substring> { #/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/# }

    @Test func annotation_hasTheModelsCamelCaseKeys() throws {
        let annotation = Fixtures.annotation()
        let keys = Set(try Self.json(annotation).keys)
        // The stored properties' own names (the fixture fills every optional one), and no others.
        #expect(keys == Set(Mirror(reflecting: annotation).children.compactMap(\.label)))
        #expect(keys.isSuperset(of: ["id", "anchorID", "layerID", "ownerID", "visibilityRules", "fieldStamps"]))
    }

    @Test func annotation_writesVectorsAsArrays() throws {
        let json = try Self.json(Fixtures.annotation())
        #expect(Self.numbers(json["position"]) == [1.5, -0.25, 3])
        let orientation = try #require(Self.numbers(json["orientation"]))
        #expect(orientation.count == 4)
        for (value, expected) in zip(orientation, [0, 0.6, 0, 0.8]) { #expect(abs(value - expected) < 1e-6) }
        #expect((json["scale"] as? NSNumber)?.doubleValue == 1.25)
        #expect((json["viewCount"] as? NSNumber)?.intValue == 3)
        #expect(json["isDeleted"] as? Bool == false)
    }

    @Test func annotation_writesIDsAsLowercaseUUIDStrings() throws {
        let json = try Self.json(Fixtures.annotation())
        for key in ["id", "anchorID", "layerID", "ownerID"] {
            let text = try #require(json[key] as? String, "\(key)")
            #expect(text.wholeMatch(of: Self.uuid) != nil, "\(key): \(text)")
        }
        #expect(json["id"] as? String == "00000000-0000-4000-8000-0000000000b1")
        #expect((json["viewedBy"] as? [String]) == [Fixtures.friendID.uuidString])
    }

    @Test func plainUUIDFields_areUUIDStringsInFoundationsUppercase() throws {
        // Grant, reaction, attachment, time-rule, notification and activity IDs are `UUID`, not
        // `Identifier`, and Foundation writes those in upper case; readers accept either case.
        let grant = try #require((try Self.json(Fixtures.annotation())["permissions"] as? [[String: Any]])?.first)
        #expect(grant["id"] as? String == "00000000-0000-4000-8000-0000000000F1")
        #expect(grant["userID"] as? String == "00000000-0000-4000-8000-0000000000a2")
    }

    @Test func dates_areISO8601UTCWithMilliseconds() throws {
        let json = try Self.json(Fixtures.annotation())
        #expect(json["createdAt"] as? String == "2026-03-14T09:26:53.589Z")
        #expect(json["updatedAt"] as? String == "2026-03-15T18:00:00.250Z")
        for key in ["createdAt", "updatedAt", "lastSyncedAt"] {
            #expect((json[key] as? String)?.wholeMatch(of: Self.isoDate) != nil, "\(key)")
        }
        let grant = try #require((json["permissions"] as? [[String: Any]])?.first)
        #expect(grant["expiresAt"] as? String == "2026-12-31T23:59:59.999Z")
    }

    @Test func enums_areTheirRawStrings() throws {
        let annotation = try Self.json(Fixtures.annotation())
        #expect(annotation["type"] as? String == "photo")
        #expect(annotation["status"] as? String == "inProgress")
        let grant = try #require((annotation["permissions"] as? [[String: Any]])?.first)
        #expect(grant["level"] as? String == "editor")
        let layer = try Self.json(Fixtures.layer())
        #expect(layer["color"] as? String == "orange")
        #expect(layer["defaultPermission"] as? String == "commenter")
        let user = try Self.json(Fixtures.user())
        #expect(user["subscriptionTier"] as? String == "pro")
        #expect((user["preferences"] as? [String: Any])?["theme"] as? String == "dark")
        #expect((user["preferences"] as? [String: Any])?["defaultLayerColor"] as? String == "purple")
        #expect(try Self.json(Fixtures.notification())["type"] as? String == "mention")
        #expect(try Self.json(Fixtures.activity())["kind"] as? String == "commented")
        let sync = try Self.json(Fixtures.syncMetadata())
        #expect(sync["recordType"] as? String == "annotation" && sync["syncStatus"] as? String == "conflict")
        #expect(try Self.json(Fixtures.conflictData())["resolutionStrategy"] as? String == "manual")
    }

    @Test func nestedVisibilityRules_keepTheirShape() throws {
        let rules = try #require(try Self.json(Fixtures.annotation())["visibilityRules"] as? [String: Any])
        #expect(Set(rules.keys) == ["timeRules", "locationRules", "expiresAt", "expiresAfterViews"])
        let timeRules = try #require(rules["timeRules"] as? [[String: Any]])
        #expect(timeRules.map { $0["type"] as? String } == ["always", "timeRange", "recurring"])
        let recurrence = try #require(timeRules[2]["recurrence"] as? [String: Any])
        #expect(recurrence["frequency"] as? String == "weekly")
        #expect((recurrence["daysOfWeek"] as? [Int]) == [2, 4, 6])
        #expect(recurrence["timeZone"] as? String == "America/New_York")
        let window = try #require(recurrence["timeOfDay"] as? [String: Int])
        #expect(window == ["hour": 22, "minute": 30, "endHour": 6, "endMinute": 0])
        let location = try #require((rules["locationRules"] as? [[String: Any]])?.first)
        #expect(location["type"] as? String == "proximity")
        #expect((location["radiusMeters"] as? NSNumber)?.doubleValue == 12.5)
    }

    @Test func content_writesDataAsBase64AndURLsAsStrings() throws {
        let content = try #require(try Self.json(Fixtures.annotation())["content"] as? [String: Any])
        #expect(content["drawingData"] as? String == "AQL+")
        #expect(content["richTextData"] as? String == Data("rtf".utf8).base64EncodedString())
        #expect(content["mediaURL"] as? String == "file:///var/mobile/Media/bench.heic")
        #expect(content["cloudAssetID"] as? String == Fixtures.assetID)
    }

    @Test func worldAnchor_writesItsTransformAsSixteenNumbersColumnMajor() throws {
        let map = try Self.json(Fixtures.worldMap())
        let anchor = try #require((map["anchors"] as? [[String: Any]])?.first)
        let transform = try #require(Self.numbers(anchor["transform"]))
        #expect(transform.count == 16)
        #expect(Array(transform[12...]) == [1, 2, 3, 1], "the translation is the last column")
        #expect([transform[3], transform[7], transform[11]] == [0, 0, 0])
        #expect(anchor["annotationID"] as? String == Fixtures.annotationID.uuidString)
    }

    @Test func absentOptionals_areLeftOut() throws {
        let bare = Annotation(
            type: .text, content: AnnotationContent(text: "Hi"), position: .zero, layerID: Fixtures.layerID,
            ownerID: Fixtures.ownerID, createdAt: Fixtures.created)
        let json = try Self.json(bare)
        for key in ["title", "visibilityRules", "lastSyncedAt"] { #expect(json[key] == nil, "\(key)") }
        #expect(Set((json["content"] as? [String: Any])?.keys ?? [:].keys) == ["text"])
        #expect((json["comments"] as? [Any])?.isEmpty == true)
    }

    @Test func output_isCompactWithSortedKeys_andPrettyOnRequest() throws {
        let compact = String(decoding: try RealityJSON.encode(Fixtures.reaction()), as: UTF8.self)
        #expect(
            compact
                == #"{"createdAt":"2026-03-15T18:00:00.250Z","emoji":"👍","id":"00000000-0000-4000-8000-000000000101","userID":"00000000-0000-4000-8000-0000000000a2"}"#
        )
        let pretty = String(decoding: try RealityJSON.encode(Fixtures.reaction(), pretty: true), as: UTF8.self)
        #expect(pretty.contains("\n"))
        #expect(try RealityJSON.decode(Reaction.self, from: Data(pretty.utf8)) == Fixtures.reaction())
    }

    @Test func nonFiniteNumbers_areNeverWritten() {
        var annotation = Fixtures.annotation()
        annotation.scale = .nan
        #expect(throws: EncodingError.self) { try RealityJSON.encode(annotation) }
        annotation.scale = 1
        annotation.position = SIMD3(.infinity, 0, 0)
        #expect(throws: EncodingError.self) { try RealityJSON.encode(annotation) }
    }
}
