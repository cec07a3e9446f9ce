import Foundation

/// A search a person named and kept, to run again on any of their devices: its words and
/// filters, as `reality search` and ``SearchService`` take them. It is its owner's alone and
/// syncs in their private scope (an ``OwnedRecord``).
///
/// Its layer and creator IDs are filters, not references: saving one grants and reads nothing, and
/// running the search answers only what the runner may see at that moment (``SearchService``), so
/// an ID of a layer they lost, or never had, just finds nothing. No path checks them on save.
public struct SavedSearch: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity across devices.
    public var id: Identifier<SavedSearch>
    /// Its owner.
    public var ownerID: UserID
    /// The name it is found by, unique per owner by convention (not enforced).
    public var name: String
    /// Words that must all appear, if any.
    public var query: String?
    /// Only these layers (none: every layer).
    public var layerIDs: [LayerID]
    /// Only these types (none: every type).
    public var types: [AnnotationType]
    /// Only annotations this user made.
    public var creatorID: UserID?
    /// Only annotations created at or after this instant.
    public var from: Date?
    /// Only annotations created at or before this instant.
    public var to: Date?
    /// When it was saved first.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// A saved search with the given parts.
    public init(
        id: Identifier<SavedSearch> = Identifier(), ownerID: UserID, name: String, query: String? = nil,
        layerIDs: [LayerID] = [], types: [AnnotationType] = [], creatorID: UserID? = nil, from: Date? = nil,
        to: Date? = nil, createdAt: Date = Timestamp.now(), updatedAt: Date? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.query = query
        self.layerIDs = layerIDs
        self.types = types
        self.creatorID = creatorID
        self.from = from
        self.to = to
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}

extension SavedSearch: OwnedRecord {
    public static let recordType = RecordType.savedSearch
    public static let feedPosition = 8
    public static let routePath = "saved-searches"
    public static let displayName = (one: "saved search", many: "saved searches")
    /// Most saved searches one person keeps: 200.
    public static let limitPerOwner = 200
    /// Most characters in a name: 100.
    public static let maxNameLength = 100
    /// Most layers one search names: 100.
    public static let maxLayers = 100

    /// Its name.
    public var summary: String { name }

    /// Checks the search in declaration order, first failure wins: a name, non-blank and within
    /// ``maxNameLength``; the words without NUL and within the search's limit
    /// (``ValidationLimits/maxSearchQueryBytes``); at most ``maxLayers``
    /// layers and no layer or type twice; `from` not after `to`; dates in range.
    public func validate() throws(ValidationError) {
        try FieldCheck.userID(ownerID, field: "ownerID")
        try FieldCheck.text(name, field: "name", limit: Self.maxNameLength, required: true)
        try FieldCheck.noNUL(query ?? "", field: "query")
        if let query, query.utf8.count > ValidationLimits.maxSearchQueryBytes {
            throw ValidationError(field: "query", reason: .tooLong(limit: ValidationLimits.maxSearchQueryBytes))
        }
        try FieldCheck.count(layerIDs.count, field: "layerIDs", limit: Self.maxLayers)
        if let index = FieldCheck.firstDuplicate(in: layerIDs) {
            throw ValidationError(field: FieldCheck.path("layerIDs", index: index), reason: .duplicate)
        }
        if let index = FieldCheck.firstDuplicate(in: types) {
            throw ValidationError(field: FieldCheck.path("types", index: index), reason: .duplicate)
        }
        try FieldCheck.date(from, field: "from")
        try FieldCheck.date(to, field: "to")
        if let from, let to { try FieldCheck.notBefore(to, from, field: "to", earlierName: "from") }
        try FieldCheck.timestamps(created: createdAt, later: updatedAt, prefix: "", laterName: "updatedAt")
    }

    /// Every field of a saved search, once (docs/architecture.md, "Record types"): saved and synced
    /// whole, by its owner.
    public static let declaration = RecordDeclaration<SavedSearch>(
        table: "saved_searches", schemaName: "SavedSearch",
        blank: SavedSearch(id: .blank, ownerID: .blank, name: "", createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// Its own fields, one statement each, inside those of every owned kind.
    private static func declaredFields() -> [RecordField<SavedSearch>] {
        var fields: [RecordField<SavedSearch>] = []
        fields.append(
            .whole("name", \.name, schema: .string, columns: [.requiredText("name", { $0.name }, { $0.name = $1 })]))
        fields.append(
            .whole("query", \.query, schema: .string, columns: [.text("query", { $0.query }, { $0.query = $1 })]))
        fields.append(
            .whole(
                "layerIDs", \.layerIDs, schema: .array(.uuid),
                columns: [.json("layerIDs", { $0.layerIDs }, { $0.layerIDs = $1 ?? [] })]))
        fields.append(
            .whole(
                "types", \.types, schema: .array(.cases(of: AnnotationType.self)),
                columns: [.json("types", { $0.types }, { $0.types = $1 ?? [] })]))
        fields.append(
            .whole(
                "creatorID", \.creatorID, schema: .uuid,
                columns: [.optionalIdentifier("creatorID", { $0.creatorID }, { $0.creatorID = $1 })]))
        fields.append(
            .whole("from", \.from, schema: .date, columns: [.optionalDate("fromDate", { $0.from }, { $0.from = $1 })]))
        fields.append(
            .whole("to", \.to, schema: .date, columns: [.optionalDate("toDate", { $0.to }, { $0.to = $1 })]))
        return ownedFields(fields)
    }
}
