#!/usr/bin/env bash
# Instructions per diff (valgrind's callgrind), which do not move with the machine's load the
# way times do. Builds the benchmark in release mode twice, with libxxhash's XXH3 (the trait
# SystemXXHash, in .build) and with the package's own (MODELSTORAGE_XXH3=packaged, in
# .build-packaged), strips the DWARF 5 debug info valgrind cannot read, and counts the
# instructions executed inside `instructionProbe` for each scenario, divided by the number of
# diffs it ran (fingerprinting the ids included).
#
#   Benchmarks/instructions.sh            (make instructions): both builds, side by side
#   Benchmarks/instructions.sh BINARY     one binary, e.g. an earlier release's
set -euo pipefail
[ $# -gt 0 ] && set -- "$(readlink -f "$1")"   # a path relative to where it was run
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binaries=()
labels=()
if [ $# -gt 0 ]; then
    binaries=("$1")
    labels=("$(basename "$1")")
else
    swift build -c release --product DiffBenchmarks >&2
    MODELSTORAGE_XXH3=packaged swift build -c release --product DiffBenchmarks --scratch-path .build-packaged >&2
    binaries=(.build/release/DiffBenchmarks .build-packaged/release/DiffBenchmarks)
    labels=("libxxhash" "own XXH3")
fi
for k in "${!binaries[@]}"; do
    objcopy --strip-debug "${binaries[$k]}" "$work/DiffBenchmarks-$k"
done
printf '%-10s %-8s' scenario algorithm
for label in "${labels[@]}"; do printf ' %16s' "$label"; done
printf '\n'
for spec in feed-1k:heckel:20 mix-100:heckel:50 mix-1k:heckel:20 dk5k:heckel:10 dk100k:heckel:2 mix-1M:heckel:1 dk5k:myers:10 update-since-10k:heckel:20; do
    IFS=: read -r scenario algorithm runs <<<"$spec"
    printf '%-10s %-8s' "$scenario" "$algorithm"
    for k in "${!binaries[@]}"; do
        valgrind --tool=callgrind --toggle-collect='*instructionProbe*' --callgrind-out-file="$work/out" \
            "$work/DiffBenchmarks-$k" --instructions "$scenario" --algorithm "$algorithm" --runs "$runs" >/dev/null 2>"$work/log"
        total=$(grep -E '^(summary|totals):' "$work/out" | tail -1 | awk '{print $2}')
        printf ' %16s' "$((total / runs))"
    done
    printf '\n'
done
