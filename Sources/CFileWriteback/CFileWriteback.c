#define _GNU_SOURCE
#include "CFileWriteback.h"

#if defined(__linux__)
#include <fcntl.h>

int reality_start_writeback(int descriptor, long long end) {
    return sync_file_range(descriptor, 0, end, SYNC_FILE_RANGE_WRITE);
}
#else
int reality_start_writeback(int descriptor, long long end) {
    (void)descriptor;
    (void)end;
    return 0;
}
#endif
