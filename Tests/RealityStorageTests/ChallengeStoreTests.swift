import Foundation
import OutOfBoxCore
import RealityPostgres
import RealityTestSupport
import Synchronization
import Testing

/// Out of Box's daily loop over each real store (issue 21): every field kept, one assignment per
/// person and local day in their zone (across midnight and daylight-saving changes, and when two
/// devices ask at once), completing once, and search through the store's text index.
@Suite struct ChallengeStoreTests {
    /// A clock the test moves.
    final class TestClock: Sendable {
        private let now: Mutex<Date>
        init(_ text: String) { now = Mutex(Self.instant(text)) }
        func set(_ text: String) { now.withLock { $0 = Self.instant(text) } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Date { { self.now.withLock { $0 } } }

        static func instant(_ text: String) -> Date {
            guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("not a date: \(text)") }
            return date
        }
    }

    static let epoch = Date(timeIntervalSince1970: 1_780_000_000)

    static func challenge(
        _ id: String, category: ChallengeCategory = .creativity, season: Seasonality? = nil, title: String? = nil
    ) -> Challenge {
        Challenge(
            id: id, title: title ?? "Do \(id)", description: "Do the thing called \(id).", category: category,
            timeInvestment: .quick, socialRequirement: .solo, costLevel: .free, difficultyLevel: 2, tags: ["test", id],
            locationType: .anywhere, seasonality: season, createdAt: epoch, updatedAt: epoch)
    }

    static func service(_ store: any StoreUnderTest, _ user: UUID, _ clock: TestClock) -> some ChallengeServiceProtocol
    {
        DefaultChallengeService(userID: user, store: AnyChallengeStore(store), photos: nil, clock: clock.read)
    }

    @Test(arguments: StoreBackend.allCases)
    func everyField_roundTrips(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let full = Challenge(
                id: "full-one", title: "Ünïcode title", description: "Line one.\nLine two: ‘quoted’.",
                category: .kindness,
                timeInvestment: .extended, socialRequirement: .withStrangers, costLevel: .high, difficultyLevel: 5,
                tags: ["a1", "b-2"], locationType: .urban, seasonality: .autumn, isActive: false,
                createdAt: Self.epoch, updatedAt: Self.epoch.addingTimeInterval(1.5))
            try await store.saveChallenges([full, Self.challenge("plain")], catalogVersion: 3)
            #expect(try await store.challenge(id: "full-one") == full)
            #expect(try await store.challenge(id: "plain") == Self.challenge("plain"))
            #expect(try await store.catalogVersion() == 3)
            #expect(try await store.challenges(includingRetired: false).map(\.id) == ["plain"])
            #expect(try await store.challenges(includingRetired: true).map(\.id) == ["full-one", "plain"])

            let user = UUID()
            var item = UserChallenge(
                userID: user, challengeID: "plain", localDay: LocalDay(year: 2026, month: 11, day: 27)!,
                assignedAt: Self.epoch)
            #expect(try await store.assign(item) == item)
            item.status = .completed
            item.completedDate = Self.epoch.addingTimeInterval(90.25)
            item.skippedDate = Self.epoch.addingTimeInterval(3)
            item.skipReason = .weather
            item.photoAssetID = String(repeating: "ab", count: 32)
            item.userRating = 4
            item.completionTime = 90.25
            item.userNotes = "Notes ✓"
            item.updatedAt = Self.epoch.addingTimeInterval(91)
            #expect(try await store.updateAssignment(item, whereStatus: .assigned))
            #expect(try await store.latestAssignment(of: user, challengeID: "plain") == item)
            #expect(try await !store.updateAssignment(item, whereStatus: .assigned), "the status moved on")
            #expect(try await store.latestAssignment(of: UUID(), challengeID: "plain") == nil, "nobody else's")

            // A history brought in whole: every field kept, empty ones empty, and a second
            // assignment of a day already taken left out.
            var earlier = item
            earlier.id = UUID()
            earlier.localDay = LocalDay(year: 2026, month: 11, day: 26)!
            let bare = UserChallenge(
                userID: user, challengeID: "full-one", localDay: LocalDay(year: 2026, month: 11, day: 25)!,
                assignedAt: Self.epoch)
            var clash = bare
            clash.id = UUID()
            clash.localDay = item.localDay
            try await store.saveAssignments([earlier, bare, clash])
            #expect(try await store.allAssignments(of: user) == [bare, earlier, item])
            try await store.saveAssignments([])

            var preferences = UserPreferencesDTO.defaults(timeZone: "Europe/Berlin")
            preferences.challengePreferences.preferredCategories = [.food, .nature]
            preferences.appSettings.hemisphere = .southern
            try await store.saveChallengePreferences(preferences, of: user)
            #expect(try await store.challengePreferences(of: user) == preferences)
            #expect(try await store.challengePreferences(of: UUID()) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func catalogChanges_bringACopyUpToDate_generationByGeneration(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            // A generation is the number of the change log's commit that changed the catalog last.
            let empty = try await store.catalogChanges(since: 0)
            #expect(empty.challenges.isEmpty)
            try await store.saveChallenges([Self.challenge("a"), Self.challenge("b")], catalogVersion: 1)
            let first = try await store.catalogChanges(since: 0)
            #expect(first.generation > empty.generation && first.challenges.map(\.id) == ["a", "b"])
            #expect(try await store.catalogChanges(since: empty.generation).challenges.count == 2)
            var changed = Self.challenge("b", title: "Changed")
            changed.isActive = false
            try await store.saveChallenges([changed, Self.challenge("c")], catalogVersion: nil)
            let second = try await store.catalogChanges(since: first.generation)
            #expect(second.generation > first.generation && second.challenges == [changed, Self.challenge("c")])
            #expect(try await store.catalogChanges(since: second.generation).challenges.isEmpty)
            #expect(try await store.catalogChanges(since: 0).challenges.count == 3)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func today_isOnePerLocalDay_acrossMidnightAndDaylightSaving_inTwoZones(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            try await store.saveChallenges((1...40).map { Self.challenge("c-\($0)") }, catalogVersion: 1)
            // Berlin springs forward on 2026-03-29; 23:30 UTC on the 28th is already the 29th there.
            let clock = TestClock("2026-03-28T22:30:00Z")
            let ana = UUID()
            let berlin = Self.service(store, ana, clock)
            let first = try await berlin.todaysChallenge(timeZone: "Europe/Berlin")
            #expect(first.assignment.localDay.description == "2026-03-28")
            clock.set("2026-03-28T22:59:59Z")
            #expect(try await berlin.todaysChallenge(timeZone: nil) == first, "still the 28th in Berlin")
            clock.set("2026-03-28T23:00:00Z")
            let second = try await berlin.todaysChallenge(timeZone: "America/Los_Angeles")
            #expect(second.assignment.localDay.description == "2026-03-29", "midnight in Berlin; the saved zone wins")
            #expect(second.challenge.id != first.challenge.id, "not the same challenge two days running")
            // The 29th has 23 hours in Berlin: the 30th starts at 22:00 UTC.
            clock.set("2026-03-29T21:59:00Z")
            #expect(try await berlin.todaysChallenge(timeZone: nil) == second)
            clock.set("2026-03-29T22:00:00Z")
            #expect(try await berlin.todaysChallenge(timeZone: nil).assignment.localDay.description == "2026-03-30")

            // Los Angeles falls back on 2026-11-01: that day runs until 08:00 UTC on the 2nd.
            let ben = UUID()
            let angeles = Self.service(store, ben, clock)
            clock.set("2026-11-02T07:30:00Z")
            let late = try await angeles.todaysChallenge(timeZone: "America/Los_Angeles")
            #expect(late.assignment.localDay.description == "2026-11-01")
            clock.set("2026-11-02T08:00:00Z")
            #expect(try await angeles.todaysChallenge(timeZone: nil).assignment.localDay.description == "2026-11-02")
            #expect(try await store.allAssignments(of: ben).count == 2)
            #expect(try await store.allAssignments(of: ana).count == 3)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func twoDevicesAskingAtOnce_getOneAssignment(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            try await store.saveChallenges((1...40).map { Self.challenge("c-\($0)") }, catalogVersion: 1)
            let clock = TestClock("2026-06-01T12:00:00Z")
            for _ in 0..<5 {
                let user = UUID()
                let answers = try await withThrowingTaskGroup(of: AssignedChallenge.self) { group in
                    for _ in 0..<8 {
                        group.addTask { try await Self.service(store, user, clock).todaysChallenge(timeZone: "UTC") }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(Set(answers.map(\.assignment.id)).count == 1, "one assignment, however many ask")
                #expect(try await store.allAssignments(of: user).count == 1)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func completing_happensOnce_evenWhenTwoDevicesRace(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            try await store.saveChallenges((1...10).map { Self.challenge("c-\($0)") }, catalogVersion: 1)
            let clock = TestClock("2026-06-01T12:00:00Z")
            let user = UUID()
            let service = Self.service(store, user, clock)
            let today = try await service.todaysChallenge(timeZone: "UTC")
            clock.advance(600)
            let outcomes = await withTaskGroup(of: Result<AssignedChallenge, any Error>.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        do {
                            return .success(
                                try await service.completeChallenge(
                                    today.challenge.id, photoAssetID: nil, notes: "device \(index)"))
                        } catch { return .failure(error) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let done = outcomes.compactMap { try? $0.get() }
            #expect(done.count == 1)
            for case .failure(let error) in outcomes { #expect(error as? ChallengeError == .alreadyCompleted) }
            let kept = try #require(try await store.latestAssignment(of: user, challengeID: today.challenge.id))
            #expect(
                kept.status == .completed && kept.completionTime == 600
                    && kept.userNotes == done.first?.assignment.userNotes)
            await #expect(throws: ChallengeError.alreadyCompleted) {
                try await service.skipChallenge(today.challenge.id, reason: .noTime)
            }
            await #expect(throws: ChallengeError.invalid(field: "rating", reason: "must be 1 to 5")) {
                try await service.rateChallenge(today.challenge.id, rating: 6)
            }
            #expect(try await service.rateChallenge(today.challenge.id, rating: 5).assignment.userRating == 5)
            #expect(try await service.rateChallenge(today.challenge.id, rating: 3).assignment.userRating == 3)
            let other = try #require((1...10).map { "c-\($0)" }.first { $0 != today.challenge.id })
            await #expect(throws: ChallengeError.notAssigned) {
                try await service.completeChallenge(other, photoAssetID: nil, notes: nil)
            }
            await #expect(throws: ChallengeError.challengeNotFound) {
                try await service.completeChallenge("no-such-one", photoAssetID: nil, notes: nil)
            }
            await #expect(throws: ChallengeError.notAssigned, "someone else's assignment is not theirs") {
                try await Self.service(store, UUID(), clock).completeChallenge(
                    today.challenge.id, photoAssetID: nil, notes: nil)
            }
            let stats = try await service.stats()
            #expect(stats.totalCompleted == 1 && stats.currentStreak == 1 && stats.averageRating == 3)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func search_usesTheTextIndex_andEveryFilter(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            var catalog = [
                Self.challenge("blue-photo", title: "Photograph something blue"),
                Self.challenge("cafe", category: .food, title: "Try a new café"),
                Self.challenge("snow", category: .nature, season: .winter, title: "Build a tiny snowman"),
            ]
            catalog[1].costLevel = .medium
            catalog[1].socialRequirement = .withFriends
            catalog[1].locationType = .urban
            catalog[1].difficultyLevel = 4
            catalog[1].timeInvestment = .long
            try await store.saveChallenges(catalog, catalogVersion: 1)
            let clock = TestClock("2026-01-10T12:00:00Z")
            let service = Self.service(store, UUID(), clock)
            func ids(_ query: String, _ filters: ChallengeFilters = ChallengeFilters()) async throws -> [String] {
                try await service.searchChallenges(query: query, filters: filters, limit: 50).map(\.id).sorted()
            }
            #expect(try await ids("photo") == ["blue-photo"])
            #expect(try await ids("PHOT blu") == ["blue-photo"], "words as prefixes, any case")
            #expect(try await ids("cafe") == ["cafe"], "diacritics folded")
            #expect(try await ids("snowman") == ["snow"])
            #expect(try await ids("nothing-like-it").isEmpty)
            #expect(try await ids("").count == 3)
            #expect(try await ids("", ChallengeFilters(categories: [.food, .nature])) == ["cafe", "snow"])
            #expect(try await ids("", ChallengeFilters(maxTimeInvestment: .medium)) == ["blue-photo", "snow"])
            #expect(try await ids("", ChallengeFilters(maxCostLevel: .low)) == ["blue-photo", "snow"])
            #expect(try await ids("", ChallengeFilters(socialRequirements: [.withFriends])) == ["cafe"])
            #expect(try await ids("", ChallengeFilters(difficultyRange: 3...5)) == ["cafe"])
            #expect(try await ids("", ChallengeFilters(locationTypes: [.urban])) == ["cafe"])
            let today = try await service.todaysChallenge(timeZone: "UTC")
            _ = try await service.completeChallenge(today.challenge.id, photoAssetID: nil, notes: nil)
            #expect(try await !ids("", ChallengeFilters(excludeCompleted: true)).contains(today.challenge.id))
            #expect(try await ids("", ChallengeFilters(excludeCompleted: true)).count == 2)
            await #expect(throws: ChallengeError.self) {
                try await service.searchChallenges(
                    query: "", filters: ChallengeFilters(difficultyRange: 0...9), limit: 5)
            }
            await #expect(throws: ChallengeError.self) {
                try await service.searchChallenges(
                    query: String(repeating: "a", count: 501), filters: ChallengeFilters(), limit: 5)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func history_pagesByDay_andNothingRepeatsWithinTheWindow(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            try await store.saveChallenges((1...30).map { Self.challenge("c-\($0)") }, catalogVersion: 1)
            let clock = TestClock("2026-06-01T12:00:00Z")
            let service = Self.service(store, UUID(), clock)
            var given: [String] = []
            for _ in 0..<30 {
                given.append(try await service.todaysChallenge(timeZone: "UTC").challenge.id)
                clock.advance(86_400)
            }
            #expect(Set(given).count == 30, "30 days, 30 different challenges from a catalog of 30")
            let first = try await service.challengeHistory(limit: 20, before: nil)
            #expect(first.count == 20 && first.first?.assignment.localDay.description == "2026-06-30")
            let rest = try await service.challengeHistory(limit: 20, before: first.last?.assignment.localDay)
            #expect(rest.count == 10 && rest.last?.assignment.localDay.description == "2026-06-01")
            await #expect(throws: ChallengeError.self) { try await service.challengeHistory(limit: 0, before: nil) }
            let available = try await service.availableChallenges(count: 10)
            #expect(available.isEmpty, "everything was given in the last 60 days")
        }
    }
}

/// A ``ChallengeRepository`` over an existential store, for the generic service.
struct AnyChallengeStore: ChallengeRepository {
    let base: any ChallengeRepository
    init(_ base: any ChallengeRepository) { self.base = base }

    func catalogVersion() async throws -> Int { try await base.catalogVersion() }
    func saveChallenges(_ challenges: [Challenge], catalogVersion: Int?) async throws {
        try await base.saveChallenges(challenges, catalogVersion: catalogVersion)
    }
    func challenge(id: String) async throws -> Challenge? { try await base.challenge(id: id) }
    func challenges(includingRetired: Bool) async throws -> [Challenge] {
        try await base.challenges(includingRetired: includingRetired)
    }
    func catalogChanges(since generation: Int64) async throws -> CatalogChanges {
        try await base.catalogChanges(since: generation)
    }
    func challengeIDs(matching query: String, limit: Int) async throws -> [String] {
        try await base.challengeIDs(matching: query, limit: limit)
    }
    func assignment(of userID: UUID, on day: LocalDay) async throws -> UserChallenge? {
        try await base.assignment(of: userID, on: day)
    }
    func assign(_ assignment: UserChallenge) async throws -> UserChallenge { try await base.assign(assignment) }
    func saveAssignments(_ assignments: [UserChallenge]) async throws { try await base.saveAssignments(assignments) }
    func challengeIDs(givenTo userID: UUID, since day: LocalDay) async throws -> Set<String> {
        try await base.challengeIDs(givenTo: userID, since: day)
    }
    func latestAssignment(of userID: UUID, challengeID: String) async throws -> UserChallenge? {
        try await base.latestAssignment(of: userID, challengeID: challengeID)
    }
    func updateAssignment(_ assignment: UserChallenge, whereStatus status: ChallengeStatus) async throws -> Bool {
        try await base.updateAssignment(assignment, whereStatus: status)
    }
    func assignments(of userID: UUID, before day: LocalDay?, limit: Int) async throws -> [UserChallenge] {
        try await base.assignments(of: userID, before: day, limit: limit)
    }
    func allAssignments(of userID: UUID) async throws -> [UserChallenge] { try await base.allAssignments(of: userID) }
    func challengePreferences(of userID: UUID) async throws -> UserPreferencesDTO? {
        try await base.challengePreferences(of: userID)
    }
    func appConfiguration() async throws -> (update: AppConfigurationUpdate, updatedAt: Date)? {
        try await base.appConfiguration()
    }
    func saveAppConfiguration(_ update: AppConfigurationUpdate, at date: Date) async throws {
        try await base.saveAppConfiguration(update, at: date)
    }
    func saveChallengePreferences(_ preferences: UserPreferencesDTO, of userID: UUID) async throws {
        try await base.saveChallengePreferences(preferences, of: userID)
    }
    func saveReminders(_ reminders: [ChallengeReminder]) async throws { try await base.saveReminders(reminders) }
    func reminders(of userID: UUID, dueFrom since: Date) async throws -> [ChallengeReminder] {
        try await base.reminders(of: userID, dueFrom: since)
    }
    func reminder(id: UUID) async throws -> ChallengeReminder? { try await base.reminder(id: id) }
    func saveReport(_ report: ContentReport) async throws { try await base.saveReport(report) }
    func report(id: UUID) async throws -> ContentReport? { try await base.report(id: id) }
    func reports(status: ContentReport.Status, limit: Int) async throws -> [ContentReport] {
        try await base.reports(status: status, limit: limit)
    }
    func reportedTargetIDs(by userID: UUID, kind: ContentReport.Kind) async throws -> Set<String> {
        try await base.reportedTargetIDs(by: userID, kind: kind)
    }
    func resolveReport(_ id: UUID, as status: ContentReport.Status, at date: Date) async throws -> ContentReport? {
        try await base.resolveReport(id, as: status, at: date)
    }
    func saveFeedback(_ feedback: ContentFeedback) async throws { try await base.saveFeedback(feedback) }
    func feedback(limit: Int) async throws -> [ContentFeedback] { try await base.feedback(limit: limit) }
    func cancelReminders(of userID: UUID, id: UUID?) async throws -> Int {
        try await base.cancelReminders(of: userID, id: id)
    }
}

/// The catalog cache across two instances on one PostgreSQL database: a change made through one
/// is read by the other at its next use (the generation moved), never a stale catalog.
@Suite struct ChallengeCatalogCacheTests {
    @Test func aCatalogChangeOnOneInstance_isSeenByTheOther() async throws {
        try await withPostgresDatabase { configuration in
            try await PostgresStore.withStore(configuration: configuration, logger: TestPostgres.logger) { first in
                try await PostgresStore.withStore(configuration: configuration, logger: TestPostgres.logger) { second in
                    try await first.saveChallenges([ChallengeStoreTests.challenge("one")], catalogVersion: nil)
                    #expect(try await second.challenges(includingRetired: false).map(\.id) == ["one"])
                    var retired = ChallengeStoreTests.challenge("one", title: "Renamed")
                    retired.isActive = false
                    try await first.saveChallenges(
                        [retired, ChallengeStoreTests.challenge("two")], catalogVersion: nil)
                    #expect(try await second.challenges(includingRetired: false).map(\.id) == ["two"])
                    #expect(try await second.challenge(id: "one")?.title == "Renamed")
                }
            }
        }
    }

    @Test func aSnapshot_isKeptPerGeneration_andNeverGoesBack() async throws {
        let cache = ChallengeCatalogCache()
        var loads = 0
        let a = try await cache.catalog(generation: 1) {
            loads += 1
            return [ChallengeStoreTests.challenge("a")]
        }
        let again = try await cache.catalog(generation: 1) {
            loads += 1
            return []
        }
        #expect(a.challenges.map(\.id) == ["a"] && again.challenges.map(\.id) == ["a"] && loads == 1)
        _ = try await cache.catalog(generation: 2) { [ChallengeStoreTests.challenge("b")] }
        let older = try await cache.catalog(generation: 1) { [ChallengeStoreTests.challenge("stale")] }
        #expect(older.byID["stale"] != nil, "a reader under an older generation gets what it loaded")
        let kept = try await cache.catalog(generation: 2) { [] }
        #expect(kept.challenges.map(\.id) == ["b"], "an older load does not replace a newer one")
    }
}
