import RealityCore

/// What the server needs from a storage backend: the services' ``DataStore``, the accounts and
/// the assets. SQLite implements it today; the PostgreSQL store will be a second conformer, and
/// every controller is generic over it, so it plugs in without an existential on the hot path.
public typealias ServerStore = DataStore & AccountRepository & AssetRepository
