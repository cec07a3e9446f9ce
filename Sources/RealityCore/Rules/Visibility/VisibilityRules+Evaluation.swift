import Foundation

extension VisibilityRules {
    /// Whether an annotation with these rules shows at `date` in `context`.
    ///
    /// Every part that is present must pass (AND):
    /// - time rules: at least one active (OR), read in `context.ownerTimeZone` (UTC when nil)
    ///   unless a recurrence names its own zone;
    /// - location rules: at least one satisfied (OR);
    /// - `expiresAt`: visible strictly before it, hidden at and after it;
    /// - `expiresAfterViews` N: hidden once `context.viewCount >= N` (so N ≤ 0 always hides). The
    ///   seed said "delete after N views"; evaluation only hides, purging happens elsewhere.
    ///
    /// Nil or empty rule lists mean no restriction: the seed's `first {}` over an empty list hid the
    /// annotation forever, which we treat as a flaw.
    public func isVisible(at date: Date, context: VisibilityContext) -> Bool {
        if let expiresAt, !(date < expiresAt) { return false }
        if let expiresAfterViews, context.viewCount >= expiresAfterViews { return false }
        if let timeRules, !timeRules.isEmpty {
            let zone = context.fallbackTimeZone
            guard timeRules.contains(where: { $0.isActive(at: date, timeZone: zone) }) else {
                return false
            }
        }
        if let locationRules, !locationRules.isEmpty {
            let satisfied = locationRules.contains { rule in
                rule.isSatisfied(
                    viewerPosition: context.viewerPosition,
                    annotationPosition: context.annotationPosition)
            }
            guard satisfied else { return false }
        }
        return true
    }

    /// The earliest instant at and after which these rules can never be visible again, or nil when
    /// there is none; for prefiltering in SQL (`visible_until IS NULL OR visible_until > :now`).
    ///
    /// It is `expiresAt`, or the latest `endTime` of the time rules when every time rule has one
    /// (an `always` rule or an open-ended range has none), whichever is earlier. It is an upper
    /// bound: the rules may already be invisible earlier (views, windows, malformed rules).
    public var visibleUntil: Date? {
        var bound = expiresAt
        if let timeRules, !timeRules.isEmpty {
            var latestEnd: Date?
            for rule in timeRules {
                guard let end = rule.activeUntil else {
                    latestEnd = nil
                    break
                }
                latestEnd = max(latestEnd ?? end, end)
            }
            if let latestEnd {
                bound = min(bound ?? latestEnd, latestEnd)
            }
        }
        return bound
    }

    /// True when deciding visibility needs a clock or zone (there are time rules, none of them
    /// `always`) or the viewer's position (there are location rules, none of them `always`).
    ///
    /// When false, visibility depends only on `expiresAt` and the view count, which SQL can check.
    public var needsRuntimeEvaluation: Bool {
        let needsClock = timeRules.map { !$0.isEmpty && !$0.contains { $0.type == .always } } ?? false
        let needsViewer = locationRules.map { !$0.isEmpty && !$0.contains { $0.type == .always } } ?? false
        return needsClock || needsViewer
    }
}
