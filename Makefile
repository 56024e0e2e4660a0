# ModelStorage — set-up and everyday commands. Each target installs what it needs on a fresh
# Debian/Ubuntu machine (libxxhash-dev, libsqlite3-dev, pkg-config) before building.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test bench bench-json memory phases fuzz clean

## Installs the system packages the build needs, when they are missing.
deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libxxhash sqlite3 2>/dev/null; then \
		echo "Installing libxxhash-dev, libsqlite3-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libxxhash-dev libsqlite3-dev pkg-config; \
	fi

## Runs the whole test suite (unit, property and corpus-replay tests).
test: deps
	$(SWIFT) test

## Runs the benchmark executable in release mode and prints the table.
bench: deps
	$(SWIFT) run -c release DiffBenchmarks

## The same, as JSON.
bench-json: deps
	$(SWIFT) run -c release DiffBenchmarks --format json

## Peak extra memory per element of one diff at 1,000,000 elements.
memory: deps
	$(SWIFT) run -c release DiffBenchmarks --memory

## Where the time of one diff goes, step by step.
phases: deps
	$(SWIFT) run -c release DiffBenchmarks --phases

clean:
	rm -rf .build
