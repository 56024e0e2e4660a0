#!/usr/bin/env python3
"""Writes the Swift code blocks of the given Markdown files that import FRAMEWORK (UIKit or
AppKit) to OUT/<file>-<n>.swift, one file per block, and prints their paths."""
import os
import re
import sys

framework, out, *files = sys.argv[1:]
os.makedirs(out, exist_ok=True)
for path in files:
    text = open(path, encoding="utf-8").read()
    blocks = re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
    for number, block in enumerate(blocks):
        if re.search(rf"^import {framework}$", block, flags=re.M):
            name = re.sub(r"[^A-Za-z0-9]+", "_", os.path.splitext(path)[0]).strip("_")
            target = os.path.join(out, f"{name}_{number}.swift")
            with open(target, "w", encoding="utf-8") as file:
                file.write(block)
            print(target)
