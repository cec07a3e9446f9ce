import Foundation
import Testing

@testable import OutOfBoxCore

/// ``OfflineAssignment``'s rule, case by case: what stands when a device's offline assignment meets
/// the server's for the same day, and what the server refuses to take.
@Suite struct OfflineAssignmentTests {
    let person = UUID()
    let assigned = Fixtures.instant("2026-11-20T08:00:00Z")

    func item(_ challengeID: String, at date: Date? = nil, _ change: (inout UserChallenge) -> Void = { _ in })
        -> UserChallenge
    {
        let date = date ?? assigned
        var item = UserChallenge(
            userID: person, challengeID: challengeID, localDay: Fixtures.day("2026-11-20"), assignedAt: date)
        change(&item)
        return item
    }

    func completed(_ item: inout UserChallenge, after seconds: TimeInterval) {
        item.status = .completed
        item.completedDate = item.assignedDate.addingTimeInterval(seconds)
        item.updatedAt = item.completedDate ?? item.updatedAt
    }

    @Test func nothingOnTheServer_theDevicesStands_itsCompletionTimeFromItsTimes() {
        let offline = item("a") {
            completed(&$0, after: 900)
            $0.completionTime = 5
        }
        let standing = OfflineAssignment.standing(server: nil, offline: offline)
        #expect(standing.id == offline.id && standing.status == .completed && standing.completionTime == 900)
    }

    @Test func settledBeatsUnsettled_onTheServersRow_countedFromTheEarlierAssignment() {
        let server = item("a", at: assigned.addingTimeInterval(3600))
        let offline = item("a") { completed(&$0, after: 1800) }
        let standing = OfflineAssignment.standing(server: server, offline: offline)
        #expect(standing.id == server.id && standing.status == .completed)
        #expect(standing.assignedDate == assigned && standing.completionTime == 1800)

        let another = item("b", at: assigned.addingTimeInterval(-600)) {
            $0.status = .skipped
            $0.skippedDate = assigned
            $0.skipReason = .weather
        }
        let skipped = OfflineAssignment.standing(server: server, offline: another)
        #expect(skipped.id == server.id && skipped.challengeID == "b" && skipped.skipReason == .weather)
        #expect(skipped.assignedDate == another.assignedDate, "the challenge done is the device's")
    }

    @Test func theServersSettledStands_butALaterRatingOfTheSameCompletionIsTaken() {
        let server = item("a") { completed(&$0, after: 60) }
        let skipped = item("a") {
            $0.status = .skipped
            $0.skippedDate = assigned
        }
        #expect(OfflineAssignment.standing(server: server, offline: skipped) == server)
        #expect(OfflineAssignment.standing(server: server, offline: item("b") { completed(&$0, after: 5) }) == server)
        let rated = item("a") {
            completed(&$0, after: 60)
            $0.userRating = 5
            $0.updatedAt = assigned.addingTimeInterval(7200)
        }
        let standing = OfflineAssignment.standing(server: server, offline: rated)
        #expect(standing.id == server.id && standing.userRating == 5 && standing.updatedAt == rated.updatedAt)
        var earlier = rated
        earlier.updatedAt = server.updatedAt.addingTimeInterval(-1)
        #expect(OfflineAssignment.standing(server: server, offline: earlier) == server, "an older rating loses")
    }

    @Test func bothOnlyAssigned_theServersStands() {
        let server = item("a")
        #expect(OfflineAssignment.standing(server: server, offline: item("b")) == server)
    }

    @Test func validate_refusesWhatBreaksTheModel_namingTheField() throws {
        let now = assigned.addingTimeInterval(86_400)
        let good = item("a") { completed(&$0, after: 60) }
        try OfflineAssignment.validate(good, at: 0, of: person, now: now)
        let bad: [(UserChallenge, UUID, String)] = [
            (good, UUID(), "assignments[2].userID"),
            (
                item("a", at: now.addingTimeInterval(OfflineAssignment.clockSkew + 1)), person,
                "assignments[2].assignedDate"
            ),
            (
                item("a", at: now.addingTimeInterval(-OfflineAssignment.oldest - 1)) {
                    $0.localDay = LocalDay($0.assignedDate, in: .gmt)
                }, person, "assignments[2].assignedDate"
            ),
            (item("a") { $0.updatedAt = now.addingTimeInterval(3600) }, person, "assignments[2].updatedAt"),
            (item("a") { $0.localDay = Fixtures.day("2026-11-23") }, person, "assignments[2].localDay"),
            (item("a") { $0.status = .skipped }, person, "assignments[2].skippedDate"),
            (item("a") { $0.completedDate = assigned }, person, "assignments[2].completedDate"),
            (item("a") { completed(&$0, after: -1) }, person, "assignments[2].completedDate"),
            (item("a") { $0.skipReason = .other }, person, "assignments[2].skipReason"),
            (item("a") { $0.userRating = 3 }, person, "assignments[2].userRating"),
            (item("a") { $0.userNotes = "x" }, person, "assignments[2].userNotes"),
            (
                item("a") {
                    completed(&$0, after: 1)
                    $0.userRating = 0
                }, person, "assignments[2].userRating"
            ),
        ]
        for (offline, userID, field) in bad {
            do {
                try OfflineAssignment.validate(offline, at: 2, of: userID, now: now)
                Issue.record("taken, though \(field) is wrong")
            } catch ChallengeError.invalid(let named, _) {
                #expect(named == field)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
