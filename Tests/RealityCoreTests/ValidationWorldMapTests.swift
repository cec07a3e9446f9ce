import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationWorldMapTests {
    typealias Case = ValidationCase<WorldMap>
    static let coordinateRange = ValidationError.Reason.outOfRange(minimum: -100_000, maximum: 100_000)
    static let notAffine = ValidationError.Reason.invalidFormat(
        expected: "an affine transform whose bottom row is 0 0 0 1")

    /// The identity transform with element `index` (column-major, as in JSON) set to `value`.
    static func transform(setting index: Int, to value: Float) -> Transform {
        var columns: [SIMD4<Float>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)]
        columns[index / 4][index % 4] = value
        return Transform(columns: (columns[0], columns[1], columns[2], columns[3]))
    }

    static func anchor(_ transform: Transform) -> WorldAnchor { WorldAnchor(transform: transform) }

    static let mapCases: [Case] = [
        .valid("no anchors") { $0.anchors = [] },
        .invalid("empty map asset", "worldMapAssetID", .required) { $0.worldMapAssetID = "" },
        .invalid("map asset not a digest", "worldMapAssetID", .invalidFormat(expected: FieldCheck.assetIDFormat)) {
            $0.worldMapAssetID = Fixture.assetID.uppercased()
        },
        .invalid("10 MB map asset", "worldMapAssetID", .invalidFormat(expected: FieldCheck.assetIDFormat)) {
            $0.worldMapAssetID = Fixture.huge()
        },
        .valid("10,000 anchors") { $0.anchors = (0..<10_000).map { _ in anchor(.identity) } },
        .invalid("10,001 anchors", "anchors", .tooMany(limit: 10_000)) {
            $0.anchors = (0..<10_001).map { _ in anchor(.identity) }
        },
        .invalid("an anchor twice", "anchors[2].id", .duplicate) {
            let repeated = anchor(.identity)
            $0.anchors = [repeated, anchor(.identity), repeated]
        },
        .valid("location name of 100 characters") { $0.locationName = Fixture.text(100) },
        .invalid("location name of 101 characters", "locationName", .tooLong(limit: 100)) {
            $0.locationName = Fixture.text(101)
        },
        .invalid("blank location name", "locationName", .required) { $0.locationName = " " },
        .valid("description of 1000 characters") { $0.locationDescription = Fixture.text(1_000) },
        .invalid("description of 1001 characters", "locationDescription", .tooLong(limit: 1_000)) {
            $0.locationDescription = Fixture.text(1_001)
        },
        .invalid("10 MB description", "locationDescription", .tooLong(limit: 1_000)) {
            $0.locationDescription = Fixture.huge()
        },
        .valid("a thumbnail asset") { $0.thumbnailAssetID = Fixture.assetID },
        .invalid(
            "thumbnail asset of 63 characters", "thumbnailAssetID", .invalidFormat(expected: FieldCheck.assetIDFormat)
        ) {
            $0.thumbnailAssetID = String(Fixture.assetID.dropFirst())
        },
        .invalid("nil UUID owner", "ownerID", .required) { $0.ownerID = Fixture.nilUser },
        .valid("shared with 100 users") {
            $0.isShared = true
            $0.sharedWith = (0..<100).map { _ in UserID() }
        },
        .invalid("shared with 101 users", "sharedWith", .tooMany(limit: 100)) {
            $0.sharedWith = (0..<101).map { _ in UserID() }
        },
        .invalid("shared with a user twice", "sharedWith[1]", .duplicate) {
            $0.sharedWith = [Fixture.friend, Fixture.friend]
        },
        .invalid("shared with its owner", "sharedWith[0]", .notAllowed(detail: "a map is not shared with its owner")) {
            $0.sharedWith = [Fixture.owner]
        },
        .invalid("createdAt NaN", "createdAt", .notFinite) { $0.createdAt = Fixture.nanDate },
        .invalid("updatedAt before createdAt", "updatedAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.updatedAt = Fixture.earlier
        },
        .invalid("lastUsedAt infinite", "lastUsedAt", .notFinite) { $0.lastUsedAt = Fixture.infiniteDate },
        .invalid("lastUsedAt before createdAt", "lastUsedAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.lastUsedAt = Fixture.earlier
        },
        .valid("used later") { $0.lastUsedAt = Fixture.later },
    ]

    static let anchorCases: [Case] =
        [
            .valid("a rotated anchor") {
                $0.anchors = [
                    anchor(
                        Transform(rotation: Quaternion(angle: 1, axis: SIMD3(0, 1, 0)), translation: SIMD3(3, 0, -1)))
                ]
            },
            .valid("translation at +100 km") {
                $0.anchors = [anchor(Transform(translation: SIMD3(100_000, 100_000, 100_000)))]
            },
            .valid("translation at -100 km") {
                $0.anchors = [anchor(Transform(translation: SIMD3(-100_000, -100_000, -100_000)))]
            },
            .invalid("x beyond 100 km", "anchors[0].transform[12]", coordinateRange) {
                $0.anchors = [anchor(transform(setting: 12, to: Float(100_000).nextUp))]
            },
            .invalid("z below -100 km", "anchors[1].transform[14]", coordinateRange) {
                $0.anchors = [anchor(.identity), anchor(transform(setting: 14, to: -1e9))]
            },
            .invalid("a projective bottom row", "anchors[0].transform", notAffine) {
                $0.anchors = [anchor(transform(setting: 3, to: 0.5))]
            },
            .invalid("w of 2", "anchors[0].transform", notAffine) {
                $0.anchors = [anchor(transform(setting: 15, to: 2))]
            },
        ]
        + (0..<16).flatMap { index in
            Fixture.nonFinite.map { value in
                Case.invalid("transform[\(index)] = \(value)", "anchors[0].transform[\(index)]", .notFinite) {
                    $0.anchors = [anchor(transform(setting: index, to: value))]
                }
            }
        }

    @Test(arguments: mapCases + anchorCases)
    func worldMap_checksAssetsAnchorsTextSharingAndDates(_ testCase: Case) {
        #expect(
            testCase.run(on: Fixture.worldMap()) { m throws(ValidationError) in try m.validate() } == testCase.expected)
    }

    @Test func anchorAlone_namesItsOwnFields() {
        #expect(throws: Never.self) { try Self.anchor(.identity).validate() }
        #expect(throws: ValidationError(field: "transform[5]", reason: .notFinite)) {
            try Self.anchor(Self.transform(setting: 5, to: .nan)).validate()
        }
    }
}
