import Foundation
import RealityCore

/// Every field of a challenge, once (docs/architecture.md, "Record declarations"): both stores'
/// columns and row readers for the catalog, and the OpenAPI schema, are built from it. A
/// challenge is published by an administrator and saved whole; no one edits it by `PATCH`.
extension Challenge: DeclaredRecord {
    public static let declaration = RecordDeclaration<Challenge>(
        table: "challenges", schemaName: "Challenge",
        blank: Challenge(
            id: "", title: "", description: "", category: .creativity, timeInvestment: .quick,
            socialRequirement: .solo, costLevel: .free, difficultyLevel: 1, tags: [], locationType: .anywhere,
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The columns a save of a challenge already kept changes: all but its ID and its first
    /// creation date (the shipped catalog's upgrades and an administrator's imports keep it).
    public static let resavedColumns = declaration.columnNames.filter { !["id", "createdAt"].contains($0) }

    /// One statement per field.
    private static func declaredFields() -> [RecordField<Challenge>] {
        var fields: [RecordField<Challenge>] = []
        fields.append(
            .identity("id", \.id, schema: .string, columns: [.requiredText("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .whole(
                "title", \.title, patchable: false, schema: .string,
                columns: [.requiredText("title", { $0.title }, { $0.title = $1 })]))
        fields.append(
            .whole(
                "description", \.description, patchable: false, schema: .string,
                columns: [.requiredText("description", { $0.description }, { $0.description = $1 })]))
        fields.append(
            .whole(
                "category", \.category, patchable: false, schema: .cases(of: ChallengeCategory.self),
                columns: [.enumeration("category", { $0.category }, { $0.category = $1 })]))
        fields.append(
            .whole(
                "timeInvestment", \.timeInvestment, patchable: false, schema: .cases(of: TimeInvestment.self),
                columns: [.enumeration("timeInvestment", { $0.timeInvestment }, { $0.timeInvestment = $1 })]))
        fields.append(
            .whole(
                "socialRequirement", \.socialRequirement, patchable: false,
                schema: .cases(of: SocialRequirement.self),
                columns: [.enumeration("socialRequirement", { $0.socialRequirement }, { $0.socialRequirement = $1 })]))
        fields.append(
            .whole(
                "costLevel", \.costLevel, patchable: false, schema: .cases(of: CostLevel.self),
                columns: [.enumeration("costLevel", { $0.costLevel }, { $0.costLevel = $1 })]))
        fields.append(
            .whole(
                "difficultyLevel", \.difficultyLevel, patchable: false, schema: .integerIn(difficultyLevels),
                columns: [
                    .integer("difficultyLevel", { Int64($0.difficultyLevel) }, { $0.difficultyLevel = Int($1) })
                ]))
        fields.append(
            .whole(
                "tags", \.tags, patchable: false, schema: .array(.string),
                columns: [.words("tags", { $0.tags }, { $0.tags = $1 })]))
        fields.append(
            .whole(
                "locationType", \.locationType, patchable: false, schema: .cases(of: LocationType.self),
                columns: [.enumeration("locationType", { $0.locationType }, { $0.locationType = $1 })]))
        fields.append(
            .whole(
                "seasonality", \.seasonality, patchable: false, schema: .cases(of: Seasonality.self),
                columns: [.optionalEnumeration("seasonality", { $0.seasonality }, { $0.seasonality = $1 })]))
        fields.append(
            .whole(
                "isActive", \.isActive, patchable: false, schema: .boolean,
                columns: [.boolean("isActive", { $0.isActive }, { $0.isActive = $1 })]))
        fields.append(
            .whole(
                "createdAt", \.createdAt, patchable: false, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .whole(
                "updatedAt", \.updatedAt, patchable: false, schema: .date,
                columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        return fields
    }
}

extension ChallengeCategory: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension TimeInvestment: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension SocialRequirement: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension CostLevel: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension LocationType: ByteEstimating { public var estimatedBytes: Int { 0 } }
extension Seasonality: ByteEstimating { public var estimatedBytes: Int { 0 } }
