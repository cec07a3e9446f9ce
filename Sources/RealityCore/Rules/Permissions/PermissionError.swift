/// An action refused because the user's effective level (or plan) does not allow it (SPEC M3, S3).
///
/// `notFound` means the user may not even view the item: callers answer as if it did not exist
/// (404), so that refusals do not reveal what exists. The others mean the user can see the item
/// but may not do this to it (403).
public enum PermissionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The user may not view the item, so it does not exist for them.
    case notFound
    /// Commenting and reacting need commenter or above.
    case cannotComment
    /// Changing the item needs editor or above.
    case cannotEdit
    /// Deleting the item needs owner.
    case cannotDelete
    /// Sharing the item needs editor or above.
    case cannotShare
    /// Only the item's owner may do this.
    case notOwner
    /// A user may grant at most their own level, which is the associated value.
    case cannotGrantAboveOwnLevel(PermissionLevel)
    /// A user may not remove or lower a grant above their own level, which is the associated value.
    case cannotRevokeAboveOwnLevel(PermissionLevel)
    /// The item's owner already has every right; a grant to them would mean nothing.
    case cannotGrantToOwner
    /// A user may not grant to themselves (it could only turn an expiring or inherited grant
    /// into a lasting one).
    case cannotGrantToSelf
    /// The granter's plan does not allow sharing.
    case sharingNotAllowedOnTier(SubscriptionTier)
    /// The owner of the layer is on a plan without sharing (a paid plan lapsed): what they shared
    /// stays readable, and only they may change it (docs/seed-fixes.md).
    case ownerPlanDoesNotShare

    /// The error that refuses `capability` to a user who can view the item; ``notFound`` for
    /// `.view` itself.
    public static func denying(_ capability: Capability) -> PermissionError {
        switch capability {
        case .view: .notFound
        case .comment: .cannotComment
        case .edit: .cannotEdit
        case .delete: .cannotDelete
        case .share: .cannotShare
        }
    }

    /// A stable snake_case code for APIs and scripts.
    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .cannotComment: "cannot_comment"
        case .cannotEdit: "cannot_edit"
        case .cannotDelete: "cannot_delete"
        case .cannotShare: "cannot_share"
        case .notOwner: "not_owner"
        case .cannotGrantAboveOwnLevel: "cannot_grant_above_own_level"
        case .cannotRevokeAboveOwnLevel: "cannot_revoke_above_own_level"
        case .cannotGrantToOwner: "cannot_grant_to_owner"
        case .cannotGrantToSelf: "cannot_grant_to_self"
        case .sharingNotAllowedOnTier: "sharing_not_allowed_on_tier"
        case .ownerPlanDoesNotShare: "owner_plan_does_not_share"
        }
    }

    /// What went wrong, for a person.
    public var message: String {
        switch self {
        case .notFound: "Not found."
        case .cannotComment: "You need commenter access or above to comment on this."
        case .cannotEdit: "You need editor access or above to change this."
        case .cannotDelete: "Only the owner can delete this."
        case .cannotShare: "You need editor access or above to share this."
        case .notOwner: "Only the owner can do this."
        case .cannotGrantAboveOwnLevel(let own):
            "You can grant at most your own access level (\(own.rawValue))."
        case .cannotRevokeAboveOwnLevel(let own):
            "You cannot remove or lower access above your own level (\(own.rawValue))."
        case .cannotGrantToOwner: "The owner already has full access."
        case .cannotGrantToSelf: "You cannot grant access to yourself."
        case .sharingNotAllowedOnTier(let tier):
            "Sharing is not available on the \(tier.rawValue) plan; upgrade to share."
        case .ownerPlanDoesNotShare:
            "The owner's plan no longer includes sharing: what they shared stays readable, but only they can change it."
        }
    }

    public var description: String { message }
}
