import Testing

@testable import RealityCore

@Suite struct TierLimitsTests {
    static let mebibyte: Int64 = 1 << 20
    static let gibibyte: Int64 = 1 << 30
    static let paid: [SubscriptionTier] = [.plus, .family, .pro]

    // MARK: - Counts and sharing

    @Test func free_allows25Annotations1LayerAndNoSharing() {
        let free = TierLimits.of(.free)
        #expect(free.maxAnnotations == 25)
        #expect(free.maxLayers == 1)
        #expect(!free.canShare)
        #expect(SubscriptionTier.free.limits == free)
    }

    @Test(arguments: [(0, true), (24, true), (25, false), (26, false), (Int.max, false)])
    func free_allowsAnotherAnnotationOnlyBelow25(owning: Int, allowed: Bool) {
        #expect(TierLimits.of(.free).allowsAnotherAnnotation(owning: owning) == allowed)
    }

    @Test(arguments: [(0, true), (1, false), (2, false)])
    func free_allowsASecondLayerNever(owning: Int, allowed: Bool) {
        #expect(TierLimits.of(.free).allowsAnotherLayer(owning: owning) == allowed)
    }

    @Test(arguments: paid)
    func paidTiers_areUnlimitedAndMayShare(tier: SubscriptionTier) {
        let limits = tier.limits
        #expect(limits.maxAnnotations == nil)
        #expect(limits.maxLayers == nil)
        #expect(limits.canShare)
        for count in [0, 25, 1_000_000, Int.max] {
            #expect(limits.allowsAnotherAnnotation(owning: count))
            #expect(limits.allowsAnotherLayer(owning: count))
        }
    }

    // MARK: - Storage

    @Test(arguments: [
        (SubscriptionTier.free, 100 * mebibyte), (.plus, 10 * gibibyte), (.family, 50 * gibibyte),
        (.pro, 200 * gibibyte),
    ])
    func eachTier_hasItsStorageQuota(tier: SubscriptionTier, bytes: Int64) {
        #expect(tier.limits.maxStorageBytes == bytes)
    }

    @Test func quotas_growWithTheTier() {
        let quotas = SubscriptionTier.allCases.map(\.limits.maxStorageBytes)
        #expect(quotas == quotas.sorted())
        #expect(Set(quotas).count == quotas.count)
    }

    /// `(used, adding, allowed)` against the free quota of 100 MiB.
    @Test(arguments: [
        (Int64(0), Int64(0), true),
        (0, 100 * mebibyte, true),
        (0, 100 * mebibyte + 1, false),
        (100 * mebibyte - 1, 1, true),
        (100 * mebibyte - 1, 2, false),
        (100 * mebibyte, 0, true),
        (100 * mebibyte, 1, false),
        (100 * mebibyte + 1, 0, false),
        (50 * mebibyte, 50 * mebibyte, true),
        (0, -1, false),
        (10, Int64.min, false),
        (0, Int64.max, false),
        (1, Int64.max, false),
        (100 * mebibyte, Int64.max, false),
        (Int64.max, 0, false),
        (Int64.max, 1, false),
        (Int64.max, Int64.max, false),
    ])
    func storage_allowsExactlyUpToTheQuota_withoutOverflow(used: Int64, adding: Int64, allowed: Bool) {
        #expect(TierLimits.of(.free).allowsStorage(used: used, adding: adding) == allowed)
    }

    @Test(arguments: SubscriptionTier.allCases)
    func storage_atEveryTier_fillsExactlyToTheQuota(tier: SubscriptionTier) {
        let limits = tier.limits
        let quota = limits.maxStorageBytes
        #expect(limits.allowsStorage(used: 0, adding: quota))
        #expect(limits.allowsStorage(used: quota - 1, adding: 1))
        #expect(!limits.allowsStorage(used: quota, adding: 1))
        #expect(!limits.allowsStorage(used: 1, adding: Int64.max))
        #expect(!limits.allowsStorage(used: Int64.max, adding: Int64.max))
    }

    // MARK: - Reporting

    @Test(arguments: SubscriptionTier.allCases)
    func usageLimits_reportTheSameNumbers(tier: SubscriptionTier) {
        let limits = tier.limits
        let reported = limits.usageLimits
        #expect(reported.maxAnnotations == limits.maxAnnotations)
        #expect(reported.maxLayers == limits.maxLayers)
        #expect(reported.maxStorage == limits.maxStorageBytes)
        #expect(reported.canShare == limits.canShare)
    }
}
