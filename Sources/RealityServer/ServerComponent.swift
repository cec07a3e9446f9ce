import RealityCore

/// A part of the server that is no service but that `/health` lists with the services, by what it
/// depends on: live events (`events`: the hub, and on PostgreSQL the relay of other instances'
/// commits). Sign-in (`auth`) is the ``AccountService``.
struct ServerComponent: ServiceProtocol {
    let serviceIdentifier: String
    let dependencies: [HealthDependency]

    /// Live events (`GET /api/v1/events`), as `status` follows them.
    static func events(_ status: LiveEventsStatus) -> ServerComponent {
        ServerComponent(serviceIdentifier: "events", dependencies: [status.healthDependency])
    }
}
