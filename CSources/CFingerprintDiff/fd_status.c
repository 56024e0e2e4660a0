/* Human-readable descriptions of fd_status codes. */
#include "fingerprint_diff.h"

const char *fd_status_description(fd_status status) {
    switch (status) {
    case FD_OK: return "success";
    case FD_ERR_NO_MEMORY: return "memory allocation failed";
    case FD_ERR_TOO_LARGE: return "input too large for this algorithm";
    case FD_ERR_INVALID_ARGUMENT: return "invalid argument or inconsistent matching";
    }
    return "unknown status";
}
