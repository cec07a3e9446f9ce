import Foundation
import NIOCore

/// How a server is set up: where it listens, where it keeps its data, and its limits (SPEC C8).
public struct ServerConfiguration: Sendable {
    /// How long a kept-alive HTTP connection may stay idle between requests before the server
    /// closes it.
    public static let keepAliveIdleTimeout: TimeAmount = .seconds(60)

    /// How long a new connection may stay silent before its first request; then it is closed.
    public static let firstRequestTimeout: TimeAmount = .seconds(30)

    /// The address to bind.
    public var host: String
    /// The port to bind; 0 picks a free one (tests).
    public var port: Int
    /// Where the SQLite database (unless on PostgreSQL) and the assets' bytes (`assets/`) live.
    public var dataDirectory: URL
    /// A PostgreSQL URL (`postgres://user:password@host:port/database?sslmode=…`); when set the
    /// server keeps everything in that database instead of SQLite.
    public var postgresURL: String?
    /// The token that authorises `/api/v1/admin/…`; nil turns those routes off.
    public var adminToken: String?
    /// Requests per user (or per address when anonymous) the bucket holds.
    public var rateLimitBurst: Int
    /// Requests per second the bucket refills with.
    public var rateLimitPerSecond: Double
    /// Largest JSON body, bytes.
    public var maxJSONBodyBytes: Int
    /// Largest asset upload, bytes (50 MiB by default: the largest world maps).
    public var maxAssetBytes: Int
    /// Where the assets' bytes live: files under the data directory, or an S3-compatible store
    /// (for instances on several machines; uploads are still staged under the data directory).
    public var assetStore: AssetStoreLocation = .dataDirectory
    /// bcrypt cost; tests lower it to stay fast.
    public var bcryptCost: UInt8

    /// How long sessions live without use and at most (`--session-idle`, `--session-max`).
    public var sessionLifetimes = SessionLifetimes()
    /// How often ended sessions (expired or revoked) are deleted from the database (an hour).
    public var sessionSweepInterval: TimeInterval = 3_600
    /// How often the job runner looks for jobs it was not told of (other instances' jobs, retries);
    /// jobs this server queues run at once.
    public var jobPollInterval: Duration = .seconds(5)
    /// How often the retention sweep runs (an hour): it trashes annotations a rule retires and
    /// purges what has been in the trash 30 days.
    public var retentionInterval: TimeInterval = 3_600
    /// How repeated login failures slow down further tries, per account and per address.
    public var loginThrottle = LoginThrottlePolicy()
    /// Header-read timeout and the caps on connections and live-event sockets.
    public var connectionLimits = ConnectionLimits()

    /// A configuration with the documented defaults.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: "reality-data"),
        postgresURL: String? = nil,
        adminToken: String? = nil,
        rateLimitBurst: Int = 300,
        rateLimitPerSecond: Double = 100,
        maxJSONBodyBytes: Int = 1 << 20,
        maxAssetBytes: Int = 50 << 20,
        bcryptCost: UInt8 = 12
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.postgresURL = postgresURL
        self.adminToken = adminToken
        self.rateLimitBurst = rateLimitBurst
        self.rateLimitPerSecond = rateLimitPerSecond
        self.maxJSONBodyBytes = maxJSONBodyBytes
        self.maxAssetBytes = maxAssetBytes
        self.bcryptCost = bcryptCost
    }

    /// The SQLite database file inside the data directory.
    public var databasePath: String {
        dataDirectory.appendingPathComponent("reality.sqlite").path
    }

    /// The assets directory inside the data directory.
    public var assetsDirectory: URL {
        dataDirectory.appendingPathComponent("assets", isDirectory: true)
    }
}

/// Where a server keeps the bytes of assets (``ServerConfiguration/assetStore``).
public enum AssetStoreLocation: Sendable, Hashable {
    /// Files under the data directory's `assets/` (``DiskBlobStore``).
    case dataDirectory
    /// Objects of an S3-compatible store (``S3BlobStore``).
    case s3(S3Location)
}
