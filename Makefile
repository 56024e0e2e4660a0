# ModelStorage: set-up and everyday commands. Each target installs what it needs on a fresh
# Debian/Ubuntu machine (libxxhash-dev, libsqlite3-dev, pkg-config; valgrind for
# `instructions`) before building.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BENCH := $(SWIFT) run -c release --package-path Benchmarks DiffBenchmarks
# The same benchmark built with the package's own XXH3 (what `traits: []` gives), for digests.
BENCH_PACKAGED := MODELSTORAGE_XXH3=packaged $(SWIFT) run -c release --package-path Benchmarks --scratch-path Benchmarks/.build-packaged DiffBenchmarks

.PHONY: deps python3 valgrind test test-packaged asan consumer apple-check line-corpus docs doc-coverage planted-faults bench bench-full bench-json bench-scale memory phases database instructions digests performance performance-document fuzz clean

## Installs the system packages the build needs, when they are missing.
deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libxxhash sqlite3 2>/dev/null; then \
		echo "Installing libxxhash-dev, libsqlite3-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libxxhash-dev libsqlite3-dev pkg-config; \
	fi

## Runs the whole test suite (unit, property and corpus-replay tests), DatabaseStorage included
## (the package trait GRDB), with the default trait SystemXXHash (libxxhash's XXH3). A fresh
## clone's first run took 1.5 minutes on 2 cores (building GRDB included), the tests 30 s.
test: deps
	MODELSTORAGE_EXPECTED_XXH3=system $(SWIFT) test --traits SystemXXHash,GRDB,InternalChecks

## The same suite built with the package's own XXH3 (what `traits: []` gives), in .build-packaged.
test-packaged: deps
	MODELSTORAGE_EXPECTED_XXH3=packaged $(SWIFT) test --traits GRDB,InternalChecks --scratch-path .build-packaged

## The suite built with AddressSanitizer (its leak check included), in .build/asan (another
## folder: `make asan ASAN_BUILD=/tmp/asan-build`). A failing test or any sanitizer report fails
## it: besides the exit status, the log (.build/asan/asan-test.log) is searched for a report, so
## that none passes unseen whatever `swift test` makes of the test process's exit code.
## Tests/asan-suppressions.txt suppresses only the XCTest runner's own leak. About 30 minutes on
## 2 busy cores; not part of CI.
ASAN_BUILD ?= .build/asan
ASAN_TRAITS := --traits SystemXXHash,GRDB,InternalChecks
asan: deps
	MODELSTORAGE_EXPECTED_XXH3=system $(SWIFT) build --build-tests --sanitize=address --build-path $(ASAN_BUILD) $(ASAN_TRAITS)
	@{ SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/asan-suppressions.txt \
		$(SWIFT) test --skip-build --sanitize=address --build-path $(ASAN_BUILD) $(ASAN_TRAITS) 2>&1; \
		echo $$? > $(ASAN_BUILD)/asan-test.status; } | tee $(ASAN_BUILD)/asan-test.log
	@if grep -q "ERROR: [A-Za-z]*Sanitizer" $(ASAN_BUILD)/asan-test.log; then \
		grep "^SUMMARY: [A-Za-z]*Sanitizer" $(ASAN_BUILD)/asan-test.log; \
		echo "make asan: sanitizer reports above (the whole log: $(ASAN_BUILD)/asan-test.log)"; exit 1; \
	fi
	@[ "$$(cat $(ASAN_BUILD)/asan-test.status)" = 0 ] || { echo "make asan: swift test failed"; exit 1; }
	@echo "make asan: no sanitizer report"

## A new user's package that depends on this one with `traits: []`, built where libxxhash is
## hidden (as root; see Tests/Consumer/check.sh): it must build, run and link no libxxhash.
consumer:
	Tests/Consumer/check.sh

## ModelStorageViews' UIKit and AppKit code, and the README's and DocC's UIKit and AppKit
## examples, type-checked against interface stubs of Apple's documented declarations
## (Tests/AppleStubs), with proof that a planted error fails it (about a minute).
apple-check: deps python3
	Tests/AppleStubs/check.sh

## The DocC documentation of the library products; any warning fails. Its own build folder
## (.build-docs), so that it and make test, which ask for other traits, do not rebuild each other.
docs: deps
	$(SWIFT) package --scratch-path .build-docs --traits GRDB generate-documentation --target FingerprintDiff --target ModelStorage --target ModelStorageGRDB --target ModelStorageTesting --target ModelStorageViews --warnings-as-errors

## Every public symbol of the library products, as built on Linux (ModelStorageGRDB included),
## has a doc comment of its own: Tests/DocCoverage/coverage.py over the symbol graphs of the build
## `make docs` uses (.build-docs), listing each symbol that has none. `make apple-check` checks
## the UIKit and AppKit builds of ModelStorageViews the same way.
doc-coverage: deps python3
	mkdir -p .build-docs && rm -rf .build-docs/*/symbolgraph
	@# dump-symbol-graph also asks for the tests' discovery module, which has no graph, and exits
	@# with that error after writing the library modules' graphs: its first error is shown, and
	@# coverage.py fails when a library module's graph is missing.
	$(SWIFT) package --scratch-path .build-docs --traits GRDB dump-symbol-graph --skip-synthesized-members \
		--skip-inherited-docs --minimum-access-level public 2> .build-docs/dump-symbol-graph.log \
		|| grep -m1 "error:" .build-docs/dump-symbol-graph.log
	python3 Tests/DocCoverage/coverage.py $$(find .build-docs -maxdepth 2 -type d -name symbolgraph)

## The benchmark tables: each diff against its floor and the standard library, each storage
## operation against the bare diff. A fresh clone's first run took 2 minutes on 2 cores (1.5 of
## them building), later runs about a minute.
bench: deps line-corpus
	$(BENCH)

## The whole benchmark matrix (several minutes).
bench-full: deps line-corpus
	$(BENCH) --full

## The line-diff corpus of the repeated-ids table (files modified between releases of
## swift-syntax, swift-crypto, Yams and Nimble), built once into .build/line-corpus.
line-corpus:
	@[ -f .build/line-corpus/index.txt ] || Benchmarks/line-corpus.sh .build/line-corpus

## The default tables as JSON (each table as printed, and every benchmark's median in ns).
bench-json: deps line-corpus
	$(BENCH) --format json

## MemoryStorage at 100,000 and 1,000,000 items, each figure against one whole Changeset of the
## same list in the same run, with its target (several minutes).
bench-scale: deps
	$(BENCH) --scale

## Peak extra memory per element of one diff at 1,000,000 elements.
memory: deps
	$(BENCH) --memory

## Where the time of one diff goes, step by step; then where the instructions of the repeated-ids
## pairing go, step by step (Benchmarks/repeats.sh --phases, callgrind).
phases: deps valgrind
	$(BENCH) --phases
	Benchmarks/repeats.sh --phases

## DatabaseStorage against GRDB's ValueObservation.
database: deps
	$(BENCH) --database

## Digests of fingerprints, changesets and storage updates on fixed inputs, compared with the
## committed Benchmarks/digests.txt: a change that must not alter any result leaves them equal.
## Both builds: libxxhash's XXH3 and the package's own (which must give the same digests).
digests: deps
	@mkdir -p .build
	$(BENCH) --digests > .build/digests.txt
	diff -u Benchmarks/digests.txt .build/digests.txt && echo "digests (libxxhash): unchanged"
	$(BENCH_PACKAGED) --digests > .build/digests-packaged.txt
	diff -u Benchmarks/digests.txt .build/digests-packaged.txt && echo "digests (own XXH3): unchanged"

## Instructions per diff (callgrind), steady whatever the machine's load; then one fd_diff call on
## the repeated-id shapes against the core before the pairing (eb092cd) and Myers, with the
## allocations of each call (Benchmarks/repeats.sh).
instructions: deps valgrind
	Benchmarks/instructions.sh
	Benchmarks/repeats.sh

## Every benchmark mode as JSON into Documentation/performance/ (the default tables, --phases,
## --memory, --updater, --database, --scale, the instruction counts), then the document from them. About
## 15 minutes on 2 cores; run it under `nice -n 10` on a shared machine.
PERFORMANCE_JSON := Documentation/performance
performance: deps valgrind line-corpus
	@mkdir -p $(PERFORMANCE_JSON)
	$(SWIFT) build -c release --package-path Benchmarks --product DiffBenchmarks
	$(SWIFT) --version 2>/dev/null | head -1 > $(PERFORMANCE_JSON)/toolchain.txt
	$(BENCH) --format json > $(PERFORMANCE_JSON)/tables.json
	$(BENCH) --phases --format json > $(PERFORMANCE_JSON)/phases.json
	$(BENCH) --memory --format json > $(PERFORMANCE_JSON)/memory.json
	$(BENCH) --updater --format json > $(PERFORMANCE_JSON)/updater.json
	$(BENCH) --database --format json > $(PERFORMANCE_JSON)/database.json
	$(BENCH) --scale --format json > $(PERFORMANCE_JSON)/scale.json
	Benchmarks/instructions.sh --format json > $(PERFORMANCE_JSON)/instructions.json
	$(MAKE) performance-document

## Documentation/Performance.md and the README's performance table, from the committed JSON
## (no benchmark is run).
performance-document:
	$(SWIFT) run -c release --package-path Benchmarks PerformanceDocument $(PERFORMANCE_JSON) Documentation/Performance.md README.md

## python3, for the doc-comment check (Tests/DocCoverage/coverage.py).
python3:
	@command -v python3 >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3; }

valgrind:
	@command -v valgrind >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq valgrind; }

## Fuzzes the C core and the Swift facade for 60 s each.
## Proves that the database tests bite: each fault of Tests/PlantedFaults/faults.txt (a record
## dropped too early, a retirement skipped), planted in a copy of the package, must fail the suites
## that check DatabaseStorage under outside writes (several minutes; not part of CI).
planted-faults: deps python3
	Tests/PlantedFaults/check.sh

fuzz: deps
	Tests/Fuzz/run.sh core 60
	Tests/Fuzz/run.sh facade 60

clean:
	rm -rf .build Benchmarks/.build
