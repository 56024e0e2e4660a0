#!/usr/bin/env python3
"""Lists every public symbol of the package's modules that has no doc comment of its own.

Reads the symbol graphs (`*.symbols.json`, from `swift package dump-symbol-graph` or
`swiftc -emit-symbol-graph`) in the folders given, keeps the symbols declared in the package's
sources (not those the compiler synthesizes, nor the blocks of extensions), and fails when one
has no doc comment, or only the one it inherits from a protocol or a superclass. Symbols behind
`@_spi` and below `public` are not in the graphs.

    coverage.py [--label LABEL] [--modules A,B] [--strip PREFIX] FOLDER...

`--modules`: the modules whose graphs must be there (default: the five library products).
`--strip PREFIX`: the sources were compiled from a copy (make apple-check's platform copies):
paths are shown without PREFIX.
"""
import glob
import json
import os
import sys

MODULES = ["FingerprintDiff", "ModelStorage", "ModelStorageGRDB", "ModelStorageTesting", "ModelStorageViews"]


def own_doc_comment(symbol):
    """Whether the symbol's doc comment is written at its declaration (not inherited)."""
    doc = symbol.get("docComment")
    if not doc or not any(line.get("text", "").strip() for line in doc.get("lines", [])):
        return False
    location = symbol.get("location", {})
    # An inherited comment names the file (or module) it comes from, which is not the symbol's.
    if "uri" in doc and doc["uri"] != location.get("uri"):
        return False
    return True


def main(argv):
    label, strip, folders, required = "", "", [], MODULES
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--label":
            label = next(arguments) + ": "
        elif argument == "--modules":
            required = next(arguments).split(",")
        elif argument == "--strip":
            strip = next(arguments)
        else:
            folders.append(argument)
    counts = {module: [0, 0] for module in MODULES}   # documented, missing
    missing = []
    seen = set()
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
            module = os.path.basename(path).split(".")[0].split("@")[0]
            if module not in counts:
                continue
            with open(path) as file:
                graph = json.load(file)
            for symbol in graph.get("symbols", []):
                precise = symbol["identifier"]["precise"]
                kind = symbol["kind"]["identifier"]
                location = symbol.get("location")
                if (location is None or "::SYNTHESIZED::" in precise or kind == "swift.extension"
                        or symbol.get("accessLevel") not in ("public", "open")):
                    continue
                if (module, precise) in seen:
                    continue
                seen.add((module, precise))
                if own_doc_comment(symbol):
                    counts[module][0] += 1
                    continue
                counts[module][1] += 1
                file_path = location["uri"].removeprefix("file://")
                if strip and file_path.startswith(strip):
                    file_path = file_path[len(strip):].lstrip("/")
                file_path = os.path.relpath(file_path) if file_path.startswith("/") else file_path
                line = location.get("position", {}).get("line", 0) + 1
                name = ".".join(symbol.get("pathComponents", [symbol["names"]["title"]]))
                missing.append(f"{file_path}:{line}: {module}.{name} ({kind.removeprefix('swift.')}) has no doc comment")
    absent_graphs = [module for module in required if sum(counts[module]) == 0]
    if absent_graphs:
        print(f"{label}no symbol graph of {', '.join(absent_graphs)} in {' '.join(folders)}", file=sys.stderr)
        return 2
    for line in sorted(missing):
        print(line)
    for module, (documented, absent) in counts.items():
        if documented + absent:
            print(f"{label}{module}: {documented} of {documented + absent} public symbols documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
