import OutOfBoxCore
import RealityCore

/// What the server needs from a storage backend: the services' ``DataStore``, the accounts, the
/// assets, the sync change log (with the plan states it showed), the use of its connection pool, the
/// job queue, invitations, Out of Box's challenges and friends, and the shared rate limits.
/// `SQLiteServerStore` and `PostgresStore` implement it; every controller is generic over
/// it, so neither pays for an existential on the hot path.
public typealias ServerStore = DataStore & AccountRepository & AssetRepository & SyncLogReading & LiveAudienceReading
    & StorePoolReporting
    & JobQueue & InvitationRepository & StoreCacheReporting & PullHousekeepingReading & ChallengeRepository
    & SocialRepository & RateBucketStore
