import Foundation
import HTTPTypes
import Hummingbird
import RealityAPI
import RealityCore

/// `POST /api/v1/auth/register`, `/login` and `/logout` (SPEC C1).
///
/// Emails are looked up in their normalized form (``EmailAddress/normalized(_:)``), so that
/// look-alike addresses are one account. A failed login answers the same, and takes as long,
/// whether or not the email has an account: an unknown email's password is checked against a
/// dummy hash of the same cost. Repeated failures are slowed down by the ``LoginThrottle``. Both
/// take the invitations waiting for the email (``Invitations/redeem(email:for:logger:)``).
struct AuthController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let hasher: PasswordHasher
    let throttle: LoginThrottle

    /// Accounts and sessions (the server's own service: no core service holds credentials).
    private var accounts: AccountService<Store> { AccountService(store: services.store, hasher: hasher) }

    /// Register and login (anonymous), and logout (with the token it ends).
    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.register, use: register)
        router.on(.login, use: login)
        router.on(.logout, use: logout)
    }

    @Sendable func register(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AuthResponse> {
        let body = try await request.decodeJSON(RegisterRequest.self, limit: context.maxBodyBytes)
        let email = EmailAddress.normalized(body.email)
        let now = Timestamp.now()
        let user = User(
            displayName: body.displayName.trimmingCharacters(in: .whitespacesAndNewlines), email: email, createdAt: now)
        if email.isEmpty { throw ValidationError(field: "email", reason: .required) }
        try PasswordPolicy.check(body.password, email: email)
        try user.validate()
        let token = try await accounts.register(
            user, email: email, password: body.password, deviceName: Self.deviceName(body.deviceName, request))
        await Invitations(services: services).redeem(email: email, for: user.id, logger: context.logger)
        return JSONResponse(AuthResponse(token: token, user: user), status: .created)
    }

    @Sendable func login(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AuthResponse> {
        let body = try await request.decodeJSON(LoginRequest.self, limit: context.maxBodyBytes)
        let email = EmailAddress.normalized(body.email)
        let keys: [LoginThrottle.Key] = [.account(email), .address(context.remoteAddress)]
        if let wait = throttle.wait(for: keys) { throw APIError.loginThrottled(wait) }
        var account: Account?
        // Only an address an account could have is looked up: one PostgreSQL cannot even hold
        // (a NUL) would fail the query, not the sign-in.
        if body.password.utf8.count <= 1024, email.count <= User.maxEmailLength, User.isPlausibleEmail(email) {
            account = try await accounts.account(email: email, password: body.password)
        }
        guard let account else {
            throttle.recordFailure(for: keys)
            throw APIError.invalidCredentials
        }
        throttle.clear(.account(email))
        let token = try await accounts.startSession(
            for: account.userID, deviceName: Self.deviceName(body.deviceName, request))
        await Invitations(services: services).redeem(email: email, for: account.userID, logger: context.logger)
        let user = try await services.users(account.userID).getCurrentUser()
        return JSONResponse(AuthResponse(token: token, user: user))
    }

    @Sendable func logout(_ request: Request, context: APIRequestContext) async throws -> Response {
        if let hash = context.tokenHash { try await accounts.endSession(tokenHash: hash) }
        return .noContent
    }

    /// The device's name as the body gives it, else its `User-Agent`; control characters dropped,
    /// cut to ``CredentialLimits/maxDeviceNameBytes``; nil when nothing is left.
    static func deviceName(_ sent: String?, _ request: Request) -> String? {
        let text = sent ?? request.headers[.userAgent] ?? ""
        var name = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        while name.utf8.count > CredentialLimits.maxDeviceNameBytes { name.removeLast() }
        return name.isEmpty ? nil : name
    }
}

extension Unicode.GeneralCategory {
    /// Control, format, surrogate, private-use and unassigned code points.
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}

extension APIError {
    /// A failed login: the same answer whether or not the email has an account.
    static let invalidCredentials = APIError(
        .unauthorized, code: "invalid_credentials", message: "Wrong email or password.")

    /// A login that must wait `seconds` after repeated failures (``LoginThrottle``).
    static func loginThrottled(_ seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "login_throttled",
            message: "Too many failed sign-ins; try again in \(seconds) s.", headers: [.retryAfter: String(seconds)])
    }
}
