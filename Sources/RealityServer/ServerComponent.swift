import RealityCore

/// A part of the server outside the core's services that `/health` lists with them, by what it
/// depends on: sign-in (`auth`: the store and the threads that hash passwords) and live events
/// (`events`: the hub, and on PostgreSQL the relay of other instances' commits).
struct ServerComponent: ServiceProtocol {
    let serviceIdentifier: String
    let dependencies: [HealthDependency]

    /// Sign-in, registration and password changes: the accounts in `store`, and bcrypt on
    /// `hasher`'s threads.
    static func auth(store: some ServerStore, hasher: PasswordHasher) -> ServerComponent {
        ServerComponent(serviceIdentifier: "auth", dependencies: [.store(store), hasher.healthDependency])
    }

    /// Live events (`GET /api/v1/events`), as `status` follows them.
    static func events(_ status: LiveEventsStatus) -> ServerComponent {
        ServerComponent(serviceIdentifier: "events", dependencies: [status.healthDependency])
    }
}
