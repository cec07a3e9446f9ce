import Foundation
import RealityCore

/// Every field of a person's day, once (docs/architecture.md, "Record declarations"): both
/// stores' columns and row readers for `challenge_assignments`, and the OpenAPI schema, are built
/// from it. The server settles a day by its own rules (`OfflineAssignment`), not by field merges.
extension UserChallenge: DeclaredRecord {
    public static let declaration = RecordDeclaration<UserChallenge>(
        table: "challenge_assignments", schemaName: "UserChallenge",
        blank: UserChallenge(
            id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            userID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), challengeID: "",
            localDay: LocalDay(Date(timeIntervalSince1970: 0), in: .gmt), assignedAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The columns an update of a day changes: all but the row's identity, its ID, person and day.
    public static let updatedColumns = declaration.columns.filter { !["id", "userID", "localDay"].contains($0.name) }

    /// One statement per field; the columns keep the names the first schema gave them.
    private static func declaredFields() -> [RecordField<UserChallenge>] {
        var fields: [RecordField<UserChallenge>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.uuid("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .serverKept(
                "userID", \.userID, schema: .uuid, columns: [.uuid("userID", { $0.userID }, { $0.userID = $1 })])
        )
        fields.append(
            .whole(
                "challengeID", \.challengeID, patchable: false, schema: .string,
                columns: [.requiredText("challengeID", { $0.challengeID }, { $0.challengeID = $1 })]))
        fields.append(
            .whole(
                "localDay", \.localDay, patchable: false, schema: .day,
                columns: [localDayColumn]))
        fields.append(
            .whole(
                "status", \.status, patchable: false, schema: .cases(of: ChallengeStatus.self),
                columns: [.enumeration("status", { $0.status }, { $0.status = $1 })]))
        fields.append(
            .whole(
                "assignedDate", \.assignedDate, patchable: false, schema: .date,
                columns: [.date("assignedAt", { $0.assignedDate }, { $0.assignedDate = $1 })]))
        fields.append(
            .whole(
                "completedDate", \.completedDate, patchable: false, schema: .date,
                columns: [.optionalDate("completedAt", { $0.completedDate }, { $0.completedDate = $1 })]))
        fields.append(
            .whole(
                "skippedDate", \.skippedDate, patchable: false, schema: .date,
                columns: [.optionalDate("skippedAt", { $0.skippedDate }, { $0.skippedDate = $1 })]))
        fields.append(
            .whole(
                "skipReason", \.skipReason, patchable: false, schema: .cases(of: SkipReason.self),
                columns: [.optionalEnumeration("skipReason", { $0.skipReason }, { $0.skipReason = $1 })]))
        fields.append(
            .whole(
                "photoAssetID", \.photoAssetID, patchable: false, schema: .assetID,
                columns: [.text("photoAssetID", { $0.photoAssetID }, { $0.photoAssetID = $1 })]))
        fields.append(
            .whole(
                "userRating", \.userRating, patchable: false, schema: .integerIn(ratings),
                columns: [
                    .optionalInteger("rating", { $0.userRating.map(Int64.init) }, { $0.userRating = $1.map(Int.init) })
                ]))
        fields.append(
            .whole(
                "completionTime", \.completionTime, patchable: false, schema: .number,
                columns: [.optionalReal("completionSeconds", { $0.completionTime }, { $0.completionTime = $1 })]))
        fields.append(
            .whole(
                "userNotes", \.userNotes, patchable: false, schema: .string,
                columns: [.text("notes", { $0.userNotes }, { $0.userNotes = $1 })]))
        fields.append(
            .whole(
                "updatedAt", \.updatedAt, patchable: false, schema: .date,
                columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        return fields
    }

    /// The local day as its `YYYY-MM-DD` text; a malformed one fails the read.
    private static let localDayColumn = StoredColumn<UserChallenge>(
        "localDay", .text, value: { .text($0.localDay.description) },
        read: { record, stored in
            guard case .text(let text) = stored, let day = LocalDay(text) else {
                throw StoreError.unavailable(detail: "column localDay holds no YYYY-MM-DD day")
            }
            record.localDay = day
        })
}

extension LocalDay: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension ChallengeStatus: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension SkipReason: ByteEstimating { public var estimatedBytes: Int { 0 } }
