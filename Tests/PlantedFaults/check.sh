#!/usr/bin/env bash
# make planted-faults: proves that the database tests bite. In a copy of the package (its tracked
# files, in .build-faults), each fault of faults.txt is planted in turn; the suites that check
# DatabaseStorage's promise under outside writes (SyncEngineWritesTests, HeldContentsTests) must
# pass on the copy as it is and fail with each fault. Several minutes on 2 cores (one debug build,
# then one incremental build per fault).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$root/.build-faults
suites="SyncEngineWritesTests|HeldContentsTests"
export MODELSTORAGE_EXPECTED_XXH3=system
traits=SystemXXHash,GRDB,InternalChecks

rm -rf "$work/copy" && mkdir -p "$work/copy"
# The tracked files as they are now (uncommitted changes included), nothing else.
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work/copy"
cd "$work/copy"

run_suites() {
    swift build --build-tests --traits "$traits" --scratch-path "$work/build" >"$work/build.log" 2>&1 \
        || { tail -30 "$work/build.log"; echo "planted-faults: the copy does not build"; exit 1; }
    swift test --skip-build --traits "$traits" --scratch-path "$work/build" --filter "$suites" >"$work/test.log" 2>&1
}

echo "== the copy as it is: the suites pass"
if ! run_suites; then
    grep -E "✘" "$work/test.log" | head -10
    echo "planted-faults: the suites fail without a fault"
    exit 1
fi

failures=0
# Faults: blocks of four lines (name, file, line as it is, replacement) after the comments.
mapfile -t lines < <(grep -v '^#' "$root/Tests/PlantedFaults/faults.txt" | sed '/^$/d')
for ((k = 0; k < ${#lines[@]}; k += 4)); do
    name=${lines[k]} file=${lines[k+1]} original=${lines[k+2]} planted=${lines[k+3]}
    echo "== planted: $name"
    cp "$root/$file" "$file"
    if ! ORIGINAL=$original PLANTED=$planted python3 - "$file" <<'PY'
import os, sys
path = sys.argv[1]
text = open(path).read()
original, planted = os.environ["ORIGINAL"], os.environ["PLANTED"]
lines = text.split("\n")
if lines.count(original) != 1:
    sys.exit(f"the line to plant in is not once in {path}: {original.strip()}")
lines[lines.index(original)] = planted
open(path, "w").write("\n".join(lines))
PY
    then
        failures=$((failures + 1))
        continue
    fi
    if run_suites; then
        echo "planted-faults: the suites still pass with this fault"
        failures=$((failures + 1))
    else
        grep -m3 -E "✘ Test .* recorded an issue" "$work/test.log" | cut -c1-200 || true
    fi
    cp "$root/$file" "$file"
done
[ "$failures" = 0 ] || { echo "planted-faults: $failures fault(s) not caught"; exit 1; }
echo "planted-faults: every fault fails the suites"
