/// Who may grant and revoke access to an annotation or a layer (SPEC M3, M7, S3): pure checks that
/// the device and the server share. The caller resolves the acting user's effective level first
/// (``PermissionResolver``) and passes it in.
///
/// Granting, in the order checked:
/// 1. the granter must be able to see the item, else ``PermissionError/notFound``;
/// 2. the granter must be able to share it (editor or above), else ``PermissionError/cannotShare``;
/// 3. the **granter's** plan must allow sharing (``TierLimits/canShare``; the free plan does not),
///    else ``PermissionError/sharingNotAllowedOnTier(_:)``: whoever shares is the one using the
///    feature, whoever owns the item;
/// 4. the grantee must not be the item's owner, who already has every right;
/// 5. the grantee must not be the granter: a self-grant could only turn an inherited or expiring
///    grant into a lasting one;
/// 6. the level granted must be at most the granter's own, so only an owner may grant `.owner`;
/// 7. when the grant replaces one the grantee already holds on the item, that one too must be at
///    most the granter's level: lowering a grant is removing it.
///
/// Revoking needs the same sharing right and the same ceiling (a user cannot remove a grant above
/// their own level), except that anyone may revoke their own grant: leaving a share needs no
/// rights. Revoking never depends on the plan, so that a user whose plan lapsed to free can still
/// take back what they shared.
public enum SharingRules {
    /// Checks that `granter`, whose effective level on the item is `granterLevel`, may grant
    /// `level` to `grantee` on an item owned by `ownerID`, under the granter's plan `tier` (the
    /// plan in force: a lapsed paid plan is passed as `.free`). `existingLevel` is the level of
    /// the grantee's direct grant on the item that this one replaces, if any.
    public static func checkGrant(
        granter: UserID,
        granterLevel: PermissionLevel?,
        grantee: UserID,
        level: PermissionLevel,
        ownerID: UserID,
        tier: SubscriptionTier,
        replacing existingLevel: PermissionLevel? = nil
    ) throws(PermissionError) {
        let own = try sharingAllowed(granterLevel, tier)
        guard grantee != ownerID else { throw .cannotGrantToOwner }
        guard grantee != granter else { throw .cannotGrantToSelf }
        guard level <= own else { throw .cannotGrantAboveOwnLevel(own) }
        if let existingLevel, existingLevel > own { throw .cannotRevokeAboveOwnLevel(own) }
    }

    /// The rules of ``checkGrant(granter:granterLevel:grantee:level:ownerID:tier:replacing:)``
    /// that do not depend on who receives the grant (rules 1 to 3, and the level's ceiling), in
    /// the same order: what an invitation to someone without an account yet must pass.
    public static func checkOffer(granterLevel: PermissionLevel?, level: PermissionLevel, tier: SubscriptionTier)
        throws(PermissionError)
    {
        let own = try sharingAllowed(granterLevel, tier)
        guard level <= own else { throw .cannotGrantAboveOwnLevel(own) }
    }

    /// Rules 1 to 3: the granter's own level, which must allow sharing, on a plan that does.
    private static func sharingAllowed(_ granterLevel: PermissionLevel?, _ tier: SubscriptionTier)
        throws(PermissionError) -> PermissionLevel
    {
        let own = try sharingLevel(granterLevel)
        guard tier.limits.canShare else { throw .sharingNotAllowedOnTier(tier) }
        return own
    }

    /// Checks that `revoker`, whose effective level on the item is `revokerLevel` (nil when none),
    /// may remove the grant of `grantLevel` that `grantee` holds on the item.
    public static func checkRevoke(
        revoker: UserID,
        revokerLevel: PermissionLevel?,
        grantee: UserID,
        grantLevel: PermissionLevel
    ) throws(PermissionError) {
        guard revoker != grantee else { return }
        let own = try sharingLevel(revokerLevel)
        guard grantLevel <= own else { throw .cannotRevokeAboveOwnLevel(own) }
    }

    /// The acting user's level when it allows sharing.
    private static func sharingLevel(_ level: PermissionLevel?) throws(PermissionError) -> PermissionLevel {
        guard let level else { throw .notFound }
        guard level.canShare else { throw .cannotShare }
        return level
    }
}
