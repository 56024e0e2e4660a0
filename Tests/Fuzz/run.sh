#!/usr/bin/env bash
# Builds one libFuzzer harness and runs it for a bounded time on its corpus.
#
#   Tests/Fuzz/run.sh core|facade SECONDS [extra libFuzzer flags...]
#
# Exits non-zero on any crash, leak or sanitizer report. New inputs that raise coverage are
# written to Tests/Fuzz/.out/<harness>/ (not committed); add the ones that raise coverage to
# the committed corpus with:   Tests/Fuzz/run.sh <harness> merge
set -euo pipefail
cd "$(dirname "$0")/../.."
harness=${1:?usage: run.sh core|facade SECONDS|merge}
mode=${2:?usage: run.sh core|facade SECONDS|merge}
shift 2

root=$PWD
toolchain_bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
clang="$toolchain_bin/clang"
build=.build/fuzz
mkdir -p "$build" "Tests/Fuzz/.out/$harness"
core_sources=(CSources/CFingerprintDiff/*.c)
includes=(-I CSources/CFingerprintDiff/include -I Tests/Fuzz/CoreFuzzCheck/include)
# With libxxhash-dev installed the core harness also compares the package's XXH3 with it.
system_xxhash=()
if pkg-config --exists libxxhash 2>/dev/null; then
    system_xxhash=(-DCORE_FUZZ_SYSTEM_XXHASH $(pkg-config --cflags libxxhash))
fi

case "$harness" in
core)
    "$clang" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        "${system_xxhash[@]}" "${includes[@]}" "${core_sources[@]}" Tests/Fuzz/CoreFuzzCheck/core_fuzz_check.c \
        Tests/Fuzz/CoreFuzzCheck/xxh3_portable.c Tests/Fuzz/core_harness.c -o "$build/core"
    ;;
facade)
    objects=()
    for source in "${core_sources[@]}"; do
        object="$build/$(basename "$source" .c).o"
        "$clang" -std=c11 -g -O1 -fsanitize=fuzzer-no-link,address "${includes[@]}" -c "$source" -o "$object"
        objects+=("$object")
    done
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name FacadeFuzz -package-name ModelStorage \
        -I CSources/CFingerprintDiff/include \
        $(find Sources/FingerprintDiff -name '*.swift' | sort) Tests/Fuzz/FacadeFuzzCheck/*.swift Tests/Fuzz/facade_harness.swift \
        "${objects[@]}" -o "$build/facade"
    ;;
*)
    echo "unknown harness $harness (core or facade)" >&2
    exit 2
    ;;
esac

corpus="Tests/Fuzz/Corpus/$harness"
# The sanitizers and libFuzzer report a finding themselves; the Swift runtime's backtracer would
# then inspect the process again (under AddressSanitizer it trips over its own reads and reports
# a crash of its own), so that the log would not end with the finding.
export SWIFT_BACKTRACE=enable=no
if [ "$mode" = merge ]; then
    # Adds to the committed corpus only the new finds that raise coverage (libFuzzer's
    # minimising merge); the committed, named seeds stay.
    before=$(ls "$corpus" | wc -l)
    "$build/$harness" -merge=1 "$corpus" "Tests/Fuzz/.out/$harness" "$@"
    echo "corpus $corpus: $before files before, $(ls "$corpus" | wc -l) after"
    exit 0
fi

# -max_len keeps the O(nm) reference checks cheap; the core still sees up to ~4,000 elements.
"$build/$harness" -max_total_time="$mode" -max_len=4096 -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$build/crash-$harness-" \
    "Tests/Fuzz/.out/$harness" "$corpus" "$@"
