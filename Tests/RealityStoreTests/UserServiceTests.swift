import Foundation
import RealityCore
import Testing

@testable import RealityStore

@Suite struct UserServiceTests {
    @Test(arguments: StoreKind.allCases)
    func currentUser_hasLiveCounts(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let keep = try await ana.note("keep", in: layer.id)
            let drop = try await ana.note("drop", in: layer.id)
            try await ana.annotations.deleteAnnotation(id: drop.id)
            let user = try await ana.users.getCurrentUser()
            #expect(user.id == ana.userID && user.displayName == "Ana" && user.email == "ana@example.com")
            #expect(user.annotationCount == 1 && user.layerCount == 1)
            _ = keep
        }
    }

    @Test(arguments: StoreKind.allCases)
    func profileAndPreferences_areSaved(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            h.clock.advance(by: 30)
            let renamed = try await ana.users.updateProfile(
                displayName: "  Ana Silva ", avatarURL: URL(string: "https://example.com/a.png"))
            #expect(renamed.displayName == "Ana Silva" && renamed.avatarURL == URL(string: "https://example.com/a.png"))
            #expect(renamed.lastActiveAt == h.clock.now)
            let kept = try await ana.users.updateProfile(displayName: nil, avatarURL: nil)
            #expect(
                kept.displayName == "Ana Silva" && kept.avatarURL == renamed.avatarURL, "nil leaves a field as it is")

            let preferences = UserPreferences(
                defaultLayerColor: .green, showAnnotationsOnStartup: false, enableNotifications: false,
                annotationDisplayDistance: 42, theme: .light, timeZone: "Europe/Lisbon")
            _ = try await ana.users.updatePreferences(preferences)
            let user = try await ana.users.getCurrentUser()
            #expect(user.preferences == preferences)
            #expect(try await h.store.user(id: ana.userID)?.displayName == "Ana Silva")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func subscription_upgradeChangesTheLimits_andUsageReportsThem(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let fay = try await h.user("Fay", tier: .free)
            let layer = try await fay.layer()
            _ = try await fay.note("one", in: layer.id)
            let status = try await fay.users.checkSubscription()
            #expect(status == SubscriptionStatus(tier: .free, expiresAt: nil, isActive: true, canUpgrade: true))
            let free = try await fay.users.getUsageStats()
            #expect(
                free
                    == UsageStats(
                        annotationCount: 1, layerCount: 1, storageUsed: 0, limits: TierLimits.of(.free).usageLimits))
            #expect(free.limits.maxAnnotations == 25 && free.limits.maxLayers == 1 && !free.limits.canShare)

            try await fay.users.upgradeSubscription(to: .plus)
            #expect(try await fay.users.checkSubscription().tier == .plus)
            let plus = try await fay.users.getUsageStats()
            #expect(plus.limits == TierLimits.of(.plus).usageLimits && plus.limits.maxAnnotations == nil)
            _ = try await fay.layer("Second layer, now allowed")
            try await fay.users.upgradeSubscription(to: .pro)
            #expect(try await fay.users.checkSubscription().canUpgrade == false)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aLapsedPaidPlan_isInactive_andCountsAsFree(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ben = try await h.user("Ben")
            var lapsing = try await ben.users.getCurrentUser()
            lapsing.subscriptionExpiresAt = h.clock.now.addingTimeInterval(60)
            try await h.store.commit(ChangeSet(changes: [.saveUser(lapsing)]))
            let ana = try await h.user("Ana")
            let layer = try await ben.layer()
            let note = try await ben.note("n", in: layer.id)
            #expect(try await ben.users.checkSubscription().isActive)
            h.clock.advance(by: 60)
            let status = try await ben.users.checkSubscription()
            #expect(status.tier == .plus && !status.isActive)
            #expect(
                try await ben.users.getUsageStats().limits == TierLimits.of(.free).usageLimits, "the limits in force")
            await #expect(throws: PermissionError.sharingNotAllowedOnTier(.free)) {
                _ = try await ben.permissions.grantPermission(
                    to: ana.userID, level: .viewer, for: note.id, expiresAt: nil)
            }
            await #expect(throws: TierLimitError.layerLimitReached(limit: 1, tier: .free)) {
                _ = try await ben.layer("Two")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAccount_isNotFound(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ghost = try await h.services(for: UserID())
            await #expect(throws: ServiceError.self) { _ = try await ghost.users.getCurrentUser() }
            await #expect(throws: ServiceError.self) { _ = try await ghost.layer() }
            #expect(try await h.store.count("layers") == 0)
        }
    }
}
