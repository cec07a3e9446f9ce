import Hummingbird
import OutOfBoxCore
import RealityAPI

/// The ``ChallengeFilters`` of `GET /api/v1/challenges/search`, from its declared parameters; a
/// value that is not one of a field's cases is a 400 naming the parameter.
enum ChallengeSearchQuery {
    static func filters(_ parameters: DeclaredQuery) throws -> ChallengeFilters {
        var filters = ChallengeFilters()
        filters.categories = try AnnotationListQuery.list(parameters, .category) { ChallengeCategory(rawValue: $0) }
        filters.socialRequirements = try AnnotationListQuery.list(parameters, .social) {
            SocialRequirement(rawValue: $0)
        }
        filters.locationTypes = try AnnotationListQuery.list(parameters, .location) { LocationType(rawValue: $0) }
        filters.maxTimeInvestment = try one(parameters, .maxTime, TimeInvestment.self)
        filters.maxCostLevel = try one(parameters, .maxCost, CostLevel.self)
        let low = try difficulty(parameters, .minDifficulty)
        let high = try difficulty(parameters, .maxDifficulty)
        if low != nil || high != nil {
            let range = (low ?? Challenge.difficultyLevels.lowerBound, high ?? Challenge.difficultyLevels.upperBound)
            guard range.0 <= range.1 else {
                throw APIError.badParameter(.minDifficulty, "minDifficulty must not exceed maxDifficulty.")
            }
            filters.difficultyRange = range.0...range.1
        }
        if let text = try parameters(.excludeCompleted) {
            guard let value = Bool(text) else {
                throw APIError.badParameter(.excludeCompleted, "excludeCompleted must be true or false.")
            }
            filters.excludeCompleted = value
        }
        return filters
    }

    private static func one<T: RawRepresentable & CaseIterable>(
        _ parameters: DeclaredQuery, _ parameter: APIRoute.QueryParameter, _ type: T.Type
    ) throws -> T? where T.RawValue == String {
        guard let text = try parameters(parameter) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError.badParameter(parameter, "\(parameter.name) must be one of \(names).")
        }
        return value
    }

    private static func difficulty(_ parameters: DeclaredQuery, _ parameter: APIRoute.QueryParameter) throws -> Int? {
        guard let text = try parameters(parameter) else { return nil }
        guard let value = Int(text), Challenge.difficultyLevels.contains(value) else {
            let levels = Challenge.difficultyLevels
            throw APIError.badParameter(
                parameter, "\(parameter.name) must be a whole number from \(levels.lowerBound) to \(levels.upperBound)."
            )
        }
        return value
    }
}
