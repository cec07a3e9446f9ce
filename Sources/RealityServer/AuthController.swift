import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `POST /api/v1/auth/register`, `/login` and `/logout` (SPEC C1).
struct AuthController<Store: ServerStore>: Sendable {
    let services: Services<Store>
    let hasher: PasswordHasher
    let bodyLimit: Int

    /// Register and login: no token needed.
    func addPublicRoutes(to group: RouterGroup<APIRequestContext>) {
        group.post("register", use: register)
        group.post("login", use: login)
    }

    /// Logout: needs the token it ends.
    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.post("logout", use: logout)
    }

    @Sendable func register(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AuthResponse> {
        let body = try await request.decodeJSON(RegisterRequest.self, limit: bodyLimit)
        try Self.checkPassword(body.password)
        let email = body.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let now = Timestamp.now()
        let user = User(displayName: body.displayName.trimmingCharacters(in: .whitespacesAndNewlines), email: email, createdAt: now)
        try user.validate()
        if email.isEmpty { throw ValidationError(field: "email", reason: .required) }
        let hash = await hasher.hash(body.password)
        try await services.store.createAccount(
            Account(userID: user.id, email: email, passwordHash: hash, createdAt: now), user: user)
        let token = try await startSession(for: user.id)
        return JSONResponse(AuthResponse(token: token, user: user), status: .created)
    }

    @Sendable func login(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AuthResponse> {
        let body = try await request.decodeJSON(LoginRequest.self, limit: bodyLimit)
        let email = body.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard body.password.utf8.count <= 1024, email.utf8.count <= 320,
            let account = try await services.store.account(email: email),
            await hasher.verify(body.password, hash: account.passwordHash)
        else {
            throw APIError(.unauthorized, code: "invalid_credentials", message: "Wrong email or password.")
        }
        let token = try await startSession(for: account.userID)
        let user = try await services.users(account.userID).getCurrentUser()
        return JSONResponse(AuthResponse(token: token, user: user))
    }

    @Sendable func logout(_ request: Request, context: APIRequestContext) async throws -> Response {
        if let hash = context.tokenHash { try await services.store.revokeSession(tokenHash: hash) }
        return .noContent
    }

    private func startSession(for userID: UserID) async throws -> String {
        let token = TokenDigest.newToken()
        try await services.store.createSession(tokenHash: TokenDigest.sha256(token), userID: userID, at: Timestamp.now())
        return token
    }

    /// 8 to 72 bytes: bcrypt reads no further than 72.
    static func checkPassword(_ password: String) throws {
        let bytes = password.utf8.count
        if bytes < CredentialLimits.minPasswordBytes {
            throw ValidationError(
                field: "password",
                reason: .invalidFormat(expected: "at least \(CredentialLimits.minPasswordBytes) bytes long"))
        }
        if bytes > CredentialLimits.maxPasswordBytes {
            throw ValidationError(field: "password", reason: .tooLong(limit: CredentialLimits.maxPasswordBytes))
        }
    }
}
