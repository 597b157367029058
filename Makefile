# Gatehouse: the two commands of the README, and the targets they stand on.
#   make demo   installs what is missing, builds release, runs the tools on Samples/
#   make test   installs what is missing, builds with warnings as errors, runs the whole test suite
#   make bench  builds release and runs the benchmark suite (Benchmarks/): a table of ratios, then a summary line
SHELL := /bin/bash
SWIFT ?= swift
STRICT := -Xswiftc -warnings-as-errors
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: deps build release demo test bench lint clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(STRICT)

release: deps
	$(SWIFT) build -c release $(STRICT)

demo: release
	@scripts/demo "$(RELEASE_BIN)"

test: deps
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

bench: deps
	@Benchmarks/run

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build
