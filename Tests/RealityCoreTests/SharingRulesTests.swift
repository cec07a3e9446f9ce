import Foundation
import Testing

@testable import RealityCore

@Suite struct SharingRulesTests {
    static let owner = Fixtures.ownerID
    static let granter = Fixtures.friendID
    static let grantee = Fixtures.strangerID

    /// A grant by `granter` (or the owner, when `byOwner`) to `to`.
    static func grant(
        as granterLevel: PermissionLevel?, level: PermissionLevel, tier: SubscriptionTier = .plus,
        to target: UserID = grantee, byOwner: Bool = false, replacing existing: PermissionLevel? = nil
    ) throws(PermissionError) {
        try SharingRules.checkGrant(
            granter: byOwner ? owner : granter, granterLevel: granterLevel, grantee: target, level: level,
            ownerID: owner, tier: tier, replacing: existing)
    }

    // MARK: - Granting

    @Test(arguments: [
        (PermissionLevel.editor, PermissionLevel.viewer), (.editor, .commenter), (.editor, .editor),
        (.owner, .viewer), (.owner, .editor), (.owner, .owner),
    ])
    func sharer_mayGrantUpToTheirOwnLevel(own: PermissionLevel, level: PermissionLevel) throws {
        try Self.grant(as: own, level: level)
    }

    @Test(arguments: [(PermissionLevel.editor, PermissionLevel.owner)])
    func sharer_mayNotGrantAboveTheirOwnLevel_soOnlyOwnersGrantOwner(own: PermissionLevel, level: PermissionLevel) {
        #expect(throws: PermissionError.cannotGrantAboveOwnLevel(own)) { try Self.grant(as: own, level: level) }
    }

    @Test func userWhoCannotSeeTheItem_getsNotFound() {
        #expect(throws: PermissionError.notFound) { try Self.grant(as: nil, level: .viewer) }
    }

    @Test(arguments: [PermissionLevel.viewer, .commenter])
    func viewersAndCommenters_cannotShare(own: PermissionLevel) {
        #expect(throws: PermissionError.cannotShare) { try Self.grant(as: own, level: .viewer) }
    }

    @Test(arguments: SubscriptionTier.allCases)
    func sharing_needsAPlanThatAllowsIt(tier: SubscriptionTier) {
        let allowed = tier != .free
        #expect(TierLimits.of(tier).canShare == allowed)
        let outcome = permissionOutcome { () throws(PermissionError) in
            try Self.grant(as: .owner, level: .viewer, tier: tier, byOwner: true)
        }
        #expect(outcome == (allowed ? nil : .sharingNotAllowedOnTier(tier)))
    }

    @Test func freeEditor_cannotShare_anItemAPaidOwnerShared() {
        // It is the granter's plan that counts, not the owner's.
        #expect(throws: PermissionError.sharingNotAllowedOnTier(.free)) {
            try Self.grant(as: .editor, level: .viewer, tier: .free)
        }
    }

    @Test(arguments: PermissionLevel.allCases)
    func grantToTheOwner_isRefused(level: PermissionLevel) {
        #expect(throws: PermissionError.cannotGrantToOwner) {
            try Self.grant(as: .editor, level: level, to: Self.owner)
        }
        #expect(throws: PermissionError.cannotGrantToOwner) {
            try Self.grant(as: .owner, level: level, to: Self.owner, byOwner: true)
        }
    }

    @Test func grantToSelf_isRefused() {
        #expect(throws: PermissionError.cannotGrantToSelf) {
            try Self.grant(as: .editor, level: .editor, to: Self.granter)
        }
    }

    @Test(arguments: [
        (PermissionLevel.editor, PermissionLevel.viewer, PermissionError?.none),
        (.editor, .editor, nil), (.editor, .owner, .cannotRevokeAboveOwnLevel(.editor)), (.owner, .owner, nil),
    ])
    func replacingAGrant_mayNotLowerOneAboveTheGrantersLevel(
        own: PermissionLevel, existing: PermissionLevel, error: PermissionError?
    ) {
        let outcome = permissionOutcome { () throws(PermissionError) in
            try Self.grant(as: own, level: .viewer, replacing: existing)
        }
        #expect(outcome == error)
    }

    @Test func checks_runInDocumentedOrder() {
        // A viewer on the free plan granting owner to the owner: the missing share right is named first.
        #expect(throws: PermissionError.cannotShare) {
            try Self.grant(as: .viewer, level: .owner, tier: .free, to: Self.owner)
        }
        // An editor on the free plan granting owner to the owner: the plan comes next.
        #expect(throws: PermissionError.sharingNotAllowedOnTier(.free)) {
            try Self.grant(as: .editor, level: .owner, tier: .free, to: Self.owner)
        }
        // On a paid plan: the grantee before the level.
        #expect(throws: PermissionError.cannotGrantToOwner) {
            try Self.grant(as: .editor, level: .owner, to: Self.owner)
        }
    }

    // MARK: - Revoking

    static func revoke(
        as revokerLevel: PermissionLevel?, grantLevel: PermissionLevel, revoker: UserID = granter,
        grantee: UserID = grantee
    ) throws(PermissionError) {
        try SharingRules.checkRevoke(
            revoker: revoker, revokerLevel: revokerLevel, grantee: grantee, grantLevel: grantLevel)
    }

    @Test(arguments: [
        (PermissionLevel.editor, PermissionLevel.viewer), (.editor, .editor), (.owner, .owner), (.owner, .viewer),
    ])
    func sharer_mayRevokeGrantsUpToTheirOwnLevel(own: PermissionLevel, grantLevel: PermissionLevel) throws {
        try Self.revoke(as: own, grantLevel: grantLevel)
    }

    @Test func editor_mayNotRevokeAnOwnerGrant() {
        #expect(throws: PermissionError.cannotRevokeAboveOwnLevel(.editor)) {
            try Self.revoke(as: .editor, grantLevel: .owner)
        }
    }

    @Test(arguments: [PermissionLevel.viewer, .commenter])
    func viewersAndCommenters_cannotRevokeOthers(own: PermissionLevel) {
        #expect(throws: PermissionError.cannotShare) { try Self.revoke(as: own, grantLevel: .viewer) }
    }

    @Test func userWhoCannotSeeTheItem_cannotRevoke_andGetsNotFound() {
        #expect(throws: PermissionError.notFound) { try Self.revoke(as: nil, grantLevel: .viewer) }
    }

    @Test(arguments: [PermissionLevel?.none, .viewer, .commenter, .editor, .owner])
    func anyone_mayRevokeTheirOwnGrant_toLeaveAShare(own: PermissionLevel?) throws {
        try Self.revoke(as: own, grantLevel: .owner, revoker: Self.grantee)
    }
}
