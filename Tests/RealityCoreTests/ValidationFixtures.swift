import Foundation
import Testing

@testable import RealityCore

/// One row of a validation table: a change to a valid value and the exact outcome it must have.
struct ValidationCase<Value: Sendable>: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: ValidationError?
    let change: @Sendable (inout Value) -> Void

    /// A case that must pass.
    static func valid(_ name: String, _ change: @escaping @Sendable (inout Value) -> Void) -> Self {
        Self(name: name, expected: nil, change: change)
    }

    /// A case that must fail with `reason` on `field`.
    static func invalid(
        _ name: String, _ field: String, _ reason: ValidationError.Reason,
        _ change: @escaping @Sendable (inout Value) -> Void
    ) -> Self {
        Self(name: name, expected: ValidationError(field: field, reason: reason), change: change)
    }

    var testDescription: String { name }

    /// Applies the change to `value` and returns what `validate` makes of it.
    func run(on value: Value, _ validate: (Value) throws(ValidationError) -> Void) -> ValidationError? {
        var changed = value
        change(&changed)
        return outcome { () throws(ValidationError) in try validate(changed) }
    }
}

/// The error `body` throws, or nil when it passes.
func outcome(_ body: () throws(ValidationError) -> Void) -> ValidationError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Valid values and building blocks shared by the validation tests.
enum Fixture {
    static let owner = UserID()
    static let friend = UserID()
    static let nilUser = UserID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    static let layerID = LayerID()

    /// 2023-11-14T22:13:20Z.
    static let date = Timestamp.date(milliseconds: 1_700_000_000_000)
    static let later = date.addingTimeInterval(3_600)
    static let earlier = date.addingTimeInterval(-3_600)
    static let nanDate = Date(timeIntervalSince1970: .nan)
    static let infiniteDate = Date(timeIntervalSince1970: .infinity)
    static let before1970 = Date(timeIntervalSince1970: -1)
    static let after9999 = Timestamp.date(milliseconds: ValidationLimits.latestMilliseconds + 1)
    static let dateBounds = ValidationError.Reason.outOfRange(minimum: 0, maximum: 253_402_300_799.999)

    static let assetID = String(repeating: "0123456789abcdef", count: 4)
    static let nonFinite: [Float] = [.nan, .infinity, -.infinity]
    static let nonFiniteDoubles: [Double] = [.nan, .infinity, -.infinity]

    /// 10 MB of one letter.
    static func huge() -> String { String(repeating: "a", count: 10_000_000) }
    /// A single 10 MB grapheme: one letter and five million combining accents.
    static func hugeGrapheme() -> String { "a" + String(repeating: "\u{301}", count: 5_000_000) }
    /// `count` copies of `unit`.
    static func text(_ count: Int, _ unit: String = "a") -> String { String(repeating: unit, count: count) }
    /// An https URL of exactly `bytes` bytes.
    static func url(bytes: Int) -> URL? {
        let base = "https://example.com/"
        return URL(string: base + text(bytes - base.utf8.count))
    }

    static func permission(_ user: UserID = friend) -> Permission {
        Permission(userID: user, level: .editor, grantedBy: owner, grantedAt: date)
    }

    static func attachment() -> RealityCore.Attachment {
        RealityCore.Attachment(
            fileName: "photo.jpg", fileType: "image/jpeg", fileSize: 1_024, cloudAssetID: assetID, uploadedAt: date)
    }

    static func reaction(_ emoji: String = "👍", user: UserID = friend) -> Reaction {
        Reaction(emoji: emoji, userID: user, createdAt: date)
    }

    /// The seed's sample annotation (seed 001 §12.1), at a fixed time.
    static func annotation() -> Annotation {
        Annotation(
            type: .text, content: AnnotationContent(text: "Remember to buy milk"),
            position: SIMD3<Float>(0, 1.5, -2), layerID: layerID, ownerID: owner, createdAt: date)
    }

    /// The seed's sample layer (seed 001 §12.1), at a fixed time.
    static func layer() -> Layer {
        Layer(name: "Family Messages", icon: "person.3.fill", color: .blue, ownerID: owner, createdAt: date)
    }

    /// The seed's bedtime rule (seed 001 §12.1): daily, 20:00 to 20:30.
    static func bedtime() -> VisibilityRules {
        VisibilityRules(timeRules: [
            TimeRule(
                type: .recurring,
                recurrence: RecurrenceRule(
                    frequency: .daily, interval: 1,
                    timeOfDay: TimeOfDay(hour: 20, minute: 0, endHour: 20, endMinute: 30)))
        ])
    }

    static func comment() -> RealityCore.Comment {
        RealityCore.Comment(
            text: "Bought it.", authorID: friend, authorName: "Sam", annotationID: AnnotationID(), createdAt: date)
    }

    static func user() -> User {
        User(id: owner, displayName: "Alex", email: "alex@example.com", createdAt: date)
    }

    static func worldMap() -> WorldMap {
        WorldMap(
            worldMapAssetID: assetID,
            anchors: [WorldAnchor(transform: Transform(translation: SIMD3(1, 0, -2)))],
            locationName: "Kitchen", ownerID: owner, createdAt: date)
    }
}
