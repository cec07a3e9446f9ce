/// Which side of sync a ``SQLiteStore`` is on. The store's type says it (``DeviceStore``,
/// ``SQLiteServerStore``), so that what only one side may do exists only on that side's type.
public protocol SQLiteStoreRole: Sendable {
    /// The side, for the few places the shared code differs (what a commit records, the file's
    /// memory map, the read cache).
    static var side: SQLiteStoreSide { get }
}

/// The two sides of sync.
public enum SQLiteStoreSide: Sendable {
    /// A device: local writes are queued in the outbox for upload.
    case device
    /// The server: writes are the source of truth, recorded in the change log.
    case server

    /// The size in bytes of the pages of a file this side creates; a file keeps the size it was
    /// made with. A device writes its notes in batches (a first sync's pages, an import), which
    /// 16 KiB pages make 5–15% faster (docs/performance.md, "Stop 56"); the server keeps SQLite's
    /// 4 KiB, with which its text search at a million notes answered 3–10% sooner.
    var pageSize: Int {
        switch self {
        case .device: 16_384
        case .server: 4_096
        }
    }
}

/// The role of the device's local store.
public enum DeviceRole: SQLiteStoreRole {
    public static var side: SQLiteStoreSide { .device }
}

/// The role of the server's embedded store.
public enum ServerRole: SQLiteStoreRole {
    public static var side: SQLiteStoreSide { .server }
}

/// The device's local store: the `reality` command line's data and the sync engine's outbox,
/// pulls and conflicts.
public typealias DeviceStore = SQLiteStore<DeviceRole>

/// The server's embedded store (SQLite by default; ``PostgresStore`` to scale out): accounts,
/// assets and the change log the sync API serves.
public typealias SQLiteServerStore = SQLiteStore<ServerRole>
