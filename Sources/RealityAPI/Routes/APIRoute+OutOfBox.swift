import OutOfBoxCore

extension APIRoute {
    // Out of Box (seed 004, issue 21): the daily challenge, under `/api/v1/challenges`, and the
    // person's stats and preferences at the seed's `/api/v1/user/…` paths.

    /// `GET /api/v1/challenges/today`: today's challenge, assigned on first asking.
    public static let todaysChallenge = APIRoute(
        .get, "/api/v1/challenges/today", summary: "Today's challenge, in the person's time zone", tag: "challenges",
        query: [.timeZone], answer: .json(AssignedChallenge.self))
    /// `GET /api/v1/challenges`: challenges the person could do today.
    public static let availableChallenges = APIRoute(
        .get, "/api/v1/challenges", summary: "Challenges within the person's preferences today", tag: "challenges",
        query: [.count], answer: .page(Challenge.self))
    /// `GET /api/v1/challenges/search`: the catalog by words and ``ChallengeFilters``.
    public static let searchChallenges = APIRoute(
        .get, "/api/v1/challenges/search", summary: "Search the catalog", tag: "challenges",
        query: [
            .q, .category, .maxTime, .maxCost, .social, .minDifficulty, .maxDifficulty, .location, .excludeCompleted,
            .challengeLimit,
        ], answer: .page(Challenge.self))
    /// `GET /api/v1/challenges/history`: the person's assignments, newest day first.
    public static let challengeHistory = APIRoute(
        .get, "/api/v1/challenges/history", summary: "The person's challenges, newest first", tag: "challenges",
        query: [.challengeLimit, .before], answer: .page(AssignedChallenge.self))
    /// `POST /api/v1/challenges/history`: assignments a device made or changed offline, kept under
    /// `OfflineAssignment`'s rule; answers what stands for each day.
    public static let keepOfflineAssignments = APIRoute(
        .post, "/api/v1/challenges/history", summary: "Bring in assignments made offline on a device",
        tag: "challenges", body: .json(OfflineAssignmentsRequest.self), answer: .json(OfflineAssignmentsAnswer.self))
    /// `GET /api/v1/challenges/catalog`: the catalog's changes since a generation, for a device's copy.
    public static let challengeCatalog = APIRoute(
        .get, "/api/v1/challenges/catalog", summary: "The catalog's changes since a generation (all without one)",
        tag: "challenges", query: [.catalogSince], answer: .json(CatalogChanges.self))
    /// `GET /api/v1/challenges/{id}`.
    public static let challenge = APIRoute(
        .get, "/api/v1/challenges/{id}", summary: "One challenge", tag: "challenges", answer: .json(Challenge.self),
        textParameters: ["id"])
    /// `POST /api/v1/challenges/{id}/complete`.
    public static let completeChallenge = APIRoute(
        .post, "/api/v1/challenges/{id}/complete", summary: "Complete a challenge, once, with a photo and notes",
        tag: "challenges", body: .json(CompleteChallengeRequest.self), answer: .json(AssignedChallenge.self),
        textParameters: ["id"])
    /// `POST /api/v1/challenges/{id}/skip`.
    public static let skipChallenge = APIRoute(
        .post, "/api/v1/challenges/{id}/skip", summary: "Skip a challenge, with a reason", tag: "challenges",
        body: .json(SkipChallengeRequest.self), answer: .json(AssignedChallenge.self), textParameters: ["id"])
    /// `POST /api/v1/challenges/{id}/rate`.
    public static let rateChallenge = APIRoute(
        .post, "/api/v1/challenges/{id}/rate", summary: "Rate a completed challenge, 1 to 5", tag: "challenges",
        body: .json(RateChallengeRequest.self), answer: .json(AssignedChallenge.self), textParameters: ["id"])
    /// `GET /api/v1/user/profile`: the person's name and picture with their streaks (the seed's path;
    /// `PATCH /api/v1/me` changes the name and picture).
    public static let challengeProfile = APIRoute(
        .get, "/api/v1/user/profile", summary: "The person's Out of Box profile", tag: "challenges",
        answer: .json(ChallengeProfile.self))
    /// `GET /api/v1/user/stats`: streaks and totals.
    public static let challengeStats = APIRoute(
        .get, "/api/v1/user/stats", summary: "The person's streaks and totals", tag: "challenges",
        answer: .json(ChallengeStats.self))
    /// `GET /api/v1/user/preferences` (`restoreUserPreferences`).
    public static let challengePreferences = APIRoute(
        .get, "/api/v1/user/preferences", summary: "The person's Out of Box preferences", tag: "challenges",
        answer: .json(UserPreferencesDTO.self))
    /// `PUT /api/v1/user/preferences` (`backupUserPreferences`).
    public static let saveChallengePreferences = APIRoute(
        .put, "/api/v1/user/preferences", summary: "Back up the person's Out of Box preferences",
        tag: "challenges", body: .json(UserPreferencesDTO.self), answer: .json(UserPreferencesDTO.self))
    /// `GET /api/v1/challenges/model`: what the personalization engine knows of the person (issue 22).
    public static let challengeModel = APIRoute(
        .get, "/api/v1/challenges/model", summary: "What the personalization engine knows of the person",
        tag: "challenges", answer: .json(PersonalizationReport.self))
    /// `DELETE /api/v1/challenges/model`: forget what the engine learned; it learns afresh from now.
    public static let resetChallengeModel = APIRoute(
        .delete, "/api/v1/challenges/model", summary: "Reset the personalization engine's model of the person",
        tag: "challenges", answer: .json(PersonalizationReport.self))
    /// `GET /api/v1/analytics/recommendations`: challenges for today by the engine, with reasons.
    public static let recommendations = APIRoute(
        .get, "/api/v1/analytics/recommendations", summary: "Challenges the engine recommends today, with reasons",
        tag: "challenges", query: [.count], answer: .page(Recommendation.self))
    /// `GET /api/v1/analytics/insights`: the person's week against their own past.
    public static let insights = APIRoute(
        .get, "/api/v1/analytics/insights", summary: "The person's week: streak, categories, best hour, change",
        tag: "challenges", answer: .json(ChallengeInsights.self))
    /// `GET /api/v1/challenges/reminders`: the person's reminders of the last week and to come.
    public static let reminders = APIRoute(
        .get, "/api/v1/challenges/reminders", summary: "The person's reminders, past week and to come",
        tag: "challenges", answer: .page(ChallengeReminder.self))
    /// `POST /api/v1/challenges/reminders`: daily reminders for the next days, at the engine's hour.
    public static let scheduleReminders = APIRoute(
        .post, "/api/v1/challenges/reminders", summary: "Schedule daily reminders in the person's window",
        tag: "challenges", body: .json(ScheduleRemindersRequest.self), answer: .page(ChallengeReminder.self))
    /// `POST /api/v1/challenges/reminders/random`: one reminder at a random time in the window.
    public static let scheduleRandomReminder = APIRoute(
        .post, "/api/v1/challenges/reminders/random", summary: "Schedule one reminder at a random time in the window",
        tag: "challenges", answer: .json(ChallengeReminder.self))
    /// `DELETE /api/v1/challenges/reminders/{id}`: cancel one.
    public static let cancelReminder = APIRoute(
        .delete, "/api/v1/challenges/reminders/{id}", summary: "Cancel a scheduled reminder", tag: "challenges",
        status: 204, answer: .empty)
    /// `DELETE /api/v1/challenges/reminders`: cancel all.
    public static let cancelReminders = APIRoute(
        .delete, "/api/v1/challenges/reminders", summary: "Cancel every scheduled reminder", tag: "challenges",
        answer: .json(CancelledReminders.self))
    /// `POST /api/v1/content/report`: report a challenge; hidden from the reporter at once.
    public static let reportContent = APIRoute(
        .post, "/api/v1/content/report", summary: "Report a challenge; it is hidden from you at once",
        tag: "challenges", body: .json(ReportContentRequest.self), status: 201, answer: .json(ContentReport.self))
    /// `POST /api/v1/content/feedback`: tell the makers something.
    public static let contentFeedback = APIRoute(
        .post, "/api/v1/content/feedback", summary: "Send feedback", tag: "challenges",
        body: .json(FeedbackRequest.self), status: 201, answer: .json(ContentFeedback.self))
    /// `GET /api/v1/admin/reports`, with the admin token: the reports in a status, oldest first.
    public static let contentReports = APIRoute(
        .get, "/api/v1/admin/reports", summary: "Content reports, oldest first", tag: "admin", access: .admin,
        query: [.reportStatus, .challengeLimit], answer: .page(ContentReport.self))
    /// `POST /api/v1/admin/reports/{id}/resolve`, with the admin token: dismiss, or retire the challenge.
    public static let resolveReport = APIRoute(
        .post, "/api/v1/admin/reports/{id}/resolve", summary: "Dismiss a report, or retire what it reports",
        tag: "admin", access: .admin, body: .json(ResolveReportRequest.self), answer: .json(ContentReport.self))
    /// `GET /api/v1/admin/feedback`, with the admin token: newest first.
    public static let feedbackList = APIRoute(
        .get, "/api/v1/admin/feedback", summary: "Feedback, newest first", tag: "admin", access: .admin,
        query: [.challengeLimit], answer: .page(ContentFeedback.self))
    /// `POST /api/v1/admin/challenges`, with the admin token: add, change or retire challenges.
    public static let importChallenges = APIRoute(
        .post, "/api/v1/admin/challenges", summary: "Import challenges into the catalog", tag: "admin",
        access: .admin, body: .json(CatalogFile.self), answer: .json(CatalogImportReport.self))

    /// `GET /api/v1/app/configuration`: feature flags, the oldest client served, the catalog version;
    /// public, so that a client reads it before signing in.
    public static let appConfiguration = APIRoute(
        .get, "/api/v1/app/configuration", summary: "The app configuration", tag: "challenges", access: .anonymous,
        answer: .json(AppConfiguration.self))
    /// `PUT /api/v1/admin/app/configuration`, with the admin token.
    public static let setAppConfiguration = APIRoute(
        .put, "/api/v1/admin/app/configuration", summary: "Set feature flags and the oldest client served",
        tag: "admin", access: .admin, body: .json(AppConfigurationUpdate.self), answer: .json(AppConfiguration.self))

    /// Out of Box's routes, in the order the server registers them.
    public static let outOfBoxRoutes = [
        todaysChallenge, availableChallenges, searchChallenges, challengeHistory, keepOfflineAssignments,
        challengeCatalog,
        challenge,
        completeChallenge,
        skipChallenge, rateChallenge, challengeProfile, challengeStats, challengePreferences, saveChallengePreferences,
        challengeModel, resetChallengeModel, recommendations, insights, reminders, scheduleReminders,
        scheduleRandomReminder, cancelReminder, cancelReminders, reportContent, contentFeedback, contentReports,
        resolveReport, feedbackList, importChallenges, appConfiguration,
        setAppConfiguration,
    ]
}

extension APIRoute.QueryParameter {
    // MARK: - Out of Box

    /// `timeZone`: the person's IANA zone, adopted when they have none saved.
    public static let timeZone = Self(
        name: "timeZone", type: "string", description: "An IANA zone, kept as the person's when none is saved.")
    /// `count` of the challenges available today.
    public static let count = pageSize(APIRoute.PageSize(ChallengeLimits.list, default: 10), name: "count")
    /// `limit` of challenge lists.
    public static let challengeLimit = pageSize(APIRoute.PageSize(ChallengeLimits.list, default: 20))
    /// `before`: a local day, `YYYY-MM-DD`; history before it.
    public static let before = Self(
        name: "before", type: "string", description: "A day, YYYY-MM-DD: assignments before it.", format: "date")
    /// `since` of the catalog's changes: the generation of the device's copy.
    public static let catalogSince = Self(
        name: "since", type: "integer", description: "The generation of the device's copy (0 or absent: everything).")
    /// `category`: challenge categories.
    public static let category = Self(
        name: "category", type: "string", description: "Categories (repeat or comma-separate).")
    /// `maxTime`: the longest time investment.
    public static let maxTime = Self(name: "maxTime", type: "string", description: "The longest time investment.")
    /// `maxCost`: the highest cost level.
    public static let maxCost = Self(name: "maxCost", type: "string", description: "The highest cost level.")
    /// `social`: social requirements.
    public static let social = Self(
        name: "social", type: "string", description: "Social requirements (repeat or comma-separate).")
    /// `minDifficulty`: the lowest difficulty (``Challenge/difficultyLevels``).
    public static let minDifficulty = Self(
        name: "minDifficulty", type: "integer", description: "The lowest difficulty, \(difficulties).")
    /// `maxDifficulty`: the highest difficulty (``Challenge/difficultyLevels``).
    public static let maxDifficulty = Self(
        name: "maxDifficulty", type: "integer", description: "The highest difficulty, \(difficulties).")
    private static let difficulties =
        "\(Challenge.difficultyLevels.lowerBound) to \(Challenge.difficultyLevels.upperBound)"
    /// `location`: location types.
    public static let location = Self(
        name: "location", type: "string", description: "Location types (repeat or comma-separate).")
    /// `status` of content reports (`open` when absent).
    public static let reportStatus = Self(
        name: "status", type: "string", description: "open (the default), dismissed or actioned.")
    /// `excludeCompleted`: `true` leaves out what the person completed.
    public static let excludeCompleted = Self(
        name: "excludeCompleted", type: "boolean", description: "true leaves out completed challenges.")
}
