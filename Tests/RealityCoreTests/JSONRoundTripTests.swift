import Foundation
import RealityTestSupport
import Testing

@testable import RealityCore

/// One value to send through the JSON dialect and back.
struct RoundTripCase: Sendable, CustomTestStringConvertible {
    /// The model type's name as declared in Sources/RealityCore/Model.
    let typeName: String
    /// Encodes, decodes and compares; returns the decoded value's equality with the original.
    let survives: @Sendable () throws -> Bool
    var testDescription: String { typeName }

    /// A case for `value`, named after its type (without generic arguments).
    static func of<T: Codable & Equatable & Sendable>(_ value: T) -> RoundTripCase {
        let name = String(describing: T.self).prefix { $0 != "<" }
        return RoundTripCase(typeName: String(name)) {
            let data = try RealityJSON.encode(value)
            return try RealityJSON.decode(T.self, from: data) == value
        }
    }

    /// A case covering every value of an enum.
    static func allCases<T: Codable & Equatable & Sendable & CaseIterable>(of _: T.Type) -> RoundTripCase
    where T.AllCases: Sendable {
        RoundTripCase(typeName: String(describing: T.self)) {
            let values = Array(T.allCases)
            return try RealityJSON.decode([T].self, from: RealityJSON.encode(values)) == values
        }
    }
}

@Suite struct JSONRoundTripTests {
    static let fullyPopulated: [RoundTripCase] = [
        .of(Fixtures.annotation()), .of(Fixtures.annotation().content), .of(Fixtures.layer()),
        .of(Fixtures.permission()), .of(Fixtures.comment()), .of(Fixtures.reaction()), .of(Fixtures.attachment()),
        .of(Fixtures.user()), .of(Fixtures.user().preferences), .of(Fixtures.worldMap()),
        .of(Fixtures.worldMap().anchors[0]), .of(Fixtures.worldMap().anchors[0].transform),
        .of(Fixtures.annotation().orientation), .of(Fixtures.visibilityRules()),
        .of(Fixtures.recurringTimeRule()), .of(Fixtures.recurrence()),
        .of(TimeOfDay(hour: 22, minute: 30, endHour: 6, endMinute: 0)),
        .of(LocationRule(type: .proximity, radiusMeters: 12.5)), .of(Fixtures.syncMetadata()),
        .of(Fixtures.conflictData()),
        .of(StarRecord(annotationID: Fixtures.annotation().id, createdAt: Fixtures.created)),
        .of(
            UserEngagement(
                stars: [StarRecord(annotationID: Fixtures.annotation().id, createdAt: Fixtures.created)],
                reads: [
                    ReadReceipt(
                        annotationID: Fixtures.annotation().id, views: 2, firstReadAt: Fixtures.created,
                        lastReadAt: Fixtures.created.addingTimeInterval(60))
                ],
                reactions: [
                    GivenReaction(annotationID: Fixtures.annotation().id, reaction: Fixtures.annotation().reactions[0])
                ],
                grants: [
                    GivenGrant(on: .layer(Fixtures.layerID), permission: Fixtures.annotation().permissions[0]),
                    GivenGrant(
                        on: .annotation(Fixtures.annotation().id), permission: Fixtures.annotation().permissions[0]),
                ])),
        .of(
            ReadReceipt(
                annotationID: Fixtures.annotation().id, views: 0, firstReadAt: Fixtures.created,
                lastReadAt: Fixtures.created)),
        .of(GivenReaction(annotationID: Fixtures.annotation().id, reaction: Fixtures.annotation().reactions[0])),
        .of(GivenGrant(on: .layer(Fixtures.layerID), permission: Fixtures.annotation().permissions[0])),
        .of(
            Invitation(
                inviterID: Fixtures.annotation().ownerID, email: "bo@example.com", layerID: Fixtures.layer().id,
                annotationID: Fixtures.annotation().id, level: .commenter, grantExpiresAt: Fixtures.created,
                createdAt: Fixtures.created, expiresAt: Fixtures.created, status: .accepted,
                acceptedBy: Fixtures.annotation().ownerID)),
        .of(Fixtures.notification()), .of(Fixtures.activity()), .of(Fixtures.usageStats()),
        .of(Fixtures.usageStats().limits), .of(Fixtures.subscriptionStatus()), .of(Fixtures.annotationID),
    ]

    static let enums: [RoundTripCase] =
        [
            .allCases(of: AnnotationType.self), .allCases(of: AnnotationStatus.self), .allCases(of: LayerColor.self),
            .allCases(of: PermissionLevel.self), .allCases(of: Capability.self), .allCases(of: SubscriptionTier.self),
            .allCases(of: Theme.self), .allCases(of: TimeRuleType.self), .allCases(of: RecurrenceFrequency.self),
            .allCases(of: LocationRuleType.self), .allCases(of: SyncStatus.self), .allCases(of: RecordType.self),
            .allCases(of: SyncScope.self), .allCases(of: Invitation.Status.self),
            .allCases(of: ConflictResolutionStrategy.self), .allCases(of: NotificationType.self),
            .allCases(of: ActivityKind.self), .allCases(of: SyncScope.self),
        ] + OwnedRecordSamples.kinds.map { owned($0) }

    /// An owned kind's sample with every field (``OwnedRecordSample``).
    private static func owned<Record: OwnedRecordSample>(_ kind: Record.Type) -> RoundTripCase {
        .of(kind.everyField(owner: Fixtures.ownerID))
    }

    /// Values built with defaults: nil optionals and empty collections must survive too.
    static let sparse: [RoundTripCase] = [
        .of(
            Annotation(
                type: .text, content: AnnotationContent(text: "Hi"), position: .zero, layerID: Fixtures.layerID,
                ownerID: Fixtures.ownerID, createdAt: Fixtures.created)),
        .of(AnnotationContent()), .of(VisibilityRules()),
        .of(Layer(name: "Home", ownerID: Fixtures.ownerID, createdAt: Fixtures.created)),
        .of(User(id: Fixtures.ownerID, createdAt: Fixtures.created)), .of(UserPreferences()),
        .of(WorldMap(worldMapAssetID: Fixtures.assetID, ownerID: Fixtures.ownerID, createdAt: Fixtures.created)),
        .of(Attachment(fileName: "a.txt", fileType: "text/plain", fileSize: 0)),
        .of(SyncMetadata(recordType: .layer, recordID: "x", syncStatus: .pendingUpload)),
        .of(UsageStats(annotationCount: 0, layerCount: 0, storageUsed: 0, limits: TierLimits.of(.pro).usageLimits)),
        .of(
            Permission(
                userID: Fixtures.friendID, level: .viewer, grantedBy: Fixtures.ownerID, grantedAt: Fixtures.created)),
        .of(TimeRule(type: .always)), .of(LocationRule(type: .always)), .of(RecurrenceRule(frequency: .daily)),
        .of(StarRecord(annotationID: Fixtures.annotationID, createdAt: Fixtures.created)),
    ]

    @Test(arguments: fullyPopulated + enums + sparse)
    func modelValue_survivesTheRoundTrip(_ roundTrip: RoundTripCase) throws {
        #expect(try roundTrip.survives())
    }

    @Test func fixtures_fillEveryOptionalAndCollection() throws {
        let annotation = Fixtures.annotation()
        #expect(annotation.title != nil && annotation.visibilityRules != nil && annotation.lastSyncedAt != nil)
        #expect(annotation.fieldStamps != nil)
        #expect(!annotation.permissions.isEmpty && !annotation.comments.isEmpty && !annotation.reactions.isEmpty)
        #expect(!annotation.viewedBy.isEmpty && !annotation.attachments.isEmpty)
        let json = try JSONSerialization.jsonObject(with: RealityJSON.encode(annotation)) as? [String: Any]
        #expect(
            json?.count == Mirror(reflecting: annotation).children.count,
            "every stored property of Annotation is on the wire")
    }

    @Test func fixtureDates_areWholeMilliseconds() {
        for date in [Fixtures.created, Fixtures.updated, Fixtures.expires] {
            #expect(Timestamp.date(milliseconds: Timestamp.milliseconds(date)) == date)
        }
        #expect(Timestamp.format(Fixtures.created) == "2026-03-14T09:26:53.589Z")
    }

    /// Every Codable type declared in the model has a round-trip case above.
    @Test func everyModelType_isCovered() throws {
        let modelDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RealityCore/Model")
        let files = try FileManager.default.contentsOfDirectory(atPath: modelDirectory.path)
        var declared: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            let source = try String(contentsOf: modelDirectory.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n")
            where line.hasPrefix("public struct ") || line.hasPrefix("public enum ") {
                guard line.contains("Codable") else { continue }
                let name = line.split(separator: " ")[2].prefix { $0.isLetter || $0.isNumber }
                declared.insert(String(name))
            }
        }
        let covered = Set((Self.fullyPopulated + Self.enums + Self.sparse).map(\.typeName))
        #expect(declared.count > 30)
        #expect(declared.subtracting(covered).isEmpty, "not round-tripped: \(declared.subtracting(covered).sorted())")
    }
}
