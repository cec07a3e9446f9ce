import Foundation

/// The daily loop over a ``ChallengeRepository``, for one person.
public struct DefaultChallengeService<Store: ChallengeRepository>: ChallengeServiceProtocol {
    public let userID: UUID
    let store: Store
    let photos: (any ChallengePhotoCheck)?
    let clock: @Sendable () -> Date

    /// The service of `userID` over `store`; `photos` checks completion photos (none on a store
    /// without media), `clock` tells the time.
    public init(
        userID: UUID, store: Store, photos: (any ChallengePhotoCheck)?,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.userID = userID
        self.store = store
        self.photos = photos
        self.clock = clock
    }

    public func todaysChallenge(timeZone: String?) async throws -> AssignedChallenge {
        let preferences = try await preferences(adopting: timeZone)
        let now = Self.storable(clock())
        let day = LocalDay(now, in: preferences.zone)
        if let existing = try await store.assignment(of: userID, on: day) { return try await withChallenge(existing) }
        let recent = try await recentlyGiven(since: day)
        let catalog = try await offerable()
        let model =
            preferences.isPersonalized
            ? try await ChallengePersonalization(userID: userID, store: store, clock: clock).model(
                preferences: preferences, catalog: try await store.challenges(includingRetired: true)) : nil
        guard
            let pick = DailyPick(catalog: catalog, preferences: preferences).challenge(
                for: userID, on: day, recent: recent, model: model)
        else { throw ChallengeError.catalogEmpty }
        let kept = try await store.assign(
            UserChallenge(userID: userID, challengeID: pick.id, localDay: day, assignedAt: now))
        return kept.challengeID == pick.id
            ? AssignedChallenge(assignment: kept, challenge: pick) : try await withChallenge(kept)
    }

    public func availableChallenges(count: Int) async throws -> [Challenge] {
        try Self.checkLimit(count, field: "count")
        let preferences = try await preferences()
        let day = LocalDay(clock(), in: preferences.zone)
        let season = Seasonality.of(day, in: preferences.appSettings.hemisphere)
        let recent = try await recentlyGiven(since: day)
        let seed = DailyPick.seed(userID, day)
        return try await offerable()
            .filter {
                ($0.seasonality == nil || $0.seasonality == season) && !recent.contains($0.id)
                    && preferences.challengePreferences.admits($0)
            }
            .sorted { Self.mix($0.id, seed) < Self.mix($1.id, seed) }
            .prefix(count).map { $0 }
    }

    public func challengeHistory(limit: Int, before day: LocalDay?) async throws -> [AssignedChallenge] {
        try Self.checkLimit(limit, field: "limit")
        let assignments = try await store.assignments(of: userID, before: day, limit: limit)
        let catalog = try await catalogByID()
        return assignments.compactMap { item in
            catalog[item.challengeID].map { AssignedChallenge(assignment: item, challenge: $0) }
        }
    }

    public func searchChallenges(query: String, filters: ChallengeFilters, limit: Int) async throws -> [Challenge] {
        try Self.checkLimit(limit, field: "limit")
        try filters.validate()
        guard query.utf8.count <= ChallengeLimits.queryBytes else {
            throw ChallengeError.invalid(field: "q", reason: "at most \(ChallengeLimits.queryBytes) bytes")
        }
        let completed: Set<String> =
            filters.excludeCompleted
            ? Set(try await store.allAssignments(of: userID).filter { $0.status == .completed }.map(\.challengeID)) : []
        let active = try await offerable()
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidates: [Challenge]
        if words.isEmpty {
            candidates = active
        } else {
            let byID = Dictionary(uniqueKeysWithValues: active.map { ($0.id, $0) })
            candidates = try await store.challengeIDs(matching: words, limit: byID.count + 1).compactMap { byID[$0] }
        }
        return Array(candidates.lazy.filter { filters.matches($0, completed: completed) }.prefix(limit))
    }

    public func challenge(id: String) async throws -> Challenge {
        guard let challenge = try await store.challenge(id: id) else { throw ChallengeError.challengeNotFound }
        return challenge
    }

    public func completeChallenge(_ challengeID: String, photoAssetID: String?, notes: String?) async throws
        -> AssignedChallenge
    {
        var assignment = try await latest(challengeID)
        try Self.checkOpen(assignment)
        if let notes {
            guard notes.count <= UserChallenge.notesLimit else {
                throw ChallengeError.invalid(field: "notes", reason: "at most \(UserChallenge.notesLimit) characters")
            }
        }
        if let photoAssetID {
            guard let photos else { throw ChallengeError.photoSaveFailed("this store keeps no photos") }
            _ = try await photos.photo(photoAssetID, of: userID)
        }
        let now = Self.storable(clock())
        assignment.status = .completed
        assignment.completedDate = now
        assignment.completionTime = max(0, now.timeIntervalSince(assignment.assignedDate))
        assignment.photoAssetID = photoAssetID
        assignment.userNotes = notes.flatMap { $0.isEmpty ? nil : $0 }
        assignment.updatedAt = now
        return try await save(assignment, from: .assigned)
    }

    public func skipChallenge(_ challengeID: String, reason: SkipReason?) async throws -> AssignedChallenge {
        var assignment = try await latest(challengeID)
        try Self.checkOpen(assignment)
        let now = Self.storable(clock())
        assignment.status = .skipped
        assignment.skippedDate = now
        assignment.skipReason = reason
        assignment.updatedAt = now
        return try await save(assignment, from: .assigned)
    }

    public func rateChallenge(_ challengeID: String, rating: Int) async throws -> AssignedChallenge {
        guard UserChallenge.ratings.contains(rating) else {
            throw ChallengeError.invalid(
                field: "rating",
                reason: "must be \(UserChallenge.ratings.lowerBound) to \(UserChallenge.ratings.upperBound)")
        }
        var assignment = try await latest(challengeID)
        guard assignment.status == .completed else { throw ChallengeError.notCompleted }
        assignment.userRating = rating
        assignment.updatedAt = Self.storable(clock())
        return try await save(assignment, from: .completed)
    }

    /// Brings in assignments a device of the person made or changed offline (at most
    /// ``ChallengeLimits/list`` at once), under ``OfflineAssignment``'s rule, and answers the one
    /// that stands for each one's day, in order. Every one is checked (the person's own, a known
    /// challenge, times in order, a photo the person uploaded) before any is kept.
    public func keepOfflineAssignments(_ offline: [UserChallenge]) async throws -> [AssignedChallenge] {
        try Self.checkLimit(offline.count, field: "assignments")
        let now = clock()
        guard Set(offline.map(\.localDay)).count == offline.count else {
            throw ChallengeError.invalid(field: "assignments", reason: "must hold one assignment per day")
        }
        for (index, item) in offline.enumerated() {
            try OfflineAssignment.validate(item, at: index, of: userID, now: now)
            guard try await store.challenge(id: item.challengeID) != nil else {
                throw ChallengeError.invalid(field: "assignments[\(index)].challengeID", reason: "names no challenge")
            }
            if let photo = item.photoAssetID {
                guard let photos else { throw ChallengeError.photoSaveFailed("this store keeps no photos") }
                do {
                    _ = try await photos.photo(photo, of: userID)
                } catch ChallengeError.invalid(let field, let reason) {
                    throw ChallengeError.invalid(field: "assignments[\(index)].\(field)", reason: reason)
                }
            }
        }
        var standing: [AssignedChallenge] = []
        for item in offline { standing.append(try await withChallenge(try await keep(Self.stored(item)))) }
        return standing
    }

    public func stats() async throws -> ChallengeStats {
        let preferences = try await preferences()
        let history = try await store.allAssignments(of: userID)
        let categories = try await catalogByID().mapValues(\.category)
        return ChallengeStats(history: history, categories: categories, today: LocalDay(clock(), in: preferences.zone))
    }

    public func preferences() async throws -> UserPreferencesDTO {
        try await store.preferencesOrDefaults(of: userID)
    }

    public func savePreferences(_ preferences: UserPreferencesDTO) async throws -> UserPreferencesDTO {
        try preferences.validate()
        var kept = preferences
        // When the model was last reset is the server's to keep (``ChallengePersonalization/reset()``).
        let resetAt = try await store.challengePreferences(of: userID)?.personalization?.resetAt
        kept.personalization =
            preferences.personalization.map {
                PersonalizationSettingsDTO(enabled: $0.enabled, resetAt: resetAt)
            } ?? resetAt.map { PersonalizationSettingsDTO(enabled: false, resetAt: $0) }
        try await store.saveChallengePreferences(kept, of: userID)
        return kept
    }

    // MARK: - Parts

    /// The challenges given to the person in the ``DailyPick/repeatWindow`` days before `day`.
    func recentlyGiven(since day: LocalDay) async throws -> Set<String> {
        try await store.challengeIDs(givenTo: userID, since: day.adding(days: -DailyPick.repeatWindow))
    }

    /// The active catalog less what the person reported: hidden from them for good, from the
    /// moment they report it.
    func offerable() async throws -> [Challenge] {
        let reported = try await store.reportedTargetIDs(by: userID, kind: .challenge)
        let active = try await store.challenges(includingRetired: false)
        return reported.isEmpty ? active : active.filter { !reported.contains($0.id) }
    }

    /// The saved preferences; when none are saved and `timeZone` names a zone, the defaults in
    /// that zone, saved, so that the person's days are counted in one zone from then on.
    private func preferences(adopting timeZone: String?) async throws -> UserPreferencesDTO {
        if let saved = try await store.challengePreferences(of: userID) { return saved }
        guard let timeZone else { return .defaults(timeZone: UserPreferencesDTO.defaultZone) }
        guard TimeZone(identifier: timeZone) != nil else {
            throw ChallengeError.invalid(field: "timeZone", reason: "must be an IANA time zone name")
        }
        let defaults = UserPreferencesDTO.defaults(timeZone: timeZone)
        try await store.saveChallengePreferences(defaults, of: userID)
        return defaults
    }

    /// Keeps `offline` under ``OfflineAssignment``'s rule, again if another device changed the
    /// day between the read and the write, and answers what stands.
    private func keep(_ offline: UserChallenge) async throws -> UserChallenge {
        for _ in 0..<8 {
            let server = try await store.assignment(of: userID, on: offline.localDay)
            let standing = OfflineAssignment.standing(server: server, offline: offline)
            guard let server else {
                // A new row of the server's own ID: a device's ID could name a row of someone else's.
                var fresh = standing
                fresh.id = UUID()
                let kept = try await store.assign(fresh)
                if kept.id == fresh.id { return kept }
                continue
            }
            if standing == server { return server }
            if try await store.updateAssignment(standing, whereStatus: server.status) { return standing }
        }
        throw ChallengeError.invalid(field: "assignments", reason: "changed by another device meanwhile; send again")
    }

    /// `item` with its times cut to the store's precision.
    private static func stored(_ item: UserChallenge) -> UserChallenge {
        var item = item
        item.assignedDate = storable(item.assignedDate)
        item.completedDate = item.completedDate.map(storable)
        item.skippedDate = item.skippedDate.map(storable)
        item.updatedAt = storable(item.updatedAt)
        item.userNotes = item.userNotes.flatMap { $0.isEmpty ? nil : $0 }
        return item
    }

    private func latest(_ challengeID: String) async throws -> UserChallenge {
        guard let assignment = try await store.latestAssignment(of: userID, challengeID: challengeID) else {
            throw try await store.challenge(id: challengeID) == nil ? ChallengeError.challengeNotFound : .notAssigned
        }
        return assignment
    }

    private static func checkOpen(_ assignment: UserChallenge) throws {
        switch assignment.status {
        case .assigned: return
        case .completed: throw ChallengeError.alreadyCompleted
        case .skipped: throw ChallengeError.alreadySkipped
        }
    }

    private func save(_ assignment: UserChallenge, from status: ChallengeStatus) async throws -> AssignedChallenge {
        guard try await store.updateAssignment(assignment, whereStatus: status) else {
            // Another device acted between the read and the write: answer as if it came second.
            let now = try await latest(assignment.challengeID)
            try Self.checkOpen(now)
            throw ChallengeError.notAssigned
        }
        return try await withChallenge(assignment)
    }

    private func withChallenge(_ assignment: UserChallenge) async throws -> AssignedChallenge {
        AssignedChallenge(assignment: assignment, challenge: try await challenge(id: assignment.challengeID))
    }

    private func catalogByID() async throws -> [String: Challenge] {
        Dictionary(uniqueKeysWithValues: try await store.challenges(includingRetired: true).map { ($0.id, $0) })
    }

    private static func checkLimit(_ value: Int, field: String) throws {
        let listLimit = ChallengeLimits.list
        guard listLimit.contains(value) else {
            throw ChallengeError.invalid(
                field: field, reason: "must be \(listLimit.lowerBound) to \(listLimit.upperBound)")
        }
    }

    /// `date` cut to the store's precision (milliseconds), so that what is answered is what is kept.
    static func storable(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    private static func mix(_ id: String, _ seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
