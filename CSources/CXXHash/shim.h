/* System library shim for xxHash (Debian/Ubuntu: libxxhash-dev, macOS: brew install xxhash).
 * CFingerprintDiff includes <xxhash.h> itself with XXH_INLINE_ALL so that fingerprints of
 * fixed-size values inline into Swift; this module exists to locate the headers through
 * pkg-config and to give a clear install hint when the package is missing. */
#include <xxhash.h>
