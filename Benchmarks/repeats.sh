#!/usr/bin/env bash
# Instructions and allocations of one fd_diff call on the repeated-id shapes (issue "Repeated
# ids at Heckel's speed"): Benchmarks/RepeatsProbe/repeats_probe.c built against the C core of
# each revision given (default: eb092cd, the core just before the repeated-ids pairing, and the
# working tree), instructions of probe_diff counted by valgrind's callgrind (the same count
# whatever the machine's load). Heckel for every revision, Myers for the last.
#
#   Benchmarks/repeats.sh                 eb092cd against the working tree
#   Benchmarks/repeats.sh REV [REV...]    those revisions, then the working tree
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "repeats.sh needs valgrind (make instructions installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
revisions=("$@")
[ ${#revisions[@]} -gt 0 ] || revisions=(eb092cd)
compiler=$(command -v clang || command -v cc)
build() { # build NAME SOURCE_DIR
    "$compiler" -O2 -g0 -std=c11 -I "$2/include" "$2"/*.c Benchmarks/RepeatsProbe/repeats_probe.c -o "$work/$1" -lm
}
names=()
for revision in "${revisions[@]}"; do
    mkdir -p "$work/src-$revision"
    git archive "$revision" CSources/CFingerprintDiff | tar -x -C "$work/src-$revision"
    build "probe-$revision" "$work/src-$revision/CSources/CFingerprintDiff"
    names+=("$revision")
done
build probe-tree CSources/CFingerprintDiff
names+=(tree)
count() { # count BINARY SHAPE ALGORITHM -> "instructions allocations moves"
    local line
    line=$(valgrind --tool=callgrind --toggle-collect=probe_diff --callgrind-out-file="$work/out" "$1" "$2" "$3" 2>/dev/null)
    local total
    total=$(grep -E '^(summary|totals):' "$work/out" | tail -1 | awk '{print $2}')
    echo "$total $(awk '{print $12}' <<<"$line") $(awk '{print $10}' <<<"$line")"
}
printf '%-17s' shape
for name in "${names[@]}"; do printf ' %24s' "heckel $name"; done
printf ' %24s %9s %9s\n' "myers tree" "/ first" "/ myers"
for shape in unique-20 quarter unique-20-inserted feed; do
    printf '%-17s' "$shape"
    first=
    last=
    for name in "${names[@]}"; do
        read -r instructions allocations moves <<<"$(count "$work/probe-$name" "$shape" heckel)"
        printf ' %12s %4sa %5sm' "$instructions" "$allocations" "$moves"
        [ -n "$first" ] || first=$instructions
        last=$instructions
    done
    read -r instructions allocations moves <<<"$(count "$work/probe-tree" "$shape" myers)"
    printf ' %12s %4sa %5sm' "$instructions" "$allocations" "$moves"
    awk -v l="$last" -v f="$first" -v m="$instructions" 'BEGIN { printf " %8.2fx %8.2fx\n", l / f, l / m }'
done
echo "(instructions in probe_diff; a: allocations of the call; m: moves)"
