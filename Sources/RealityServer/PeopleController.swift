import Foundation
import Hummingbird
import Logging
import RealityAPI
import RealityCore

/// People, invitations and members (issue 20): find a person by exact email, share by email (an
/// invitation that becomes a grant when the email's owner registers or signs in, or at once when
/// they have an account), and a layer's members.
struct PeopleController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.findUser, use: findUser)
        router.on(.invite, use: invite)
        router.on(.invitations, use: invitations)
        router.on(.revokeInvitation, use: revokeInvitation)
        router.on(.members, use: members)
        router.on(.putMember, use: putMember)
        router.on(.deleteMember, use: deleteMember)
    }

    /// The person holding exactly this email: ID and display name; 404 when no one does.
    @Sendable func findUser(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<UserSummary> {
        let userID = try context.requireUser()
        // Read first: a malformed email is answered 400 and spends nothing of the caller's limit.
        let email = try Self.email(try context.query(of: request)(.email) ?? "", field: "email")
        if let wait = try await services.store.takeToken(.emailLookups, subject: userID.uuidString, now: Date()) {
            throw APIError.rateLimited("Too many lookups", wait: wait)
        }
        guard let account = try await services.store.account(email: email),
            let user = try await services.store.user(id: account.userID)
        else { throw APIError.notFound }
        return JSONResponse(UserSummary(id: user.id, displayName: user.displayName))
    }

    /// Shares with the email's owner: at once (a grant, the invitation `accepted`) when they have an
    /// account, else `pending` until they register or sign in, for ``Invitation/defaultLifetime``.
    /// The caller must be able to share the layer or annotation.
    @Sendable func invite(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Invitation> {
        let body = try await request.decodeJSON(InvitationRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        let email = try Self.email(body.email, field: "email")
        let now = Timestamp.now()
        var invitation = Invitation(
            inviterID: userID, email: email, layerID: body.layerID, annotationID: body.annotationID,
            level: body.level, grantExpiresAt: body.expiresAt, createdAt: now,
            expiresAt: now.addingTimeInterval(Invitation.defaultLifetime))
        guard (body.layerID == nil) != (body.annotationID == nil), let target = invitation.target else {
            throw ValidationError(field: "layerID", reason: .notAllowed(detail: "give either layerID or annotationID"))
        }
        let level = try await requireSharing(target, as: userID)
        // The sharing rules that hold whoever takes it: the plan, and no level above the caller's.
        let inviter = try await services.users(userID).getCurrentUser()
        try SharingRules.checkOffer(granterLevel: level, level: body.level, tier: inviter.tier(at: now))
        if let account = try await services.store.account(email: email) {
            _ = try await Invitations(services: services).grant(invitation, to: account.userID)
            invitation.status = .accepted
            invitation.acceptedBy = account.userID
        }
        try await services.store.saveInvitation(invitation)
        return JSONResponse(invitation, status: .created)
    }

    /// The invitations the caller sent, newest first (at most 200).
    @Sendable func invitations(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<Invitation>
    > {
        let userID = try context.requireUser()
        return JSONResponse(Page(items: try await services.store.invitations(sentBy: userID, limit: 200)))
    }

    /// Withdraws a pending invitation of the caller's; 404 for anyone else's, 409 once it was taken.
    @Sendable func revokeInvitation(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: InvitationID = try context.pathID()
        let userID = try context.requireUser()
        guard let invitation = try await services.store.invitation(id: id), invitation.inviterID == userID else {
            throw APIError.notFound
        }
        guard try await services.store.settleInvitation(id, as: .revoked, by: nil) else {
            throw ServiceError.invalidOperation(reason: "The invitation is \(invitation.status.rawValue) already.")
        }
        return .noContent
    }

    /// The layer's owner and the holders of live grants on it, to those who may share it.
    @Sendable func members(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Member>> {
        let id: LayerID = try context.pathID()
        let userID = try context.requireUser()
        guard let layer = try await services.layers(userID).fetchLayer(id: id) else { throw APIError.notFound }
        try await requireSharing(.layer(id), as: userID)
        var members = [
            Member(
                userID: layer.ownerID, displayName: try await services.store.user(id: layer.ownerID)?.displayName,
                level: .owner, isOwner: true)
        ]
        let now = Timestamp.now()
        for grant in layer.permissions where grant.isActive(at: now) {
            members.append(
                Member(
                    userID: grant.userID, displayName: try await services.store.user(id: grant.userID)?.displayName,
                    level: grant.level, isOwner: false, grantedBy: grant.grantedBy, expiresAt: grant.expiresAt))
        }
        return JSONResponse(Page(items: members))
    }

    /// Gives `userID` a level on the layer, or changes it (a grant).
    @Sendable func putMember(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Permission> {
        let id: LayerID = try context.pathID()
        let member: UserID = try context.pathID("userID")
        let body = try await request.decodeJSON(MemberRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        guard try await services.layers(userID).fetchLayer(id: id) != nil else { throw APIError.notFound }
        guard try await services.store.user(id: member) != nil else { throw APIError.notFound }
        return JSONResponse(
            try await services.permissions(userID).grantPermission(
                to: member, level: body.level, forLayer: id, expiresAt: body.expiresAt))
    }

    /// Removes `userID`'s grant on the layer.
    @Sendable func deleteMember(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: LayerID = try context.pathID()
        let member: UserID = try context.pathID("userID")
        try await services.permissions(context.requireUser()).revokePermission(from: member, forLayer: id)
        return .noContent
    }

    /// `userID`'s level on `target`; throws unless they may share it (404 when they cannot see it).
    @discardableResult
    private func requireSharing(_ target: GrantTarget, as userID: UserID) async throws -> PermissionLevel {
        let permissions = services.permissions(userID)
        let level: PermissionLevel?
        switch target {
        case .layer(let id):
            guard try await services.layers(userID).fetchLayer(id: id) != nil else { throw APIError.notFound }
            level = try await permissions.level(onLayer: id)
        case .annotation(let id):
            guard let annotation = try await services.annotations(userID).fetchAnnotation(id: id) else {
                throw APIError.notFound
            }
            level = try await permissions.level(on: annotation)
        }
        guard let level else { throw APIError.notFound }
        guard level.canShare else { throw PermissionError.cannotShare }
        return level
    }

    /// `text` as a login email, or a 400 naming `field`.
    /// `text` as a normalized email; a validation error naming `field` when it is none.
    static func email(_ text: String, field: String) throws -> String {
        let email = EmailAddress.normalized(text)
        guard !email.isEmpty else { throw ValidationError(field: field, reason: .required) }
        guard email.count <= User.maxEmailLength, User.isPlausibleEmail(email) else {
            throw ValidationError(field: field, reason: .invalidFormat(expected: "an email address"))
        }
        return email
    }
}

/// Turns invitations into grants (issue 20).
struct Invitations<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    /// Grants what `invitation` offers to `userID`, with the inviter's rights as they are now.
    func grant(_ invitation: Invitation, to userID: UserID) async throws -> Permission {
        let permissions = services.permissions(invitation.inviterID)
        switch invitation.target {
        case .layer(let id)?:
            return try await permissions.grantPermission(
                to: userID, level: invitation.level, forLayer: id, expiresAt: invitation.grantExpiresAt)
        case .annotation(let id)?:
            return try await permissions.grantPermission(
                to: userID, level: invitation.level, for: id, expiresAt: invitation.grantExpiresAt)
        case nil:
            throw ServiceError.invalidOperation(reason: "The invitation offers nothing.")
        }
    }

    /// Takes every open invitation to `email` for `userID` (who just registered or signed in with
    /// it): each becomes a grant and is marked accepted. One the inviter can no longer give stays
    /// pending (and lapses); a failure never fails the sign-in, and is logged.
    func redeem(email: String, for userID: UserID, logger: Logger) async {
        do {
            for invitation in try await services.store.openInvitations(to: email, now: Timestamp.now()) {
                do {
                    _ = try await grant(invitation, to: userID)
                    _ = try await services.store.settleInvitation(invitation.id, as: .accepted, by: userID)
                } catch {
                    logger.info(
                        "invitations: could not grant",
                        metadata: ["invitation": "\(invitation.id)", "error": "\(error)"])
                }
            }
        } catch {
            logger.warning("invitations: reading them failed", metadata: ["error": "\(error)"])
        }
    }
}
