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
#   Benchmarks/instructions.sh --format json [BINARY]   the same counts as a JSON document of
#                                         DiffBenchmarks' shape (make performance reads it)
set -euo pipefail
json=0
if [ "${1:-}" = --format ]; then
    [ "${2:-}" = json ] || { echo "usage: $0 [--format json] [BINARY]" >&2; exit 2; }
    json=1
    shift 2
fi
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
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
rows=()
for spec in feed-1k:heckel:20 mix-100:heckel:50 mix-1k:heckel:20 dk5k:heckel:10 dk100k:heckel:2 mix-1M:heckel:1 dk5k:myers:10 update-since-10k:heckel:20; do
    IFS=: read -r scenario algorithm runs <<<"$spec"
    row=("$scenario" "$algorithm")
    for k in "${!binaries[@]}"; do
        valgrind --tool=callgrind --toggle-collect='*instructionProbe*' --callgrind-out-file="$work/out" \
            "$work/DiffBenchmarks-$k" --instructions "$scenario" --algorithm "$algorithm" --runs "$runs" >/dev/null 2>"$work/log"
        total=$(grep -E '^(summary|totals):' "$work/out" | tail -1 | awk '{print $2}')
        row+=("$((total / runs))")
    done
    if [ "$json" = 0 ]; then
        [ ${#rows[@]} -eq 0 ] && { printf '%-10s %-8s' scenario algorithm; for label in "${labels[@]}"; do printf ' %16s' "$label"; done; printf '\n'; }
        printf '%-10s %-8s' "${row[0]}" "${row[1]}"
        for count in "${row[@]:2}"; do printf ' %16s' "$count"; done
        printf '\n'
    fi
    rows+=("$(printf '"%s", ' "${row[@]}" | sed 's/, $//')")
done
[ "$json" = 1 ] || exit 0
# The JSON document: one table, the machine, the load at the start and at the end.
columns=$(printf '"%s", ' scenario algorithm "${labels[@]}" | sed 's/, $//')
body=$(printf '      [%s],\n' "${rows[@]}" | sed '$ s/,$//')
processor=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
distribution=$(. /etc/os-release && echo "$PRETTY_NAME")
memory="$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1048576 )) GiB"
cat <<JSON
{
  "command" : "instructions.sh --format json${1:+ $1}",
  "date" : "$started",
  "machine" : {
    "cores" : "$(nproc)",
    "distribution" : "$distribution",
    "load at end" : "$(cut -d' ' -f1-3 /proc/loadavg)",
    "load at start" : "$load_at_start",
    "memory" : "$memory",
    "processor" : "$processor",
    "valgrind" : "$(valgrind --version)"
  },
  "mode" : "instructions",
  "tables" : [
    {
      "columns" : [$columns],
      "notes" : [],
      "rows" : [
$body
      ],
      "title" : "Instructions per diff (callgrind inside the diff call; each column a release build with that XXH3)"
    }
  ]
}
JSON
