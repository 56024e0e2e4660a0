#!/usr/bin/env bash
# Instructions and allocations of one fd_diff call on the repeated-id shapes (those of the
# "repeats" rows of DiffBenchmarks): Benchmarks/RepeatsProbe/repeats_probe.c built against the
# C core of each revision given (default: eb092cd, the core just before the repeated-ids
# pairing, and the working tree), instructions of probe_diff counted by valgrind's callgrind (the same count
# whatever the machine's load). Heckel for every revision, Myers for the last.
#
#   Benchmarks/repeats.sh                 eb092cd against the working tree
#   Benchmarks/repeats.sh REV [REV...]    those revisions, then the working tree
#   Benchmarks/repeats.sh --phases        where the working tree's instructions go, per step of
#                                         the repeated-ids pairing (make phases runs it)
#   Benchmarks/repeats.sh --same-as REV   whether the working tree's Heckel gives REV's results
#                                         (matching, moves) on 200,000 random cases with repeats
#                                         (RepeatsProbe/same_results.c): for a faster path
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "repeats.sh needs valgrind (make instructions installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compiler=$(command -v clang || command -v cc)
if [ "${1:-}" = --same-as ]; then
    revision=${2:?--same-as needs a revision}
    mkdir -p "$work/src"
    git archive "$revision" CSources/CFingerprintDiff | tar -x -C "$work/src"
    for side in src/CSources/CFingerprintDiff:revision CSources/CFingerprintDiff:tree; do
        directory=${side%%:*}
        [ "$directory" = CSources/CFingerprintDiff ] || directory="$work/$directory"
        "$compiler" -O2 -std=c11 -I "$directory/include" "$directory"/*.c Benchmarks/RepeatsProbe/same_results.c \
            -o "$work/same-${side##*:}" -lm
        "$work/same-${side##*:}" > "$work/${side##*:}.txt" 2>/dev/null
    done
    if cmp -s "$work/revision.txt" "$work/tree.txt"; then
        echo "same results as $revision on $(wc -l < "$work/tree.txt") cases"
    else
        echo "results differ from $revision: first differing case:"
        cmp "$work/revision.txt" "$work/tree.txt" | head -1
        exit 1
    fi
    exit 0
fi
if [ "${1:-}" = --phases ]; then
    # DWARF 4: the debug info valgrind reads; callgrind's call tree gives each step's share.
    "$compiler" -O2 -gdwarf-4 -std=c11 -I CSources/CFingerprintDiff/include CSources/CFingerprintDiff/*.c \
        Benchmarks/RepeatsProbe/repeats_probe.c -o "$work/probe" -lm
    printf '%-19s %11s %11s %11s %11s %11s %11s %11s\n' shape "fd_diff" "occurrence" "pairing" "its LIS" "gaps" \
        "remainder" "own loops"
    for shape in unique-20 quarter unique-20-inserted feed; do
        valgrind --tool=callgrind --toggle-collect=probe_diff --callgrind-out-file="$work/out" "$work/probe" "$shape" heckel \
            >/dev/null 2>&1
        callgrind_annotate --inclusive=yes --tree=calling "$work/out" 2>/dev/null | awk -v shape="$shape" '
            function number(text) { gsub(",", "", text); return text + 0 }
            /PROGRAM TOTALS/ { total = number($1) }
            /\* +\/.*fd_occurrence_noting\.c:fd_step_match_by_occurrence_noting$/ { occurrence = number($1) }
            /\*  CSources.*fd_step_pair_repeats \[/ { inside = 1; pairing = number($1); next }
            inside && /^ *$/ { inside = 0 }
            inside && /fd_longest_increasing_subsequence/ { lis = number($1) }
            inside && /pair_gaps/ { gaps = number($1) }
            inside && /fd_step_match_by_occurrence / { remainder = number($1) }
            inside && />/ { children += number($1) }
            END { printf "%-19s %11d %11d %11d %11d %11d %11d %11d\n", shape, total, occurrence, pairing, lis, gaps, remainder,
                  pairing - children }'
    done
    echo "(instructions, callgrind, one fd_diff call of 40,000 elements: the whole call; the occurrence-order"
    echo " matching that records which fingerprints repeat; the pairing; of it, its LIS (frame, the final"
    echo " matching's, which fd_diff takes, and a bound when needed), the gaps (pair_gaps: the walk over"
    echo " the frame, its workspace and the gaps' searches), the remainder's occurrence matching, and"
    echo " its own loops: anchors, undoing pairs, lists, copies)"
    exit 0
fi
revisions=("$@")
[ ${#revisions[@]} -gt 0 ] || revisions=(eb092cd)
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
