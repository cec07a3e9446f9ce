import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box's reminders over HTTP (issue 22), on both backends: scheduled inside the person's
/// window and zone, cancelled one or all, refused when notifications are off or the input is bad,
/// nobody's but the person's; delivered by the job runner into the inbox and the sync feed exactly
/// once, however many runs race, and never outside the window.
@Suite struct ChallengeReminderRouteTests {
    static func enableNotifications(
        _ api: APIClient, _ session: Session, window: TimeWindowDTO, zone: String, enabled: Bool = true
    ) async throws {
        var preferences = try await api.send(.get, "/api/v1/user/preferences", token: session.token).decode(
            UserPreferencesDTO.self)
        preferences.notificationSettings = NotificationSettingsDTO(enabled: enabled, timeWindow: window, timeZone: zone)
        let saved = try await api.send(.put, "/api/v1/user/preferences", token: session.token, json: preferences)
        #expect(saved.status == .ok)
    }

    @Test(arguments: Backend.allCases)
    func reminders_areScheduledInTheWindow_andCancelled(backend: Backend) async throws {
        // No delivery while it runs: near the window's end a random reminder falls due within
        // seconds, and one delivered would free a place under the bound this test counts.
        try await TestServer.run(backend, TrashRouteTests.quietRunner) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let off = try await api.send(
                .post, "/api/v1/challenges/reminders", token: ana.token, json: ScheduleRemindersRequest(days: 3))
            #expect(off.status == .conflict && off.errorCode == "notifications_off")

            let window = TimeWindowDTO(start: "09:00", end: "18:00")
            let zone = try #require(TimeZone(identifier: "America/New_York"))
            try await Self.enableNotifications(api, ana, window: window, zone: zone.identifier)
            let first = try await api.send(
                .post, "/api/v1/challenges/reminders", token: ana.token, json: ScheduleRemindersRequest(days: 3)
            ).decode(Page<ChallengeReminder>.self).items
            let more = try await api.send(
                .post, "/api/v1/challenges/reminders", token: ana.token, json: ScheduleRemindersRequest(days: 5)
            ).decode(Page<ChallengeReminder>.self).items
            let daily = first + more
            #expect(first.count == 3 && more.count == 2, "the first three days keep theirs")
            #expect(Set(daily.map(\.localDay)).count == 5, "one a day")
            for reminder in daily {
                #expect(reminder.kind == .daily && reminder.status == .scheduled && reminder.userID == ana.id.rawValue)
                #expect(ReminderTimes.isInside(reminder.dueAt, window: window, zone: zone))
                #expect(LocalDay(reminder.dueAt, in: zone) == reminder.localDay && reminder.dueAt > Date())
            }
            for bad in [#"{"days": 0}"#, #"{"days": 31}"#, #"{"days": "x"}"#, "{}", "nope"] {
                let refused = try await api.send(.post, "/api/v1/challenges/reminders", token: ana.token, raw: bad)
                #expect(refused.status == .badRequest, "\(bad)")
            }
            let random = try await api.send(.post, "/api/v1/challenges/reminders/random", token: ana.token)
                .decode(ChallengeReminder.self)
            // A bound on what one person keeps scheduled: 5 daily and 1 random now; 54 more random
            // fit, the next is refused.
            for _ in 0..<(ChallengeReminder.scheduledLimit - 6) {
                let more = try await api.send(.post, "/api/v1/challenges/reminders/random", token: ana.token)
                #expect(more.status == .ok)
            }
            let over = try await api.send(.post, "/api/v1/challenges/reminders/random", token: ana.token)
            #expect(over.status == .badRequest && over.errorField == "reminders")
            #expect(
                try await api.send(
                    .post, "/api/v1/challenges/reminders", token: ana.token, json: ScheduleRemindersRequest(days: 30)
                ).errorField == "reminders")
            let extra = try await api.send(.get, "/api/v1/challenges/reminders", token: ana.token).decode(
                Page<ChallengeReminder>.self
            ).items.filter { $0.kind == .random && $0.id != random.id }
            for reminder in extra {
                #expect(
                    try await api.send(.delete, "/api/v1/challenges/reminders/\(reminder.id)", token: ana.token).status
                        == .noContent)
            }
            #expect(random.kind == .random && ReminderTimes.isInside(random.dueAt, window: window, zone: zone))
            let listed = try await api.send(.get, "/api/v1/challenges/reminders", token: ana.token).decode(
                Page<ChallengeReminder>.self)
            #expect(Set(listed.items.filter { $0.status == .scheduled }.map(\.id)) == Set((daily + [random]).map(\.id)))

            // Nobody else's: Bob neither sees nor cancels Ana's.
            #expect(
                try await api.send(.get, "/api/v1/challenges/reminders", token: bob.token).decode(
                    Page<ChallengeReminder>.self
                ).items.isEmpty)
            let notBobs = try await api.send(.delete, "/api/v1/challenges/reminders/\(random.id)", token: bob.token)
            #expect(notBobs.status == .notFound && notBobs.errorCode == "reminder_not_found")
            #expect(
                try await api.send(.delete, "/api/v1/challenges/reminders", token: bob.token).decode(
                    CancelledReminders.self
                ).cancelled == 0)
            for path in ["/api/v1/challenges/reminders", "/api/v1/challenges/reminders/random"] {
                #expect(try await api.send(.post, path, raw: #"{"days": 1}"#).status == .unauthorized)
            }
            #expect(try await api.send(.get, "/api/v1/challenges/reminders").status == .unauthorized)

            let cancelled = try await api.send(.delete, "/api/v1/challenges/reminders/\(random.id)", token: ana.token)
            #expect(cancelled.status == .noContent)
            #expect(
                try await api.send(.delete, "/api/v1/challenges/reminders/\(random.id)", token: ana.token).status
                    == .notFound, "cancelled once")
            #expect(
                try await api.send(.delete, "/api/v1/challenges/reminders/not-a-uuid", token: ana.token).status
                    == .notFound)
            let all = try await api.send(.delete, "/api/v1/challenges/reminders", token: ana.token).decode(
                CancelledReminders.self)
            #expect(all.cancelled == 5)
            let after = try await api.send(.get, "/api/v1/challenges/reminders", token: ana.token).decode(
                Page<ChallengeReminder>.self)
            #expect(after.items.allSatisfy { $0.status == .cancelled } && after.items.count == 60)
            struct WithOutOfBox: Decodable { var outOfBox: OutOfBoxExport }
            let exported = try await api.send(.get, "/api/v1/me/export", token: ana.token).decode(WithOutOfBox.self)
            #expect(exported.outOfBox.reminders.count == 60)
        }
    }

    @Test(arguments: Backend.allCases)
    func dueReminders_areDeliveredOnce_inTheWindow_andMissedOutsideIt(backend: Backend) async throws {
        try await TestServer.run(backend, TrashRouteTests.quietRunner) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let cleo = try await api.register("Cleo")
            let now = Date()
            func clock(_ offset: TimeInterval) -> String {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = .gmt
                let parts = calendar.dateComponents([.hour, .minute], from: now.addingTimeInterval(offset))
                return String(format: "%02d:%02d", parts.hour!, parts.minute!)
            }
            // Ana's window is open now; Bob's notifications are off; Cleo's window opens in three hours.
            try await Self.enableNotifications(
                api, ana, window: TimeWindowDTO(start: clock(-3_600), end: clock(7_200)), zone: "UTC")
            try await Self.enableNotifications(
                api, bob, window: TimeWindowDTO(start: clock(-3_600), end: clock(7_200)), zone: "UTC", enabled: false)
            try await Self.enableNotifications(
                api, cleo, window: TimeWindowDTO(start: clock(10_800), end: clock(14_400)), zone: "UTC")
            // Due a moment ago (made in the store: the routes schedule only what is still ahead).
            let due = [ana, bob, cleo].map { session in
                ChallengeReminder(
                    userID: session.id.rawValue, kind: .random, localDay: LocalDay(now, in: .gmt),
                    dueAt: now.addingTimeInterval(-1), createdAt: now.addingTimeInterval(-60))
            }
            try await api.store.saveReminders(due)

            // Three runs, two of them racing (two instances, or a run repeated after a crash).
            #expect(try await api.store.isJobQueued(.challengeReminder, subject: due[0].id.uuidString.lowercased()))
            try await Self.deliverRacing(api.store, due)

            let inbox = try await api.send(.get, "/api/v1/notifications", token: ana.token).decode(
                Page<AppNotification>.self)
            let reminders = inbox.items.filter { $0.type == .challenge }
            #expect(reminders.map(\.id) == [due[0].id], "delivered once")
            let feed = try await api.pullAll(ana, .private)
            #expect(feed.changes.saved(.notification).contains(due[0].id.uuidString.lowercased()), "to Ana's devices")
            for session in [bob, cleo] {
                let theirs = try await api.send(.get, "/api/v1/notifications", token: session.token).decode(
                    Page<AppNotification>.self)
                #expect(theirs.items.isEmpty, "never outside the window, nor with notifications off")
            }
            let statuses = try await [ana, bob, cleo].asyncMap { session in
                try await api.send(.get, "/api/v1/challenges/reminders", token: session.token).decode(
                    Page<ChallengeReminder>.self
                ).items.map(\.status)
            }
            #expect(statuses == [[.delivered], [.missed], [.missed]])

            // Send-time learning: Ana completes her challenge within the hour after the reminder.
            let today = try await api.send(.get, "/api/v1/challenges/today", token: ana.token).decode(
                AssignedChallenge.self)
            _ = try await api.send(
                .post, "/api/v1/challenges/\(today.challenge.id)/complete", token: ana.token, raw: "{}")
            struct WithOutOfBox: Decodable { var outOfBox: OutOfBoxExport }
            let model = try await api.send(.get, "/api/v1/me/export", token: ana.token).decode(WithOutOfBox.self)
                .outOfBox.model
            let hour = Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: due[0].dueAt).hour!
            #expect(model.notificationsSent[hour] >= 1 && model.notificationsActedOn[hour] >= 1)
        }
    }
}

extension ChallengeReminderRouteTests {
    /// Three runs of each reminder's delivery job over `store`, the first two at once.
    static func deliverRacing(_ store: some ServerStore, _ reminders: [ChallengeReminder]) async throws {
        let job = ChallengeReminderJob(store: store, logger: TestServer.logger)
        for reminder in reminders {
            let claimed = ClaimedJob(
                id: 0, kind: .challengeReminder, subject: reminder.id.uuidString.lowercased(), attempt: 1)
            async let one: Void = job.run(claimed)
            async let two: Void = job.run(claimed)
            _ = try await (one, two)
            try await job.run(claimed)
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
