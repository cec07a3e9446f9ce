import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Assignments a device made or changed offline (issue 21), `POST /api/v1/challenges/history`,
/// on both backends: a day the server does not hold keeps the device's assignment with its times,
/// a settled assignment beats an unsettled one, the server's settled one stands, two devices
/// sending one day at once leave one assignment, and bad input is refused, typed, changing nothing.
@Suite struct ChallengeOfflineRouteTests {
    @Test(arguments: Backend.allCases)
    func aDayTheServerDoesNotHold_keepsTheDevicesAssignment_withItsTimes(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let challenges = try await Self.challengeIDs(api, ana.token)
            let assigned = Self.instant(hoursAgo: 26)
            var offline = UserChallenge(
                userID: ana.id.rawValue, challengeID: challenges[0], localDay: LocalDay(assigned, in: .gmt),
                assignedAt: assigned)
            offline.status = .completed
            offline.completedDate = assigned.addingTimeInterval(600)
            offline.userNotes = "On the train"
            offline.userRating = 4
            offline.completionTime = 1  // the server counts it from the times
            offline.updatedAt = assigned.addingTimeInterval(700)
            let answer = try await Self.send([offline], api, ana.token)
            #expect(answer.status == .ok)
            let kept = try #require(try answer.decode(OfflineAssignmentsAnswer.self).assignments.first)
            #expect(kept.challenge.id == challenges[0] && kept.assignment.id != offline.id, "a row of the server's own")
            #expect(kept.assignment.status == .completed && kept.assignment.completedDate == offline.completedDate)
            #expect(kept.assignment.assignedDate == assigned && kept.assignment.completionTime == 600)
            #expect(kept.assignment.userNotes == "On the train" && kept.assignment.userRating == 4)
            #expect(kept.assignment.localDay == offline.localDay)

            let history = try await api.send(.get, "/api/v1/challenges/history", token: ana.token)
                .decode(Page<AssignedChallenge>.self)
            #expect(history.items == [kept])
            let stats = try await api.send(.get, "/api/v1/user/stats", token: ana.token).decode(ChallengeStats.self)
            #expect(stats.totalCompleted == 1 && stats.averageRating == 4)
            let again = try await Self.send([offline], api, ana.token).decode(OfflineAssignmentsAnswer.self)
            #expect(again.assignments == [kept], "sending twice changes nothing")
        }
    }

    @Test(arguments: Backend.allCases)
    func settledBeatsUnsettled_theServersSettledStands_andALaterRatingIsTaken(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let today = try await api.send(.get, "/api/v1/challenges/today", token: ana.token)
                .decode(AssignedChallenge.self)
            let other = try #require(try await Self.challengeIDs(api, ana.token).first { $0 != today.challenge.id })
            let day = today.assignment.localDay
            let now = Self.instant(hoursAgo: 0)

            // Only assigned on the device too: the server's stands.
            let unsettled = UserChallenge(userID: ana.id.rawValue, challengeID: other, localDay: day, assignedAt: now)
            let first = try await Self.send([unsettled], api, ana.token).decode(OfflineAssignmentsAnswer.self)
            #expect(first.assignments.map(\.assignment) == [today.assignment])

            // Completed on the device: it stands, on the server's row.
            var completed = unsettled
            completed.status = .completed
            completed.completedDate = now
            completed.updatedAt = now
            let second = try #require(
                try await Self.send([completed], api, ana.token).decode(OfflineAssignmentsAnswer.self).assignments.first
            )
            #expect(second.assignment.id == today.assignment.id && second.challenge.id == other)
            #expect(second.assignment.status == .completed && second.assignment.completedDate == now)

            // Skipped on another device afterwards: the completion stands.
            var skipped = unsettled
            skipped.status = .skipped
            skipped.skippedDate = now
            skipped.skipReason = .weather
            let third = try await Self.send([skipped], api, ana.token).decode(OfflineAssignmentsAnswer.self)
            #expect(third.assignments == [second])

            // A later rating of the same completion is taken.
            var rated = completed
            rated.userRating = 5
            rated.updatedAt = now.addingTimeInterval(60)
            let fourth = try #require(
                try await Self.send([rated], api, ana.token).decode(OfflineAssignmentsAnswer.self).assignments.first)
            #expect(fourth.assignment.userRating == 5 && fourth.assignment.status == .completed)
            let history = try await api.send(.get, "/api/v1/challenges/history", token: ana.token)
                .decode(Page<AssignedChallenge>.self)
            #expect(history.items == [fourth], "one assignment for the day")
        }
    }

    @Test(arguments: Backend.allCases)
    func twoDevicesSendingOneDayAtOnce_leaveOneAssignment(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let challenges = try await Self.challengeIDs(api, ana.token)
            let assigned = Self.instant(hoursAgo: 30)
            let day = LocalDay(assigned, in: .gmt)
            let offline = challenges.prefix(2).map { id in
                var item = UserChallenge(userID: ana.id.rawValue, challengeID: id, localDay: day, assignedAt: assigned)
                item.status = .completed
                item.completedDate = assigned.addingTimeInterval(60)
                return item
            }
            async let phone = Self.send([offline[0]], api, ana.token)
            async let laptop = Self.send([offline[1]], api, ana.token)
            let answers = try await [phone, laptop].map { try $0.decode(OfflineAssignmentsAnswer.self).assignments }
            #expect(answers[0] == answers[1], "both devices are told the one that stands")
            let history = try await api.send(.get, "/api/v1/challenges/history", token: ana.token)
                .decode(Page<AssignedChallenge>.self)
            #expect(history.items.count == 1 && history.items == answers[0])
        }
    }

    @Test(arguments: Backend.allCases)
    func badOfflineAssignments_areRefusedTyped_andChangeNothing(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let challenge = try await Self.challengeIDs(api, ana.token)[0]
            let assigned = Self.instant(hoursAgo: 3)
            let base = UserChallenge(
                userID: ana.id.rawValue, challengeID: challenge, localDay: LocalDay(assigned, in: .gmt),
                assignedAt: assigned)
            func changed(_ change: (inout UserChallenge) -> Void) -> UserChallenge {
                var item = base
                change(&item)
                return item
            }
            let bensPhoto = try await api.upload(try GeneratedMedia.png(width: 8, height: 8), token: ben.token)
                .decode(AssetResponse.self)
            let text = try await api.upload(Data("words".utf8), token: ana.token, contentType: "text/plain")
                .decode(AssetResponse.self)
            let completedBase = changed {
                $0.status = .completed
                $0.completedDate = assigned.addingTimeInterval(60)
            }
            let cases: [(String, [UserChallenge], String)] = [
                ("someone else's", [changed { $0.userID = ben.id.rawValue }], "assignments[0].userID"),
                ("no such challenge", [changed { $0.challengeID = "no-such-challenge" }], "assignments[0].challengeID"),
                (
                    "in the future", [changed { $0.assignedDate = Date().addingTimeInterval(3600) }],
                    "assignments[0].assignedDate"
                ),
                (
                    "a day far from its time", [changed { $0.localDay = $0.localDay.adding(days: 5) }],
                    "assignments[0].localDay"
                ),
                ("completed without a date", [changed { $0.status = .completed }], "assignments[0].completedDate"),
                ("a date of another status", [changed { $0.skippedDate = assigned }], "assignments[0].skippedDate"),
                (
                    "completed before assigned",
                    [
                        changed {
                            $0.status = .completed
                            $0.completedDate = assigned.addingTimeInterval(-60)
                        }
                    ], "assignments[0].completedDate"
                ),
                ("rated while assigned", [changed { $0.userRating = 3 }], "assignments[0].userRating"),
                (
                    "rated 6",
                    [
                        changed {
                            $0 = completedBase
                            $0.userRating = 6
                        }
                    ], "assignments[0].userRating"
                ),
                (
                    "notes too long",
                    [
                        changed {
                            $0 = completedBase
                            $0.userNotes = String(repeating: "n", count: UserChallenge.notesLimit + 1)
                        }
                    ], "assignments[0].userNotes"
                ),
                (
                    "Ben's photo",
                    [
                        changed {
                            $0 = completedBase
                            $0.photoAssetID = bensPhoto.sha256
                        }
                    ], "assignments[0].photoAssetID"
                ),
                ("two for one day", [base, changed { $0.id = UUID() }], "assignments"),
                ("none", [], "assignments"),
                (
                    "too many",
                    (0...ChallengeLimits.list.upperBound).map { days in
                        UserChallenge(
                            userID: ana.id.rawValue, challengeID: challenge,
                            localDay: base.localDay.adding(days: -days),
                            assignedAt: assigned)
                    }, "assignments"
                ),
            ]
            for (name, items, field) in cases {
                let refused = try await Self.send(items, api, ana.token)
                #expect(
                    refused.status == .badRequest && refused.errorField == field, "\(name): \(refused.errorField ?? "")"
                )
            }
            let notImage = try await Self.send(
                [
                    changed {
                        $0 = completedBase
                        $0.photoAssetID = text.sha256
                    }
                ], api, ana.token)
            #expect(notImage.status == .badRequest && notImage.errorCode == "photo_save_failed")
            for malformed in ["{}", "[]", #"{"assignments": [{"id": 5}]}"#, #"{"assignments": "x"}"#, "{"] {
                let refused = try await api.send(.post, "/api/v1/challenges/history", token: ana.token, raw: malformed)
                #expect(refused.status == .badRequest, "\(malformed)")
            }
            #expect(try await api.store.allAssignments(of: ana.id.rawValue).isEmpty, "nothing was kept")
        }
    }

    // MARK: - Helpers

    private static func send(_ assignments: [UserChallenge], _ api: APIClient, _ token: String) async throws
        -> APIResult
    {
        try await api.send(
            .post, "/api/v1/challenges/history", token: token, json: OfflineAssignmentsRequest(assignments: assignments)
        )
    }

    private static func challengeIDs(_ api: APIClient, _ token: String) async throws -> [String] {
        try await api.send(.get, "/api/v1/challenges/search?limit=10", token: token).decode(Page<Challenge>.self)
            .items.map(\.id)
    }

    /// An instant `hours` ago, to the store's precision (milliseconds), so that it reads back equal.
    private static func instant(hoursAgo hours: Double) -> Date {
        let seconds = Date().timeIntervalSince1970 - hours * 3600
        return Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000)
    }
}
