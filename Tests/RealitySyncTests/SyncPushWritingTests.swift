import Foundation
import RealityAPI
import RealityCore
import RealitySync
import RealityTestSupport
import Testing

/// A device writes its pushes by hand (`SyncPushRequest`'s ``JSONWritable`` conformance): the text
/// must be `RealityJSON.encode`'s, byte for byte, for every shape of mutation, and the server must
/// read it back as the request it was.
@Suite struct SyncPushWritingTests {
    static let owner = FastPageDecoderTests.owner
    static let note = Samples.fullAnnotation(owner: owner, layer: FastPageDecoderTests.layer.id)

    /// One mutation of each case of ``SyncMutationFields``, every optional set where there is one.
    static let everyShape: [SyncMutation] = {
        let id = note.id
        let fields: [(RecordType, SyncOperation, SyncMutationFields)] = [
            (.annotation, .save, .annotation(note)),
            (.annotation, .delete, .none),
            (.layer, .save, .layer(FastPageDecoderTests.layer)),
            (
                .comment, .save,
                .comment(
                    Comment(
                        text: "Seen \"here\" / ☃", authorID: owner, authorName: "Ana", annotationID: id,
                        parentCommentID: CommentID(), updatedAt: Samples.at(90), isEdited: true))
            ),
            (
                .worldMap, .save,
                .worldMap(
                    WorldMap(
                        worldMapAssetID: String(repeating: "a", count: 64), locationName: "Hall",
                        locationDescription: "By the door", thumbnailAssetID: String(repeating: "b", count: 64),
                        ownerID: owner, isShared: true, sharedWith: [UserID()]))
            ),
            (
                .grant, .save,
                .grant(
                    GrantFields(
                        targetType: .layer, targetID: UUID(), userID: UserID(), level: .editor,
                        expiresAt: Samples.at(3_600)))
            ),
            (.reaction, .save, .reaction(ReactionFields(annotationID: id, emoji: "👍"))),
            (.star, .save, .annotationReference(id)),
            (
                .user, .save,
                .profile(ProfileFields(displayName: "Ana", avatarURL: URL(string: "https://example.com/a.png")))
            ),
            (
                SavedSearch.recordType, .save,
                .owned(
                    AnyOwnedRecord(
                        SavedSearch(
                            ownerID: owner, name: "Cafés", query: "coffee", layerIDs: [LayerID()], types: [.text],
                            creatorID: owner, from: Samples.at(0), to: Samples.at(86_400))))
            ),
        ]
        return fields.enumerated().map { index, item in
            SyncMutation(
                mutationID: "m\(index)", recordType: item.0, recordID: UUID().uuidString, op: item.1,
                baseChangeTag: index.isMultiple(of: 2) ? "tag-\(index)" : nil, fields: item.2)
        }
    }()

    /// The name of a case; a new case of ``SyncMutationFields`` fails to compile here until
    /// ``everyShape`` has one (the test below counts them).
    static func shapeName(_ fields: SyncMutationFields) -> String {
        switch fields {
        case .none: "none"
        case .annotation: "annotation"
        case .layer: "layer"
        case .comment: "comment"
        case .worldMap: "worldMap"
        case .grant: "grant"
        case .reaction: "reaction"
        case .annotationReference: "annotationReference"
        case .profile: "profile"
        case .owned: "owned"
        }
    }

    @Test func everyShapeOfMutation_isWrittenAsRealityJSONWritesIt() throws {
        #expect(Set(Self.everyShape.map { Self.shapeName($0.fields) }).count == 10, "one mutation of every case")
        for mutation in Self.everyShape {
            let request = SyncPushRequest(clientID: "phone", mutations: [mutation])
            let written = try SyncTransport.encoded(request)
            #expect(
                String(decoding: written, as: UTF8.self)
                    == String(decoding: try RealityJSON.encode(request), as: UTF8.self),
                "\(Self.shapeName(mutation.fields))")
            #expect(try SyncPushRequest.read(from: written) == request)
        }
    }

    @Test func aDevicesBatch_ofManyNotes_andAnEmptyOne_areWrittenAsRealityJSONWritesThem() throws {
        let notes = (0..<200).map { FastPageDecoderTests.annotation(UInt64($0)) }
        let mutations = notes.enumerated().map { SyncPushReadingTests.save($1, base: $0 % 3 == 0 ? "\($0)" : nil) }
        for request in [
            SyncPushRequest(clientID: "phone", mutations: mutations + Self.everyShape),
            SyncPushRequest(clientID: "é \"quoted\"", mutations: []),
        ] {
            let written = try SyncTransport.encoded(request)
            #expect(written == (try RealityJSON.encode(request)))
            #expect(try SyncPushRequest.read(from: written) == request)
        }
    }

    @Test func aNonFiniteNumber_isRefused_asJSONEncoderRefusesIt() {
        var note = Self.note
        note.scale = .nan
        let request = SyncPushRequest(clientID: "phone", mutations: [SyncPushReadingTests.save(note)])
        #expect(throws: EncodingError.self) { try SyncTransport.encoded(request) }
        #expect(throws: EncodingError.self) { try RealityJSON.encode(request) }
    }
}
