import Foundation

/// Both sides of a sync conflict, kept until it is resolved (seed 001 §10.2).
public struct ConflictData: Codable, Hashable, Sendable {
    /// The local record, as JSON.
    public var localVersion: Data
    /// The server's record, as JSON.
    public var remoteVersion: Data
    /// When the local side last changed.
    public var localModifiedAt: Date
    /// When the server side last changed.
    public var remoteModifiedAt: Date
    /// How it is to be settled.
    public var resolutionStrategy: ConflictResolutionStrategy

    /// A conflict with both versions.
    public init(
        localVersion: Data,
        remoteVersion: Data,
        localModifiedAt: Date,
        remoteModifiedAt: Date,
        resolutionStrategy: ConflictResolutionStrategy
    ) {
        self.localVersion = localVersion
        self.remoteVersion = remoteVersion
        self.localModifiedAt = localModifiedAt
        self.remoteModifiedAt = remoteModifiedAt
        self.resolutionStrategy = resolutionStrategy
    }
}

/// How a conflict is settled (seed 001 §10.2).
public enum ConflictResolutionStrategy: String, Codable, Hashable, Sendable, CaseIterable {
    /// Keep this device's version.
    case useLocal
    /// Take the server's version.
    case useRemote
    /// Merge field by field; the default.
    case merge
    /// Keep both until the user decides.
    case manual
}
