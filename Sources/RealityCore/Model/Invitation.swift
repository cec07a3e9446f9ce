import Foundation

/// An invitation's identity.
public typealias InvitationID = Identifier<Invitation>

/// A share by email (issue 20): a layer or an annotation offered at a level to whoever holds an
/// email, becoming a grant when that person registers or signs in (at once when they have an
/// account already). It lapses at ``expiresAt`` and can be revoked until it is taken.
public struct Invitation: Codable, Hashable, Sendable, Identifiable {
    /// Its identity.
    public var id: InvitationID
    /// Who invited, and whose rights the grant is given with.
    public var inviterID: UserID
    /// The invited email, normalized as logins are.
    public var email: String
    /// The layer offered, or nil for an annotation.
    public var layerID: LayerID?
    /// The annotation offered, or nil for a layer.
    public var annotationID: AnnotationID?
    /// The level of the grant.
    public var level: PermissionLevel
    /// When the grant, once made, ends; nil for never.
    public var grantExpiresAt: Date?
    /// When it was made.
    public var createdAt: Date
    /// When it lapses if no one takes it.
    public var expiresAt: Date
    /// Where it stands.
    public var status: Status
    /// Who took it, once it is accepted.
    public var acceptedBy: UserID?

    /// Where an invitation stands.
    public enum Status: String, Codable, Hashable, Sendable, CaseIterable {
        /// Waiting for the email's owner.
        case pending
        /// Turned into a grant.
        case accepted
        /// Withdrawn by the inviter.
        case revoked
    }

    /// How long an invitation waits by default: 30 days.
    public static var defaultLifetime: TimeInterval { 30 * 86_400 }

    /// An invitation with the given parts.
    public init(
        id: InvitationID = InvitationID(), inviterID: UserID, email: String, layerID: LayerID? = nil,
        annotationID: AnnotationID? = nil, level: PermissionLevel, grantExpiresAt: Date? = nil, createdAt: Date,
        expiresAt: Date, status: Status = .pending, acceptedBy: UserID? = nil
    ) {
        self.id = id
        self.inviterID = inviterID
        self.email = email
        self.layerID = layerID
        self.annotationID = annotationID
        self.level = level
        self.grantExpiresAt = grantExpiresAt
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.status = status
        self.acceptedBy = acceptedBy
    }

    /// What it offers.
    public var target: GrantTarget? {
        if let layerID { return .layer(layerID) }
        return annotationID.map(GrantTarget.annotation)
    }

    /// Whether it can still be taken at `date`.
    public func isOpen(at date: Date) -> Bool { status == .pending && date < expiresAt }
}

/// The server's invitations (a table in either backend).
public protocol InvitationRepository: Sendable {
    /// Records a new invitation.
    func saveInvitation(_ invitation: Invitation) async throws
    /// The invitation with this ID.
    func invitation(id: InvitationID) async throws -> Invitation?
    /// The invitations `inviterID` made, newest first, at most `limit`.
    func invitations(sentBy inviterID: UserID, limit: Int) async throws -> [Invitation]
    /// The pending invitations to `email` that have not lapsed at `now`, oldest first.
    func openInvitations(to email: String, now: Date) async throws -> [Invitation]
    /// Sets an invitation's status (and who took it) if it is still pending; answers whether it
    /// was.
    func settleInvitation(_ id: InvitationID, as status: Invitation.Status, by userID: UserID?) async throws -> Bool
}
