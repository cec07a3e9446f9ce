import Foundation

/// One thing a person did with a challenge that the personalization engine learns from (seed
/// 004's `recordCompletion`, `recordSkip`, `recordRating`), read from their history.
public enum ChallengeInteraction: Sendable, Hashable {
    /// They completed it at `at`.
    case completion(challengeID: String, at: Date)
    /// They skipped it, for `reason` when they gave one.
    case skip(challengeID: String, reason: SkipReason?, at: Date)
    /// Its day passed and they did neither.
    case ignored(challengeID: String, at: Date)
    /// They rated it (1–5) after completing it.
    case rating(challengeID: String, rating: Int)

    /// The challenge it is about.
    public var challengeID: String {
        switch self {
        case .completion(let id, _), .skip(let id, _, _), .ignored(let id, _), .rating(let id, _): id
        }
    }

    /// The interactions a person's `history` holds, oldest first: a settled assignment, an
    /// assignment whose day ended before `today` unsettled (ignored), and a completion's rating.
    /// Assignments made before `resetAt` (the person reset their model) are left out.
    public static func from(_ history: [UserChallenge], today: LocalDay, since resetAt: Date? = nil)
        -> [ChallengeInteraction]
    {
        history
            .filter { resetAt == nil || $0.assignedDate >= resetAt! }
            .sorted { ($0.localDay, $0.assignedDate) < ($1.localDay, $1.assignedDate) }
            .flatMap { item -> [ChallengeInteraction] in
                switch item.status {
                case .completed:
                    [.completion(challengeID: item.challengeID, at: item.completedDate ?? item.updatedAt)]
                        + (item.userRating.map { [.rating(challengeID: item.challengeID, rating: $0)] } ?? [])
                case .skipped:
                    [
                        .skip(
                            challengeID: item.challengeID, reason: item.skipReason,
                            at: item.skippedDate ?? item.updatedAt)
                    ]
                case .assigned:
                    item.localDay < today ? [.ignored(challengeID: item.challengeID, at: item.assignedDate)] : []
                }
            }
    }

    /// What the interaction teaches the completion model: the weighed groups it speaks to, the
    /// outcome (1 done, 0 not), how much it counts, and what it says of the limits. Nil for what
    /// says nothing of a challenge.
    ///
    /// A skip that names a limit speaks to that limit alone; one that names a taste, to that taste
    /// and the bias (how likely the person is to do anything). A rating speaks to how much they
    /// liked what they did, not to the bias, which its completion has already taught.
    var evidence: Evidence? {
        let all = Set(FeatureGroup.weighted)
        switch self {
        case .completion: return Evidence(groups: all, outcome: 1, weight: 1, limits: .done)
        case .ignored: return Evidence(groups: all, outcome: 0, weight: 0.5, limits: .missed)
        case .skip(_, let reason, _):
            switch reason {
            case .notInterested: return Evidence(groups: [.bias, .category, .location], limits: .otherReason)
            case .noTime: return Evidence(groups: [], limits: .named(.time))
            case .tooExpensive: return Evidence(groups: [], limits: .named(.cost))
            case .noCompany: return Evidence(groups: [], limits: .named(.social))
            case .tooDifficult: return Evidence(groups: [.bias, .difficulty], limits: .otherReason)
            case .weather: return Evidence(groups: [.location], weight: 0.5, limits: .silent)
            case .notPossibleHere: return Evidence(groups: [.location], limits: .otherReason)
            case .other, nil: return Evidence(groups: all, limits: .missed)
            }
        case .rating(_, let rating):
            // Loved it, a little more of its kind; disliked it, a little less. A middling rating
            // says nothing.
            let tastes = all.subtracting([.bias])
            switch rating {
            case 4...: return Evidence(groups: tastes, outcome: 1, weight: 0.5, limits: .silent)
            case ...2: return Evidence(groups: tastes, outcome: 0, weight: 0.5, limits: .silent)
            default: return nil
            }
        }
    }

    /// What one interaction teaches (``ChallengeInteraction/evidence``).
    struct Evidence {
        /// The weighed groups whose features learn the outcome.
        var groups: Set<FeatureGroup>
        var outcome: Double = 0
        var weight: Double = 1
        var limits: LimitEvidence
    }

    /// What an interaction says of the person's limits (``LimitBelief``).
    enum LimitEvidence {
        /// Nothing.
        case silent
        /// Done: every limit is at least the challenge's rank.
        case done
        /// Skipped for this limit.
        case named(FeatureGroup)
        /// Skipped for a reason that is not a limit.
        case otherReason
        /// Not done, without a reason.
        case missed
    }

    /// Whether the interaction settles whether the person did the challenge: what the model's
    /// held-out accuracy is measured on (a rating comes after the fact).
    var isOutcome: Bool {
        if case .rating = self { return false }
        return true
    }
}
