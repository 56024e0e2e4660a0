/* libFuzzer entry point for the C core; built by Tests/Fuzz/run.sh with
 * -fsanitize=fuzzer,address,undefined together with the core and core_fuzz_check.c. */
#include "core_fuzz_check.h"
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[256];
    if (core_fuzz_check(data, size, message, sizeof message) != 0) {
        fprintf(stderr, "core invariant broken: %s\n", message);
        abort();
    }
    return 0;
}
