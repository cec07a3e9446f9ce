import Foundation
import SeededRandom

/// The rule that chooses a person's challenge for a day (SPEC O1), the same on the server and on
/// a device: pure, and deterministic in the person, the day and the catalog, so that a device
/// offline picks what the server would have picked from the same facts.
///
/// A challenge is eligible when it is active, fits the day's season (or every season), lies within
/// the person's preferences, and was not given to them in the last ``repeatWindow`` days. When
/// nothing is eligible the rule lets go of its conditions in order (the recent ones, then the
/// preferences) rather than give nothing. Among the eligible, challenges near the person's
/// preferred difficulty weigh more, and a hash of the person and the day chooses.
public struct DailyPick: Sendable {
    /// Days during which a challenge given to a person is not given to them again.
    public static let repeatWindow = 60

    public var catalog: [Challenge]
    public var preferences: UserPreferencesDTO

    /// A pick from `catalog` for a person with `preferences`.
    public init(catalog: [Challenge], preferences: UserPreferencesDTO) {
        self.catalog = catalog
        self.preferences = preferences
    }

    /// The challenge for `userID` on `day`, given the challenges `recent` that were given to them in
    /// the ``repeatWindow`` days before; nil only when the catalog has nothing active. With `model`
    /// (the person's personalization, issue 22) the engine chooses among the eligible, its draw
    /// seeded by the person and the day, so that a device with the same history picks the same.
    public func challenge(for userID: UUID, on day: LocalDay, recent: Set<String>, model: PersonModel? = nil)
        -> Challenge?
    {
        let candidates = candidates(on: day, recent: recent)
        guard let model else { return choose(among: candidates, seed: Self.seed(userID, day)) }
        return ranked(candidates, by: model, count: 1, for: userID, on: day).first
    }

    /// Up to `count` of `candidates`, best first by `model`'s Thompson draw for `userID` on `day`.
    public func ranked(
        _ candidates: [Challenge], by model: PersonModel, count: Int, for userID: UUID, on day: LocalDay
    ) -> [Challenge] {
        let ordered = candidates.sorted { $0.id < $1.id }
        var random = SplitMix64(seed: Self.seed(userID, day))
        return model.rank(ordered.map(ChallengeFeatures.init), count: count, using: &random).map { ordered[$0] }
    }

    /// The challenges eligible on `day`, letting go of conditions in order when none is.
    public func candidates(on day: LocalDay, recent: Set<String>) -> [Challenge] {
        let season = Seasonality.of(day, in: preferences.appSettings.hemisphere)
        let inSeason = catalog.filter { $0.isActive && ($0.seasonality == nil || $0.seasonality == season) }
        let wanted = inSeason.filter(preferences.challengePreferences.admits)
        let candidates =
            [
                wanted.filter { !recent.contains($0.id) },
                inSeason.filter { !recent.contains($0.id) },
                wanted,
                inSeason,
                catalog.filter(\.isActive),
            ].first { !$0.isEmpty } ?? []
        return candidates
    }

    private func choose(among candidates: [Challenge], seed: UInt64) -> Challenge? {
        guard !candidates.isEmpty else { return nil }
        let ordered = candidates.sorted { $0.id < $1.id }
        let preferred = preferences.challengePreferences.difficultyPreference
        let weights = ordered.map { 4 - min(abs($0.difficultyLevel - preferred), 3) }
        let total = weights.reduce(0, +)
        var point = Int(seed % UInt64(total))
        for (challenge, weight) in zip(ordered, weights) {
            if point < weight { return challenge }
            point -= weight
        }
        return ordered.last
    }

    /// A well-mixed number from the person and the day (FNV-1a, then SplitMix64's finaliser).
    static func seed(_ userID: UUID, _ day: LocalDay) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(userID.uuidString.lowercased())|\(day)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }
}
