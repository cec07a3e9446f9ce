#ifndef CSQLITE_TUNING_H
#define CSQLITE_TUNING_H

/// Turns off SQLite's memory statistics for the process (SQLITE_CONFIG_MEMSTATUS), so that its
/// allocations take no global mutex. Works only before SQLite is first used (SQLite refuses it
/// with SQLITE_MISUSE afterwards, changing nothing); returns the SQLite result code (SQLITE_OK,
/// 0, when it took).
int reality_sqlite_disable_memory_statistics(void);

#endif
