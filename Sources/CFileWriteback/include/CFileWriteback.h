#ifndef CFILEWRITEBACK_H
#define CFILEWRITEBACK_H

/// Asks the kernel to start writing a file's dirty pages in [0, end) to disk without waiting
/// (Linux `sync_file_range` with `SYNC_FILE_RANGE_WRITE`); elsewhere it does nothing. Answers 0, or
/// -1 with errno set. Swift cannot see `sync_file_range`: Glibc declares it only under _GNU_SOURCE.
int reality_start_writeback(int descriptor, long long end);

#endif
