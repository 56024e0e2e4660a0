#!/usr/bin/env bash
# Instructions per diff (valgrind's callgrind), which do not move with the machine's load the
# way times do. Builds the benchmark in release mode, strips the DWARF 5 debug info valgrind
# cannot read, and counts the instructions executed inside `instructionProbe` for each
# scenario, divided by the number of diffs it ran.
#
#   Benchmarks/instructions.sh [BINARY]     (make instructions)
set -euo pipefail
cd "$(dirname "$0")"
binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --product DiffBenchmarks >&2
    binary=.build/release/DiffBenchmarks
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/DiffBenchmarks"
printf '%-10s %-8s %16s\n' scenario algorithm instructions/diff
for spec in feed-1k:heckel:20 mix-100:heckel:50 mix-1k:heckel:20 dk5k:heckel:10 dk100k:heckel:2 mix-1M:heckel:1 dk5k:myers:10; do
    IFS=: read -r scenario algorithm runs <<<"$spec"
    valgrind --tool=callgrind --toggle-collect='*instructionProbe*' --callgrind-out-file="$work/out" \
        "$work/DiffBenchmarks" --instructions "$scenario" --algorithm "$algorithm" --runs "$runs" >/dev/null 2>"$work/log"
    total=$(grep -E '^(summary|totals):' "$work/out" | tail -1 | awk '{print $2}')
    printf '%-10s %-8s %16s\n' "$scenario" "$algorithm" "$((total / runs))"
done
