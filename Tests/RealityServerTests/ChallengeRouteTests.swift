import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityStore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box over HTTP (issue 21), on both backends: today's challenge, completing with a photo
/// through the media pipeline, skipping, rating, search with every filter, history, stats,
/// preferences and the administrator's import; each refusal typed and changing nothing, and
/// nobody acting on another person's challenges. Every JSON answer is held to the OpenAPI
/// document by ``APIClient/send(_:_:token:raw:headers:)``.
@Suite struct ChallengeRouteTests {
    @Test(arguments: Backend.allCases)
    func today_complete_rate_stats_andHistory(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let today = try await api.send(.get, "/api/v1/challenges/today?timeZone=Europe/Berlin", token: ana.token)
            #expect(today.status == .ok)
            let given = try today.decode(AssignedChallenge.self)
            #expect(given.assignment.status == .assigned && given.assignment.userID == ana.id.rawValue)
            let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
            #expect(given.assignment.localDay == LocalDay(Date(), in: zone))
            let again = try await api.send(.get, "/api/v1/challenges/today", token: ana.token).decode(
                AssignedChallenge.self)
            #expect(again == given, "one challenge a day")
            let preferences = try await api.send(.get, "/api/v1/user/preferences", token: ana.token)
                .decode(UserPreferencesDTO.self)
            #expect(preferences.notificationSettings.timeZone == "Europe/Berlin", "the zone first given is kept")

            let id = given.challenge.id
            #expect(
                try await api.send(.get, "/api/v1/challenges/\(id)", token: ana.token).decode(Challenge.self)
                    == given.challenge)
            let early = try await api.send(
                .post, "/api/v1/challenges/\(id)/rate", token: ana.token, json: RateChallengeRequest(rating: 4))
            #expect(early.status == .conflict && early.errorCode == "not_completed")

            let image = try GeneratedMedia.png(width: 64, height: 48)
            let upload = try await api.upload(image, token: ana.token).decode(AssetResponse.self)
            let done = try await api.send(
                .post, "/api/v1/challenges/\(id)/complete", token: ana.token,
                json: CompleteChallengeRequest(photoAssetID: upload.sha256, notes: "Blue door on Elm St."))
            #expect(done.status == .ok)
            let completed = try done.decode(AssignedChallenge.self)
            #expect(completed.assignment.status == .completed && completed.assignment.photoAssetID == upload.sha256)
            #expect(completed.assignment.userNotes == "Blue door on Elm St.")
            #expect((completed.assignment.completionTime ?? -1) >= 0)
            let twice = try await api.send(.post, "/api/v1/challenges/\(id)/complete", token: ana.token, raw: "{}")
            #expect(twice.status == .conflict && twice.errorCode == "already_completed")
            let skip = try await api.send(.post, "/api/v1/challenges/\(id)/skip", token: ana.token, raw: "{}")
            #expect(skip.status == .conflict)
            for bad in [0, 6, -1] {
                let refused = try await api.send(
                    .post, "/api/v1/challenges/\(id)/rate", token: ana.token, json: RateChallengeRequest(rating: bad))
                #expect(refused.status == .badRequest && refused.errorField == "rating")
            }
            let rated = try await api.send(
                .post, "/api/v1/challenges/\(id)/rate", token: ana.token, json: RateChallengeRequest(rating: 5))
            #expect(try rated.decode(AssignedChallenge.self).assignment.userRating == 5)
            // The photo is Ana's asset, read back through the media routes.
            #expect(try await api.send(.get, "/api/v1/assets/\(upload.sha256)", token: ana.token).status == .ok)

            let profile = try await api.send(.get, "/api/v1/user/profile", token: ana.token).decode(
                ChallengeProfile.self)
            #expect(profile.displayName == "Ana" && profile.userID == ana.id.rawValue && profile.totalCompleted == 1)
            #expect(profile.currentStreak == 1 && profile.memberSince == ana.user.createdAt)
            let stats = try await api.send(.get, "/api/v1/user/stats", token: ana.token).decode(ChallengeStats.self)
            #expect(stats.totalCompleted == 1 && stats.currentStreak == 1 && stats.averageRating == 5)
            #expect(stats.completionsByCategory[given.challenge.category.rawValue] == 1)
            let history = try await api.send(.get, "/api/v1/challenges/history", token: ana.token)
                .decode(Page<AssignedChallenge>.self)
            #expect(history.items.map(\.assignment.id) == [given.assignment.id])
            let badBefore = try await api.send(.get, "/api/v1/challenges/history?before=yesterday", token: ana.token)
            #expect(badBefore.status == .badRequest && badBefore.errorField == "before")

            // The account export carries it; deleting the account takes it away.
            let export = try await api.send(.get, "/api/v1/me/export", token: ana.token)
            #expect(try export.decode(AccountExport.self).user.id == ana.id, "the platform's export is whole")
            struct WithOutOfBox: Decodable { var outOfBox: OutOfBoxExport }
            let outOfBox = try export.decode(WithOutOfBox.self).outOfBox
            #expect(outOfBox.assignments.map(\.id) == [given.assignment.id])
            #expect(outOfBox.preferences?.notificationSettings.timeZone == "Europe/Berlin")
            #expect(outOfBox.stats.totalCompleted == 1)
            #expect(try await api.send(.delete, "/api/v1/me", token: ana.token).status == .noContent)
            #expect(try await api.store.allAssignments(of: ana.id.rawValue).isEmpty)
            #expect(try await api.store.challengePreferences(of: ana.id.rawValue) == nil)
        }
    }

    @Test(arguments: Backend.allCases)
    func nobody_actsOnAnothersChallenge_orPhoto_andEveryRouteNeedsASignedInPerson(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let anas = try await api.send(.get, "/api/v1/challenges/today", token: ana.token).decode(
                AssignedChallenge.self)
            let bens = try await api.send(.get, "/api/v1/challenges/today", token: ben.token).decode(
                AssignedChallenge.self)
            if anas.challenge.id != bens.challenge.id {
                for action in ["complete", "skip"] {
                    let refused = try await api.send(
                        .post, "/api/v1/challenges/\(anas.challenge.id)/\(action)", token: ben.token, raw: "{}")
                    #expect(refused.status == .notFound && refused.errorCode == "not_assigned", "\(action)")
                }
            }
            // Ana's photo is not Ben's to attach; a file that is not an image is no photo.
            let anasPhoto = try await api.upload(try GeneratedMedia.png(width: 8, height: 8), token: ana.token)
                .decode(AssetResponse.self)
            let stolen = try await api.send(
                .post, "/api/v1/challenges/\(bens.challenge.id)/complete", token: ben.token,
                json: CompleteChallengeRequest(photoAssetID: anasPhoto.sha256))
            #expect(stolen.status == .badRequest && stolen.errorField == "photoAssetID")
            let text = try await api.upload(
                Data("not a picture at all".utf8), token: ben.token, contentType: "text/plain"
            )
            .decode(AssetResponse.self)
            let notImage = try await api.send(
                .post, "/api/v1/challenges/\(bens.challenge.id)/complete", token: ben.token,
                json: CompleteChallengeRequest(photoAssetID: text.sha256))
            #expect(notImage.status == .badRequest && notImage.errorCode == "photo_save_failed")
            for malformed in [#"{"photoAssetID": "nope"}"#, #"{"photoAssetID": 5}"#, #"{"notes": ["x"]}"#, "[]", "{"] {
                let refused = try await api.send(
                    .post, "/api/v1/challenges/\(bens.challenge.id)/complete", token: ben.token, raw: malformed)
                #expect(refused.status == .badRequest, "\(malformed)")
            }
            let long = try await api.send(
                .post, "/api/v1/challenges/\(bens.challenge.id)/complete", token: ben.token,
                json: CompleteChallengeRequest(notes: String(repeating: "n", count: 2001)))
            #expect(long.status == .badRequest && long.errorField == "notes")
            let skipped = try await api.send(
                .post, "/api/v1/challenges/\(bens.challenge.id)/skip", token: ben.token, raw: #"{"reason": "weather"}"#)
            #expect(try skipped.decode(AssignedChallenge.self).assignment.skipReason == .weather)
            #expect(
                try await api.send(
                    .post, "/api/v1/challenges/\(anas.challenge.id)/skip", token: ana.token,
                    raw: #"{"reason": "bored"}"#
                ).status == .badRequest, "an unknown reason")
            let anasNow = try await api.send(.get, "/api/v1/challenges/history", token: ana.token)
                .decode(Page<AssignedChallenge>.self)
            #expect(anasNow.items.map(\.assignment.status) == [.assigned], "nothing Ben did reached Ana's challenge")
            #expect(
                try await api.send(.get, "/api/v1/challenges/no-such-thing", token: ana.token).status == .notFound)

            for route in APIRoute.outOfBoxRoutes + APIRoute.socialRoutes where route.access != .anonymous {
                let path = route.path.replacingOccurrences(of: "{id}", with: anas.challenge.id)
                    .replacingOccurrences(of: "{userID}", with: UUID().uuidString.lowercased())
                let body: String? = route.body == nil ? nil : "{}"
                #expect(try await api.send(route.method, path, raw: body).status == .unauthorized, "\(route)")
            }
            let asUser = try await api.send(
                .post, "/api/v1/admin/challenges", token: ana.token, raw: #"{"challenges": []}"#)
            #expect(asUser.status == .unauthorized || asUser.status == .forbidden, "a person is no administrator")
        }
    }

    @Test(arguments: Backend.allCases)
    func search_andAvailable_keepToFilters_andRefuseBadOnes(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            func search(_ query: String) async throws -> [Challenge] {
                let result = try await api.send(.get, "/api/v1/challenges/search?\(query)", token: ana.token)
                #expect(result.status == .ok, "\(query): \(String(decoding: result.body, as: UTF8.self))")
                return try result.decode(Page<Challenge>.self).items
            }
            let all = try await search("limit=100")
            #expect(all.count == 100)
            #expect(try await search("category=food&limit=100").allSatisfy { $0.category == .food })
            #expect(
                try await search("category=food,nature&limit=100").allSatisfy {
                    [.food, .nature].contains($0.category)
                })
            #expect(try await search("maxTime=short&limit=100").allSatisfy { $0.timeInvestment <= .short })
            #expect(try await search("maxCost=free&limit=100").allSatisfy { $0.costLevel == .free })
            #expect(
                try await search("social=withStrangers&limit=100").allSatisfy { $0.socialRequirement == .withStrangers }
            )
            let hard = try await search("minDifficulty=4&maxDifficulty=5&limit=100")
            #expect(!hard.isEmpty && hard.allSatisfy { $0.difficultyLevel >= 4 })
            #expect(try await search("location=nature&limit=100").allSatisfy { $0.locationType == .nature })
            let photos = try await search("q=photo&limit=100")
            #expect(!photos.isEmpty)
            #expect(
                photos.allSatisfy {
                    ($0.title + " " + $0.description + " " + $0.tags.joined(separator: " ")).lowercased().contains(
                        "photo")
                })
            for bad in [
                "category=cooking", "maxTime=forever", "maxCost=cheap", "social=crowd", "minDifficulty=0",
                "maxDifficulty=6", "minDifficulty=4&maxDifficulty=2", "location=moon", "excludeCompleted=maybe",
                "limit=0", "limit=101",
            ] {
                let result = try await api.send(.get, "/api/v1/challenges/search?\(bad)", token: ana.token)
                #expect(result.status == .badRequest, "\(bad)")
            }
            let available = try await api.send(.get, "/api/v1/challenges?count=7", token: ana.token).decode(
                Page<Challenge>.self)
            #expect(available.items.count == 7)
            #expect(try await api.send(.get, "/api/v1/challenges?count=500", token: ana.token).status == .badRequest)
        }
    }

    @Test(arguments: Backend.allCases)
    func preferences_roundTrip_andBadOnesChangeNothing(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            var preferences = UserPreferencesDTO.defaults(timeZone: "America/Los_Angeles")
            preferences.notificationSettings.enabled = true
            preferences.notificationSettings.timeWindow = TimeWindowDTO(start: "21:00", end: "07:00")
            preferences.challengePreferences.preferredCategories = [.nature]
            preferences.challengePreferences.socialComfortLevel = 1
            preferences.appSettings = AppSettingsDTO(theme: .dark, hemisphere: .southern)
            let saved = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: preferences)
            #expect(try saved.decode(UserPreferencesDTO.self) == preferences)
            var broken = preferences
            broken.challengePreferences.socialComfortLevel = 9
            let refused = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: broken)
            #expect(refused.status == .badRequest && refused.errorField == "challengePreferences.socialComfortLevel")
            broken = preferences
            broken.notificationSettings.timeZone = "Nowhere/Special"
            #expect(
                try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: broken).status
                    == .badRequest)
            #expect(
                try await api.send(.put, "/api/v1/user/preferences", token: ana.token, raw: #"{"appSettings": 1}"#)
                    .status
                    == .badRequest)
            let kept = try await api.send(.get, "/api/v1/user/preferences", token: ana.token).decode(
                UserPreferencesDTO.self)
            #expect(kept == preferences)
            // Today's pick keeps to them: nature, alone.
            let today = try await api.send(.get, "/api/v1/challenges/today", token: ana.token).decode(
                AssignedChallenge.self)
            #expect(today.challenge.category == .nature && today.challenge.socialRequirement == .solo)
            let ben = try await api.register("Ben")
            let bens = try await api.send(.get, "/api/v1/user/preferences", token: ben.token).decode(
                UserPreferencesDTO.self)
            #expect(bens == .defaults(timeZone: "UTC"), "Ana's preferences are hers")
        }
    }

    @Test(arguments: Backend.allCases)
    func anAdministrator_addsChangesAndRetiresChallenges(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let entry =
                #"{"id": "admin-added", "title": "Hum a tune to a plant", "description": "Pick a plant and hum to it for a minute.", "category": "mindfulness", "timeInvestment": "quick", "socialRequirement": "solo", "costLevel": "free", "difficultyLevel": 1, "tags": ["music"], "locationType": "home"}"#
            let imported = try await api.send(
                .post, "/api/v1/admin/challenges", token: TestServer.adminToken, raw: #"{"challenges": [\#(entry)]}"#)
            #expect(imported.status == .ok, "\(String(decoding: imported.body, as: UTF8.self))")
            let report = try imported.decode(CatalogImportReport.self)
            #expect(report.imported == 1 && report.catalogVersion == 1)
            let added = try await api.send(.get, "/api/v1/challenges/admin-added", token: ana.token).decode(
                Challenge.self)
            #expect(added.title == "Hum a tune to a plant" && added.isActive)
            #expect(
                try await api.send(.get, "/api/v1/challenges/search?q=hum%20plant", token: ana.token)
                    .decode(Page<Challenge>.self).items.map(\.id) == ["admin-added"])

            let retire = entry.replacingOccurrences(
                of: #""locationType": "home"}"#, with: #""locationType": "home", "isActive": false}"#)
            let retired = try await api.send(
                .post, "/api/v1/admin/challenges", token: TestServer.adminToken,
                raw: #"{"version": 2, "challenges": [\#(retire)]}"#)
            #expect(try retired.decode(CatalogImportReport.self).catalogVersion == 2)
            let after = try await api.send(.get, "/api/v1/challenges/admin-added", token: ana.token).decode(
                Challenge.self)
            #expect(!after.isActive && after.createdAt == added.createdAt, "retired, its creation kept")
            #expect(
                try await api.send(.get, "/api/v1/challenges/search?q=hum%20plant", token: ana.token)
                    .decode(Page<Challenge>.self).items.isEmpty, "a retired challenge is not offered")

            for bad in [
                #"{"challenges": []}"#, #"{"challenges": [\#(entry), \#(entry)]}"#,
                #"{"challenges": [\#(entry.replacingOccurrences(of: "admin-added", with: "today"))]}"#,
                #"{"challenges": [\#(entry.replacingOccurrences(of: "\"difficultyLevel\": 1", with: "\"difficultyLevel\": 7"))]}"#,
                #"{"version": 0, "challenges": [\#(entry)]}"#, "nope",
            ] {
                let refused = try await api.send(
                    .post, "/api/v1/admin/challenges", token: TestServer.adminToken, raw: bad)
                #expect(refused.status == .badRequest, "\(bad.prefix(60))")
            }
            #expect(try await api.send(.get, "/api/v1/challenges/today", token: ana.token).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases)
    func theAppConfiguration_isPublic_andOnlyAnAdministratorChangesIt(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let defaults = try await api.send(.get, "/api/v1/app/configuration").decode(AppConfiguration.self)
            #expect(defaults.featureFlags.isEmpty && defaults.minimumClientVersion == "0.1.0")
            #expect(defaults.catalogVersion == (try ShippedCatalog.file().version), "the shipped catalog's version")
            #expect(defaults.updatedAt == nil)
            let update = AppConfigurationUpdate(featureFlags: ["personalization": true], minimumClientVersion: "0.2.0")
            for token in [nil, ana.token] {
                let refused = try await api.send(.put, "/api/v1/admin/app/configuration", token: token, json: update)
                #expect(refused.status == .unauthorized || refused.status == .forbidden)
            }
            let set = try await api.send(
                .put, "/api/v1/admin/app/configuration", token: TestServer.adminToken, json: update)
            #expect(set.status == .ok)
            let now = try await api.send(.get, "/api/v1/app/configuration", token: ana.token).decode(
                AppConfiguration.self)
            #expect(now.featureFlags == ["personalization": true] && now.minimumClientVersion == "0.2.0")
            #expect(now.updatedAt != nil && now.serves(client: "0.2.0") && !now.serves(client: "0.1.9"))
            for bad in [
                AppConfigurationUpdate(featureFlags: [:], minimumClientVersion: "1.x"),
                AppConfigurationUpdate(featureFlags: [:], minimumClientVersion: ""),
                AppConfigurationUpdate(featureFlags: ["Bad Name": true], minimumClientVersion: "1.0.0"),
            ] {
                let refused = try await api.send(
                    .put, "/api/v1/admin/app/configuration", token: TestServer.adminToken, json: bad)
                #expect(refused.status == .badRequest, "\(bad)")
            }
            let malformed = try await api.send(
                .put, "/api/v1/admin/app/configuration", token: TestServer.adminToken,
                raw: #"{"featureFlags": {"x": "yes"}, "minimumClientVersion": "1.0.0"}"#)
            #expect(malformed.status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/app/configuration").decode(AppConfiguration.self) == now)
        }
    }

    @Test func outOfBoxSearch_allowsTheTextThePlatformsSearchDoes() {
        #expect(ChallengeLimits.queryBytes == DefaultSearchService<SQLiteServerStore>.maxQueryLength)
    }

    @Test func theShippedCatalog_usesNoWordOfTheAPIsPaths() throws {
        let ids = try ShippedCatalog.file().challenges.map(\.id)
        #expect(ChallengeIDRule.reservedIDs == ["catalog", "history", "model", "reminders", "search", "today"])
        #expect(Set(ids).isDisjoint(with: ChallengeIDRule.reservedIDs))
    }
}
