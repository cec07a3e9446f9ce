import Foundation

extension VisibilityRules {
    /// Most time rules in one set: 20, more windows than a weekly timetable needs.
    public static let maxTimeRules = 20

    /// Most location rules in one set: 10.
    public static let maxLocationRules = 10

    /// Largest `expiresAfterViews`: 1,000,000. The smallest is 1; a rule that hides the annotation
    /// before anyone sees it is a mistake.
    public static let maxExpiresAfterViews = 1_000_000

    /// Checks the rules in declaration order, first failure wins: at most ``maxTimeRules`` time
    /// rules, each valid (``TimeRule/validate(fieldPrefix:)``); at most ``maxLocationRules``
    /// location rules, each valid; `expiresAt` in range; `expiresAfterViews` within
    /// 1…``maxExpiresAfterViews``. Empty lists are allowed and mean "no condition".
    /// - Parameter fieldPrefix: the path of the rules in their record, such as `visibilityRules`.
    public func validate(fieldPrefix: String = "") throws(ValidationError) {
        if let timeRules {
            let field = FieldCheck.path(fieldPrefix, "timeRules")
            try FieldCheck.count(timeRules.count, field: field, limit: Self.maxTimeRules)
            for (index, rule) in timeRules.enumerated() {
                try rule.validate(fieldPrefix: FieldCheck.path(field, index: index))
            }
        }
        if let locationRules {
            let field = FieldCheck.path(fieldPrefix, "locationRules")
            try FieldCheck.count(locationRules.count, field: field, limit: Self.maxLocationRules)
            for (index, rule) in locationRules.enumerated() {
                try rule.validate(fieldPrefix: FieldCheck.path(field, index: index))
            }
        }
        try FieldCheck.date(expiresAt, field: FieldCheck.path(fieldPrefix, "expiresAt"))
        if let expiresAfterViews {
            try FieldCheck.range(
                expiresAfterViews, 1...Self.maxExpiresAfterViews,
                field: FieldCheck.path(fieldPrefix, "expiresAfterViews"))
        }
    }
}
