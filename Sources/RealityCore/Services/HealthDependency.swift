import Foundation

/// Something a service needs in order to work, as a health report checks it: the store, the
/// threads that hash passwords, the live-event hub. Services name theirs
/// (``ServiceProtocol/dependencies``); a report checks each distinct one once.
public struct HealthDependency: Sendable {
    /// What is wrong with a dependency.
    public struct Problem: Hashable, Sendable {
        /// How bad it is for the services that need it: `.unhealthy` when they cannot work,
        /// `.degraded` when they work worse.
        public var status: ServiceHealth.Status
        /// What is wrong, for people.
        public var detail: String

        /// A problem with the given parts.
        public init(status: ServiceHealth.Status, detail: String) {
            self.status = status
            self.detail = detail
        }
    }

    /// Names the dependency in reports, and tells two services' uses of one dependency apart from
    /// two dependencies ("store", "password hashing").
    public var name: String
    /// Checks the dependency now: nil when it is fine.
    public var check: @Sendable () async -> Problem?

    /// A dependency called `name`, checked by `check`.
    public init(name: String, check: @escaping @Sendable () async -> Problem?) {
        self.name = name
        self.check = check
    }

    /// The store: the services cannot work while it does not answer a trivial query.
    public static func store(_ store: some StoreHealthChecking) -> HealthDependency {
        HealthDependency(name: "store") {
            await store.ping() ? nil : Problem(status: .unhealthy, detail: "store does not answer")
        }
    }

    /// The health of `service` from the state of each of its dependencies (`states`, by name):
    /// the worst status among them, and what is wrong with each that is not fine.
    static func report(
        for service: String, dependingOn dependencies: [HealthDependency], states: [String: Problem?]
    ) -> ServiceHealth {
        let problems = dependencies.compactMap { states[$0.name] ?? nil }
        guard !problems.isEmpty else { return ServiceHealth(service: service, status: .healthy) }
        let status: ServiceHealth.Status = problems.contains { $0.status == .unhealthy } ? .unhealthy : .degraded
        return ServiceHealth(service: service, status: status, detail: problems.map(\.detail).joined(separator: "; "))
    }

    /// The health of each of `services`, in order, checking each distinct dependency once.
    public static func health(of services: [any ServiceProtocol]) async -> [ServiceHealth] {
        var states: [String: Problem?] = [:]
        for service in services {
            for dependency in service.dependencies where states[dependency.name] == nil {
                states[dependency.name] = .some(await dependency.check())
            }
        }
        return services.map { report(for: $0.serviceIdentifier, dependingOn: $0.dependencies, states: states) }
    }
}
