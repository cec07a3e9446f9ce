import Foundation

/// The app configuration as the server serves it (``AppConfiguration``): what an administrator set,
/// else the defaults, with the catalog version the store holds.
public struct AppConfigurationService<Store: ChallengeRepository>: Sendable {
    let store: Store

    public init(store: Store) { self.store = store }

    /// The configuration now.
    public func current() async throws -> AppConfiguration {
        let saved = try await store.appConfiguration()
        let update = saved?.update ?? .defaults
        return AppConfiguration(
            featureFlags: update.featureFlags, minimumClientVersion: update.minimumClientVersion,
            catalogVersion: try await store.catalogVersion(), updatedAt: saved?.updatedAt)
    }

    /// Sets what an administrator sets, after checking it; answers the configuration now.
    public func update(_ update: AppConfigurationUpdate, at date: Date = Date()) async throws -> AppConfiguration {
        try update.validate()
        try await store.saveAppConfiguration(update, at: DefaultChallengeService<Store>.storable(date))
        return try await current()
    }
}
