import OutOfBoxCore

extension OpenAPIDocument {
    /// The schemas of Out of Box (docs/out-of-box.md), their enumerations read from the model's
    /// cases. Optional fields are left out of a JSON answer when they have no value.
    static var outOfBoxSchemas: [String: Any] {
        // A challenge as its declaration has it; a catalog file's entry is one without its dates,
        // whose `isActive` may be left out (it is then active).
        let challenge = recordSchema(of: Challenge.declaration)
        let dated: Set<String> = ["createdAt", "updatedAt"]
        let catalogEntry = object(
            ((challenge["properties"] as? [String: Any]) ?? [:]).filter { !dated.contains($0.key) },
            required: ((challenge["required"] as? [String]) ?? []).filter { !dated.contains($0) && $0 != "isActive" })
        let day: [String: Any] = ["type": "string", "format": "date"]
        let ordered: [String: Any] = ["type": "array", "items": cases(ChallengeCategory.self)]
        let probability: [String: Any] = ["type": "number", "minimum": 0, "maximum": 1]
        let hours = array(number).merging(["minItems": 24, "maxItems": 24]) { a, _ in a }
        return [
            "Challenge": challenge,
            "UserChallenge": recordSchema(of: UserChallenge.declaration),
            "ChallengeProfile": object(
                [
                    "userID": uuid, "displayName": string, "avatarURL": string, "memberSince": date,
                    "currentStreak": integer, "longestStreak": integer, "totalCompleted": integer,
                ], required: ["userID", "memberSince", "currentStreak", "longestStreak", "totalCompleted"]),
            "CatalogChanges": object(
                ["generation": integer, "challenges": array(ref("Challenge"))], required: ["generation", "challenges"]),
            "AssignedChallenge": object(
                ["assignment": ref("UserChallenge"), "challenge": ref("Challenge")],
                required: ["assignment", "challenge"]),
            "OfflineAssignmentsRequest": object(
                [
                    "assignments": array(ref("UserChallenge")).merging([
                        "minItems": ChallengeLimits.list.lowerBound, "maxItems": ChallengeLimits.list.upperBound,
                    ]) { a, _ in a }
                ], required: ["assignments"]),
            "OfflineAssignmentsAnswer": object(
                ["assignments": array(ref("AssignedChallenge"))], required: ["assignments"]),
            "CompleteChallengeRequest": object(["photoAssetID": assetID, "notes": string]),
            "SkipChallengeRequest": object(["reason": cases(SkipReason.self)]),
            "RateChallengeRequest": object(
                ["rating": bounded(UserChallenge.ratings)], required: ["rating"]),
            "ChallengeStats": object(
                [
                    "currentStreak": integer, "longestStreak": integer, "totalAssigned": integer,
                    "totalCompleted": integer, "totalSkipped": integer, "completionRate": number,
                    "averageRating": number, "averageCompletionTime": number,
                    "completionsByCategory": ["type": "object", "additionalProperties": integer],
                ],
                required: [
                    "currentStreak", "longestStreak", "totalAssigned", "totalCompleted", "totalSkipped",
                    "completionRate", "completionsByCategory",
                ]),
            "UserPreferencesDTO": object(
                [
                    "notificationSettings": object(
                        [
                            "enabled": bool,
                            "timeWindow": object(["start": string, "end": string], required: ["start", "end"]),
                            "timeZone": string,
                        ], required: ["enabled", "timeWindow", "timeZone"]),
                    "challengePreferences": object(
                        [
                            "preferredCategories": ordered, "maxTimeInvestment": cases(TimeInvestment.self),
                            "budgetLevel": cases(CostLevel.self),
                            "socialComfortLevel": bounded(ChallengePreferencesDTO.socialComfortLevels),
                            "difficultyPreference": bounded(Challenge.difficultyLevels),
                            "locationPreferences": array(cases(LocationType.self)),
                        ],
                        required: [
                            "preferredCategories", "maxTimeInvestment", "budgetLevel", "socialComfortLevel",
                            "difficultyPreference", "locationPreferences",
                        ]),
                    "privacySettings": object(
                        [
                            "shareCompletionsWithFriends": bool, "allowAnalytics": bool,
                            "findableBy": cases(SocialAudience.self), "friendRequestsFrom": cases(SocialAudience.self),
                        ],
                        required: ["shareCompletionsWithFriends", "allowAnalytics"]),
                    "appSettings": object(
                        [
                            "theme": cases(AppSettingsDTO.Theme.self),
                            "hemisphere": cases(AppSettingsDTO.Hemisphere.self),
                        ], required: ["theme", "hemisphere"]),
                    "personalization": object(["enabled": bool, "resetAt": date], required: ["enabled"]),
                ],
                required: ["notificationSettings", "challengePreferences", "privacySettings", "appSettings"]),
            "CatalogFile": object(
                ["version": ["type": "integer", "minimum": 1], "challenges": array(catalogEntry)],
                required: ["challenges"]),
            "AppConfiguration": object(
                [
                    "featureFlags": ["type": "object", "additionalProperties": bool], "minimumClientVersion": string,
                    "catalogVersion": integer, "updatedAt": date,
                ], required: ["featureFlags", "minimumClientVersion", "catalogVersion"]),
            "AppConfigurationUpdate": object(
                ["featureFlags": ["type": "object", "additionalProperties": bool], "minimumClientVersion": string],
                required: ["featureFlags", "minimumClientVersion"]),
            "OutOfBoxExport": object(
                [
                    "preferences": ref("UserPreferencesDTO"), "assignments": array(ref("UserChallenge")),
                    "stats": ref("ChallengeStats"), "model": ref("PersonalizationExport"),
                    "reminders": array(ref("ChallengeReminder")), "social": ref("SocialExport"),
                ], required: ["assignments", "stats", "model", "reminders"]),
            "ChallengeInsights": object(
                [
                    "weekStart": day, "weekEnd": day, "assigned": integer, "completed": integer, "skipped": integer,
                    "completionRate": probability, "previousCompletionRate": probability,
                    "change": ["type": "number", "minimum": -1, "maximum": 1], "currentStreak": integer,
                    "categoriesThisWeek": object(
                        Dictionary(uniqueKeysWithValues: ChallengeCategory.allCases.map { ($0.rawValue, integer) }),
                        required: ChallengeCategory.allCases.map(\.rawValue)),
                    "bestHour": ["type": "integer", "minimum": 0, "maximum": 23],
                    "favouriteCategories": array(cases(ChallengeCategory.self)),
                ],
                required: [
                    "weekStart", "weekEnd", "assigned", "completed", "skipped", "completionRate", "currentStreak",
                    "categoriesThisWeek", "favouriteCategories",
                ]),
            "ChallengeReminder": object(
                [
                    "id": uuid, "userID": uuid, "kind": cases(ChallengeReminder.Kind.self), "localDay": day,
                    "dueAt": date, "status": cases(ChallengeReminder.Status.self), "createdAt": date,
                ], required: ["id", "userID", "kind", "localDay", "dueAt", "status", "createdAt"]),
            "ScheduleRemindersRequest": object(["days": bounded(ChallengeReminder.days)], required: ["days"]),
            "CancelledReminders": object(["cancelled": integer], required: ["cancelled"]),
            "ContentReport": object(
                [
                    "id": uuid, "reporterID": uuid, "kind": cases(ContentReport.Kind.self), "targetID": string,
                    "reason": cases(ContentReport.Reason.self), "details": string,
                    "status": cases(ContentReport.Status.self), "createdAt": date, "resolvedAt": date,
                ], required: ["id", "reporterID", "kind", "targetID", "reason", "status", "createdAt"]),
            "ReportContentRequest": object(
                [
                    "kind": cases(ContentReport.Kind.self), "targetID": string,
                    "reason": cases(ContentReport.Reason.self),
                    "details": ["type": "string", "maxLength": ContentReport.detailsLimit],
                ], required: ["kind", "targetID", "reason"]),
            "ContentFeedback": object(
                ["id": uuid, "userID": uuid, "challengeID": string, "message": string, "createdAt": date],
                required: ["id", "userID", "message", "createdAt"]),
            "FeedbackRequest": object(
                [
                    "message": ["type": "string", "minLength": 1, "maxLength": ContentFeedback.messageLimit],
                    "challengeID": string,
                ], required: ["message"]),
            "ResolveReportRequest": object(["action": cases(ModerationAction.self)], required: ["action"]),
            "PersonalizationMetrics": object(
                [
                    "accuracy": probability, "logLoss": number, "totalTrainingData": integer,
                    "lastTrainingDate": date, "modelVersion": string,
                ], required: ["totalTrainingData", "modelVersion"]),
            "PersonalizationReport": object(
                [
                    "enabled": bool, "learning": bool, "resetAt": date, "metrics": ref("PersonalizationMetrics"),
                    "preferredCategories": object(
                        Dictionary(uniqueKeysWithValues: ChallengeCategory.allCases.map { ($0.rawValue, probability) })),
                    "optimalNotificationTime": ["type": "string", "pattern": "^[0-2][0-9]:00$"],
                ], required: ["enabled", "learning", "metrics", "preferredCategories"]),
            "Recommendation": object(
                ["challenge": ref("Challenge"), "probability": probability, "reasons": array(string)],
                required: ["challenge", "probability", "reasons"]),
            "PersonalizationExport": object(
                [
                    "modelVersion": string, "report": ref("PersonalizationReport"),
                    "weights": [
                        "type": "object",
                        "additionalProperties": object(
                            ["mean": number, "variance": number], required: ["mean", "variance"]),
                    ],
                    "limits": object(
                        Dictionary(
                            uniqueKeysWithValues: FeatureGroup.limits.map { group in
                                (
                                    group.rawValue,
                                    object(
                                        Dictionary(uniqueKeysWithValues: group.values.map { ($0, probability) }),
                                        required: group.values)
                                )
                            }), required: FeatureGroup.limits.map(\.rawValue)),
                    "notificationsSent": hours, "notificationsActedOn": hours,
                ],
                required: ["modelVersion", "report", "weights", "limits", "notificationsSent", "notificationsActedOn"]),
            "CatalogImportReport": object(
                ["imported": integer, "catalogVersion": integer], required: ["imported", "catalogVersion"]),
        ]
    }

    /// An integer within `range`, as the model declares it.
    static func bounded(_ range: ClosedRange<Int>) -> [String: Any] {
        ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
    }

    static func cases<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [String: Any]
    where T.RawValue == String {
        enumeration(T.allCases.map(\.rawValue))
    }
}
