#!/usr/bin/env bash
# The first hour of a new user on a machine without libxxhash (what an iOS SDK, a static Linux
# SDK or a fresh machine look like): the consumer package in this folder, which depends on
# ModelStorage with `traits: []`, must build, print what the README says, and link no
# libxxhash; with the default traits the build must fail with the message that names the trait.
#
#   Tests/Consumer/check.sh
#
# As root, libxxhash (headers, libraries, pkg-config file) is hidden in a private mount
# namespace by overlays that delete it, whether it is installed or not; the system is not
# changed. Otherwise it runs as the machine is, and says so. CI runs it.
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$self")"
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)

if [ "${1:-}" != --hidden ] && [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
    layers=$(mktemp -d)
    trap 'rm -rf "$layers"' EXIT
    mkdir -p "$layers"/{include,lib}/{upper,work}
    # Where the kernel refuses the overlays, the check runs on the machine as it is.
    exec unshare -m bash -c '
        if mount -t overlay overlay -o lowerdir=/usr/include,upperdir='"$layers"'/include/upper,workdir='"$layers"'/include/work /usr/include &&
           mount -t overlay overlay -o lowerdir=/usr/lib/'"$multiarch"',upperdir='"$layers"'/lib/upper,workdir='"$layers"'/lib/work /usr/lib/'"$multiarch"'; then
            rm -f /usr/include/xxhash.h /usr/include/xxh3.h /usr/include/xxh_x86dispatch.h \
                  /usr/lib/'"$multiarch"'/libxxhash* /usr/lib/'"$multiarch"'/pkgconfig/libxxhash.pc
        fi
        exec "$0" --hidden' "$self"
fi

if [ -e /usr/include/xxhash.h ]; then
    echo "note: libxxhash-dev is installed and could not be hidden (not root, or no overlays); checking anyway"
else
    echo "libxxhash: not installed here (xxhash.h, libxxhash.so* and libxxhash.pc are absent)"
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "== a consumer with traits: [] builds and runs"
swift build --package-path . --scratch-path "$scratch/none" 2>&1 | tail -3
binary="$scratch/none/debug/Consumer"
output=$("$binary")
echo "$output"
if ! diff -u expected-output.txt <(echo "$output"); then
    echo "FAIL: the consumer printed something else than Tests/Consumer/expected-output.txt"
    exit 1
fi
echo "== readelf -d: no libxxhash"
readelf -d "$binary" | grep NEEDED
if readelf -d "$binary" | grep -q xxhash; then
    echo "FAIL: the consumer links libxxhash"
    exit 1
fi

if [ ! -e /usr/include/xxhash.h ]; then
    echo "== a consumer with the default traits (SystemXXHash) fails, naming the trait"
    if log=$(CONSUMER_TRAITS=default swift build --package-path . --scratch-path "$scratch/default" 2>&1); then
        echo "FAIL: the default traits built without libxxhash-dev"
        exit 1
    fi
    if ! grep -m1 "error: \"ModelStorage: the package trait SystemXXHash" <<<"$log"; then
        echo "$log" | tail -20
        echo "FAIL: the build failed without the message that names the trait"
        exit 1
    fi
fi
echo "== the README's database example without the trait GRDB: the first error names the trait"
mkdir -p Generated/DatabaseExample
awk '/^### A storage that follows a database/ { section = 1 }
     section && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' ../../README.md > Generated/DatabaseExample/main.swift
if log=$(CONSUMER_DATABASE=1 swift build --package-path . --scratch-path "$scratch/database" --product DatabaseExample 2>&1); then
    echo "FAIL: the database example built without the trait GRDB"
    exit 1
fi
# The first error about the source (the build's own "emit-module command failed" lines name none).
first=$(grep -m1 -E '\.swift:[0-9]+:[0-9]+: error:' <<<"$log" || true)
echo "$first"
if ! grep -q 'trait "GRDB"' <<<"$first"; then
    echo "$log" | grep "error:" | head -5
    echo "FAIL: the first error does not name the trait GRDB"
    exit 1
fi
echo "consumer check: passed"
