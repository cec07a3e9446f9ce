import Foundation

/// Who is acting and what time it is, for every service call (seed 000's `currentUserID`).
///
/// The device builds one for its local profile; the server builds one per authenticated request,
/// so the same services serve each user scoped to that user.
public struct ServiceContext: Sendable {
    /// The user on whose behalf the services act.
    public var userID: UserID
    /// The clock; tests pass a fixed one. Dates are whole milliseconds.
    public var clock: @Sendable () -> Date
    /// Where uploaded assets are kept, on the side that keeps them (the server): a record may then
    /// name only assets its author uploaded (``ReferenceCheck``). The device leaves it nil: its
    /// store holds no uploads, and the server checks what the device pushes.
    public var assets: (any AssetRepository)?
    /// The push mutations the services' commits apply (docs/sync-protocol.md, "Push"): set by the
    /// server's sync API for one mutation (or one run of creates), empty everywhere else. Every
    /// commit a service makes passes them to ``ChangeCommitting/commit(_:applying:)``.
    public var pushing: [PushedMutation]

    /// A context for `userID` with the real clock.
    public init(
        userID: UserID, clock: @escaping @Sendable () -> Date = { Timestamp.now() },
        assets: (any AssetRepository)? = nil, pushing: [PushedMutation] = []
    ) {
        self.userID = userID
        self.clock = clock
        self.assets = assets
        self.pushing = pushing
    }

    /// The current instant.
    public var now: Date { clock() }
}

/// A request the services refuse for a reason other than validation, permission or plan.
public enum ServiceError: Error, Hashable, Sendable {
    /// No such record, or one the caller may not see (the two are indistinguishable on purpose).
    case notFound(RecordType, id: String)
    /// The request contradicts the state of the data; `reason` says how, for people.
    case invalidOperation(reason: String)
}

/// How a service is doing (seed 003 `healthCheck`).
public struct ServiceHealth: Codable, Hashable, Sendable {
    /// Healthy, degraded or unhealthy.
    public enum Status: String, Codable, Hashable, Sendable {
        case healthy
        case degraded
        case unhealthy
    }

    /// The service's identifier.
    public var service: String
    /// Its state.
    public var status: Status
    /// What is wrong, when something is.
    public var detail: String?

    /// A report with the given parts.
    public init(service: String, status: Status, detail: String? = nil) {
        self.service = service
        self.status = status
        self.detail = detail
    }
}

/// What every service offers its composition root (seed 003 `ServiceProtocol`).
///
/// Seed 003's `configure()` and `reset()` are not requirements: services here are values over a
/// store and hold no state of their own to set up or clear; the ``ServiceContainer`` makes them
/// and the device's ``LazyServiceContainer`` drops what it made on `reset()`.
public protocol ServiceProtocol: Sendable {
    /// A stable name for logs and health reports.
    var serviceIdentifier: String { get }
    /// What the service needs in order to work (its store, a thread pool, a hub), as health
    /// reports check it.
    var dependencies: [HealthDependency] { get }
    /// Checks that the service can do its work now: each of its ``dependencies``.
    func healthCheck() async -> ServiceHealth
}

extension ServiceProtocol {
    public func healthCheck() async -> ServiceHealth {
        await HealthDependency.health(of: [self])[0]
    }
}
