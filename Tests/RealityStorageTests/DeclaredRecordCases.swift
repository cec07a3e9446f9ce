import Foundation
import RealityCore
import RealityTestSupport

/// One declared record type as the declaration tests drive it: a sample with every field unlike
/// the declaration's blank record, the type's merge, and a way to store the sample and read it
/// back. A record type added to ``DeclaredType`` is held to every check in
/// `RecordDeclarationTests` without a test of its own.
protocol DeclaredRecordCase: Sendable {
    associatedtype Record: DeclaredRecord & Equatable
    /// A record with every field set, each unlike the declaration's blank record.
    var sample: Record { get }
    /// Fields without columns that the stores keep in tables of their own.
    var keptElsewhere: Set<String> { get }
    /// The type's merge, as sync runs it.
    func merged(_ merge: FieldMerge<Record>) -> Record
    /// When a version of the record was made (orders a merge).
    var updatedAt: any KeyPath<Record, Date> & Sendable { get }
    /// `record` changed so that saving it takes the update path: a field edited, optional ones cleared.
    func edited(_ record: Record) -> Record
    /// Saves what the sample needs (once) and `record`, then reads the record back.
    func saveAndRead(_ record: Record, first: Bool, in store: any StoreUnderTest) async throws -> Record?
}

/// Every declared record type: the platform's own, Out of Box's challenge and day, and every owned kind
/// (``OwnedRecordSample``).
struct DeclaredType: Sendable, CustomStringConvertible {
    let description: String
    private let make: @Sendable () -> any DeclaredRecordCase

    /// The type's case.
    var check: any DeclaredRecordCase { make() }

    static let allCases: [DeclaredType] =
        [
            DeclaredType(description: "annotation") { AnnotationCase() },
            DeclaredType(description: "layer") { LayerCase() },
            DeclaredType(description: "comment") { CommentCase() },
            DeclaredType(description: "worldMap") { WorldMapCase() },
            DeclaredType(description: "user") { UserCase() },
            DeclaredType(description: "challenge") { ChallengeCase() },
            DeclaredType(description: "userChallenge") { UserChallengeCase() },
        ] + OwnedRecordSamples.kinds.map { owned($0) }

    private static func owned<Record: OwnedRecordSample>(_ kind: Record.Type) -> DeclaredType {
        DeclaredType(description: kind.recordType.rawValue) { OwnedCase<Record>() }
    }
}

/// An owned kind (``OwnedRecord``), saved and read through its generic change and read.
struct OwnedCase<Record: OwnedRecordSample>: DeclaredRecordCase {
    let owner = Samples.user("Ana")
    let sample: Record
    init() { sample = Record.everyField(owner: owner.id) }
    var keptElsewhere: Set<String> { [] }
    var updatedAt: any KeyPath<Record, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<Record>) -> Record { Record.declaration.merged(merge) }
    func edited(_ record: Record) -> Record { record.edited() }
    func saveAndRead(_ record: Record, first: Bool, in store: any StoreUnderTest) async throws -> Record? {
        let before: [Change] = first ? [.saveUser(owner)] : []
        try await store.commit(ChangeSet(changes: before + [.saveOwned(AnyOwnedRecord(record))]))
        return try await store.ownedRecord(Record.recordType, id: record.uuid)?.typed(Record.self)
    }
}

struct AnnotationCase: DeclaredRecordCase {
    let owner = Samples.user("Ana"), layer = LayerID()
    let sample: Annotation
    init() { sample = Samples.everyField(owner: owner.id, layer: layer) }
    var keptElsewhere: Set<String> { ["attachments"] }
    var updatedAt: any KeyPath<Annotation, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<Annotation>) -> Annotation { Annotation.merged(merge) }
    func edited(_ record: Annotation) -> Annotation {
        var edited = record
        edited.title = "Edited"
        edited.isDeleted = false
        edited.fieldStamps = nil
        return edited
    }
    func saveAndRead(_ record: Annotation, first: Bool, in store: any StoreUnderTest) async throws -> Annotation? {
        let before: [Change] = first ? [.saveUser(owner), .saveLayer(Samples.layer(owner: owner.id, id: layer))] : []
        try await store.commit(ChangeSet(changes: before + [.saveAnnotation(record)]))
        return try await store.annotation(id: record.id)
    }
}

struct LayerCase: DeclaredRecordCase {
    let owner = Samples.user("Ana"), parent = LayerID()
    let sample: Layer
    init() { sample = Samples.everyFieldLayer(owner: owner.id, parent: parent) }
    var keptElsewhere: Set<String> { [] }
    var updatedAt: any KeyPath<Layer, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<Layer>) -> Layer { Layer.merged(merge) }
    func edited(_ record: Layer) -> Layer {
        var edited = record
        edited.name = "Edited"
        edited.autoExpireDays = nil
        edited.parentLayerID = nil
        return edited
    }
    func saveAndRead(_ record: Layer, first: Bool, in store: any StoreUnderTest) async throws -> Layer? {
        let before: [Change] = first ? [.saveUser(owner), .saveLayer(Samples.layer(owner: owner.id, id: parent))] : []
        try await store.commit(ChangeSet(changes: before + [.saveLayer(record)]))
        return try await store.layer(id: record.id)
    }
}

struct CommentCase: DeclaredRecordCase {
    let author = Samples.user("Ana"), layer = LayerID(), annotation = AnnotationID()
    let sample: Comment
    init() { sample = Samples.everyFieldComment(author: author.id, annotation: annotation) }
    var keptElsewhere: Set<String> { [] }
    var updatedAt: any KeyPath<Comment, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<Comment>) -> Comment { Comment.merged(merge) }
    func edited(_ record: Comment) -> Comment {
        var edited = record
        edited.text = "Edited"
        edited.authorName = nil
        edited.parentCommentID = nil
        return edited
    }
    func saveAndRead(_ record: Comment, first: Bool, in store: any StoreUnderTest) async throws -> Comment? {
        let before: [Change] =
            first
            ? [
                .saveUser(author), .saveLayer(Samples.layer(owner: author.id, id: layer)),
                .saveAnnotation(Samples.note(owner: author.id, layer: layer, id: annotation)),
            ] : []
        try await store.commit(ChangeSet(changes: before + [.saveComment(record)]))
        return try await store.comment(id: record.id)
    }
}

struct WorldMapCase: DeclaredRecordCase {
    let owner = Samples.user("Ana")
    let sample: WorldMap
    init() { sample = Samples.everyFieldWorldMap(owner: owner.id) }
    var keptElsewhere: Set<String> { ["anchors"] }
    var updatedAt: any KeyPath<WorldMap, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<WorldMap>) -> WorldMap { WorldMap.declaration.merged(merge) }
    func edited(_ record: WorldMap) -> WorldMap {
        var edited = record
        edited.locationName = nil
        edited.thumbnailAssetID = nil
        edited.anchors.removeLast()
        edited.sharedWith = []
        return edited
    }
    func saveAndRead(_ record: WorldMap, first: Bool, in store: any StoreUnderTest) async throws -> WorldMap? {
        try await store.commit(ChangeSet(changes: (first ? [.saveUser(owner)] : []) + [.saveWorldMap(record)]))
        return try await store.worldMap(id: record.id)
    }
}

struct UserCase: DeclaredRecordCase {
    let sample: User
    init() {
        var user = Samples.user("Ana")
        user.avatarURL = URL(string: "https://example.com/ana.png")
        user.annotationCount = 1
        user.layerCount = 1
        sample = user
    }
    /// The counts are counted from the annotation and layer saved with the sample.
    var keptElsewhere: Set<String> { ["annotationCount", "layerCount"] }
    var updatedAt: any KeyPath<User, Date> & Sendable { \.lastActiveAt }
    func merged(_ merge: FieldMerge<User>) -> User { User.declaration.merged(merge) }
    func edited(_ record: User) -> User {
        var edited = record
        edited.displayName = nil
        edited.avatarURL = nil
        edited.subscriptionExpiresAt = nil
        return edited
    }
    func saveAndRead(_ record: User, first: Bool, in store: any StoreUnderTest) async throws -> User? {
        let layer = Samples.layer(owner: record.id)
        let before: [Change] =
            first ? [.saveLayer(layer), .saveAnnotation(Samples.note(owner: record.id, layer: layer.id))] : []
        try await store.commit(ChangeSet(changes: [.saveUser(record)] + before))
        return try await store.user(id: record.id)
    }
}
