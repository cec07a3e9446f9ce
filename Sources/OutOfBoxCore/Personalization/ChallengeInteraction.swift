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

    /// What the interaction teaches the completion model: the feature groups it speaks to, the
    /// outcome (1 done, 0 not), and how much it counts. Nil for what says nothing of a challenge.
    var evidence: (groups: Set<FeatureGroup>, outcome: Double, weight: Double)? {
        let all = Set(FeatureGroup.allCases)
        switch self {
        case .completion: return (all, 1, 1)
        case .ignored: return (all, 0, 0.5)
        case .skip(_, let reason, _):
            switch reason {
            case .notInterested: return ([.bias, .category, .location], 0, 1)
            case .noTime: return ([.bias, .time], 0, 1)
            case .tooExpensive: return ([.bias, .cost], 0, 1)
            case .noCompany: return ([.bias, .social], 0, 1)
            case .tooDifficult: return ([.bias, .difficulty, .time], 0, 1)
            case .weather: return ([.location], 0, 0.5)
            case .notPossibleHere: return ([.location], 0, 1)
            case .other, nil: return (all, 0, 1)
            }
        case .rating(_, let rating):
            // A rating refines a completion: loved it, a little more of its kind; disliked it,
            // a little less. A middling rating says nothing.
            switch rating {
            case 4...: return (all, 1, 0.5)
            case ...2: return (all, 0, 0.5)
            default: return nil
            }
        }
    }

    /// Whether the interaction settles whether the person did the challenge: what the model's
    /// held-out accuracy is measured on (a rating comes after the fact).
    var isOutcome: Bool {
        if case .rating = self { return false }
        return true
    }
}
