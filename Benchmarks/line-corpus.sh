#!/usr/bin/env bash
# Builds the line-diff corpus of `DiffBenchmarks --lines` (make bench runs it when the corpus
# is missing): every Swift, C and Markdown file modified between two releases of packages no
# one here wrote, as an old/new pair of files. The files are not committed; this script is.
#
#   Benchmarks/line-corpus.sh DIRECTORY
#
# Clones each repository (bare) with git from https://github.com/OWNER/NAME, which this
# machine's package mirror answers, and writes DIRECTORY/NNNN.old, DIRECTORY/NNNN.new and
# DIRECTORY/index.txt (one line per pair: repository, versions, path).
set -euo pipefail
out=${1:?usage: line-corpus.sh DIRECTORY}
pairs=(
    "swiftlang/swift-syntax 600.0.1 602.0.0"
    "swiftlang/swift-syntax 602.0.0 603.0.1"
    "apple/swift-crypto 3.12.3 4.5.2"
    "jpsim/Yams 5.0.1 6.2.2"
    "Quick/Nimble 13.8.0 14.0.0"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$out.partial"
mkdir -p "$out.partial"
count=0
for pair in "${pairs[@]}"; do
    read -r repository from to <<<"$pair"
    clone="$work/${repository//\//_}.git"
    [ -d "$clone" ] || git clone -q --bare "https://github.com/$repository" "$clone"
    while IFS= read -r path; do
        name=$(printf '%04d' "$count")
        git -C "$clone" show "$from:$path" > "$out.partial/$name.old"
        git -C "$clone" show "$to:$path" > "$out.partial/$name.new"
        printf '%s %s %s %s\n' "$name" "$repository" "$from..$to" "$path" >> "$out.partial/index.txt"
        count=$((count + 1))
    done < <(git -C "$clone" diff --diff-filter=M --name-only "$from" "$to" -- '*.swift' '*.c' '*.h' '*.md')
done
rm -rf "$out"
mv "$out.partial" "$out"
echo "line corpus: $count file pairs in $out" >&2
