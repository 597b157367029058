# Gatehouse: the two commands of the README, and the targets they stand on.
#   make demo   installs what is missing, builds release, runs the tools on Samples/
#   make test   installs what is missing (Chromium included, for the report's browser tests, and PostgreSQL, whose
#               throwaway servers the store's tests start), builds with warnings as errors, runs the whole test suite,
#               then checks that release jwtcheck and the release objects define no symbol under libcurl's names (a
#               release build), and that the release binaries hold no test hook (GATEHOUSE_TEST_*)
#   make sanitize  the whole test suite under AddressSanitizer (LeakSanitizer on), the concurrency suites under
#               ThreadSanitizer, both without the PostgreSQL and browser tests; separate build folders (.build/asan,
#               .build/tsan)
#   make fuzz   builds the libFuzzer targets (.build/fuzz) and runs each for FUZZ_SECONDS (default 60)
#   make docs   the DocC archives of JWT, AppleSignIn, GatehouseHTTP, ReviewLog and ReviewNotify (.build/docs), with the toolchain's
#               docc; fails on any DocC warning (scripts/docs)
#   make ci     what CI runs: test, sanitize, docs, and a short fuzz pass (30 s per target)
#   make bench  builds release and runs the benchmark suite (Benchmarks/): a table of ratios, then a summary line;
#               it fails when review's App Store outputs over 100,000 generated cycles are not those of
#               Benchmarks/baselines/app-store-100k.sha256 (issue 24; GATEHOUSE_WRITE_BASELINE=1 rewrites the file)
#   make install  builds release and installs jwtcheck and review with their man pages and bash, zsh and fish
#               completions under PREFIX (default /usr/local); DESTDIR is prepended to every path (packaging).
#               make uninstall removes them.
SHELL := /bin/bash
SWIFT ?= swift
STRICT := -Xswiftc -warnings-as-errors
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

# Run under ThreadSanitizer: suites whose type name contains "Concurrency" (ConcurrencyTests,
# VerifierConcurrencyTests, KeySetFlappingConcurrencyTests) and tests whose function name starts with "concurrent",
# plus the key set provider's storm of concurrent verifications. `swift test list` shows what a filter selects.
CONCURRENCY_FILTER := Concurrency|/concurrent|/storm\(
# Left out of the sanitizer runs: the report's headless Chromium tests (a browser's layout adds nothing under the
# sanitizers; make test runs them once), and every suite with PostgreSQL in its name (PostgreSQLServerTests, the
# store's and the command line's PostgreSQL suites): they start a real server and run once, in make test (issue 14).
# GATEHOUSE_SKIP_POSTGRESQL=1 in SANITIZER_ENV skips, even with CI=true, any PostgreSQL test in a suite of another name.
SANITIZER_SKIP := ReportBrowserTests|PostgreSQL
# make test runs these suites in a second pass of their own: each starts hundreds of built binaries through
# ProcessRunner, whose wait blocks the thread it runs on, and beside the rest of the suite on 2 cores they held the
# test process's cooperative threads long enough for the loopback servers' timed tests (key set fetches, sync
# retries, deliveries) to time out. Apart, both passes are green (issue 20's security round added them).
PROCESS_HEAVY := StoreLocationSecretTests|ChannelURLSecretTests|MalformedKeyTests|SyncMalformedKeyTests|TerminalEscapeEndToEndTests
# And these in a third pass, alone (a few seconds): they hold every slot of a real server and time its shedding and
# deadlines to the 300 ms, and beside the process-heavy suites one of them missed its answer (issue 21's merge). The
# service suite starts libmicrohttpd in the test process too, and libmicrohttpd polls with select(), whose sets stop
# at FD_SETSIZE (1024): in the first pass's process, which holds over a thousand descriptors (its loopback servers
# live out their lifetime), its listening socket was numbered past that and it could not start (a CI run, issue 21).
TIMED_SERVER := ConnectionWatchTests|RequestFramingTests|WebhookServiceTests
# The report listener's handler suite starts libmicrohttpd in process too, so not in the first pass either; it runs
# in a fourth pass of its own (under a second) so that the timed suites run exactly as they did before it.
IN_PROCESS_SERVER := ReportPageHandlerTests
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local
DESTDIR ?=
# No Swift backtracer (it holds a crashing process for half a minute); LeakSanitizer on, with the toolchain's own
# leaks suppressed by library name in .ci/lsan.supp; ThreadSanitizer told about Mutex (.ci/tsan.supp).
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no GATEHOUSE_SKIP_POSTGRESQL=1 ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp:print_suppressions=0 \
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/.ci/tsan.supp:print_suppressions=0

.PHONY: deps build release demo test bench lint clean sanitize asan tsan fuzz docs ci install uninstall

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(STRICT)

release: deps
	SWIFT=$(SWIFT) scripts/swift-build -c release $(STRICT)

demo: release
	@scripts/demo "$(RELEASE_BIN)"

install: release
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install "$(RELEASE_BIN)"

uninstall:
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install --uninstall

test: deps
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build --disable-xctest --skip '$(PROCESS_HEAVY)|$(TIMED_SERVER)|$(IN_PROCESS_SERVER)'
	$(SWIFT) test --skip-build --disable-xctest --filter '$(PROCESS_HEAVY)'
	$(SWIFT) test --skip-build --disable-xctest --filter '$(TIMED_SERVER)'
	$(SWIFT) test --skip-build --disable-xctest --filter '$(IN_PROCESS_SERVER)'
	SWIFT=$(SWIFT) scripts/check-libcurl-symbols
	SWIFT=$(SWIFT) scripts/check-release-test-hooks

sanitize: asan tsan

asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan $(STRICT) 2>&1 \
		| grep -v "Cannot export local symbol"; test $${PIPESTATUS[0]} -eq 0
	$(SANITIZER_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=address --scratch-path .build/asan --no-parallel \
		--skip '$(SANITIZER_SKIP)'

tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan $(STRICT)
	$(SANITIZER_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=thread --scratch-path .build/tsan \
		--filter '$(CONCURRENCY_FILTER)' --skip '$(SANITIZER_SKIP)'

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz

# Symbol graphs from the debug build (the one `make test` made: nothing is compiled again), then docc convert per
# library with warnings as errors.
docs: deps
	@scripts/docs

ci: test sanitize docs
	FUZZ_SECONDS=30 scripts/fuzz

bench: deps
	@Benchmarks/run

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz Benchmarks

clean:
	rm -rf .build
