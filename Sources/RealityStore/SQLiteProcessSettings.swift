import CSQLiteTuning

/// SQLite's settings for the whole process, made once before any store opens.
public enum SQLiteProcessSettings {
    /// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`), which nothing here
    /// reads: with them on, every allocation SQLite makes takes one process-wide mutex, and the
    /// event loops reading at once wait on it (measured with perf: about one futex call every
    /// four annotation reads under load). Call before the first store opens; answers whether it
    /// took (it does not once a connection is open).
    @discardableResult
    public static func disableMemoryStatistics() -> Bool {
        reality_sqlite_disable_memory_statistics() == 0
    }
}
