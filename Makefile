# Chimera — the two quick-start commands are `make play` and `make test`.
# C++ is built with CMake presets; system packages come from Debian (apt-get),
# front-end packages from npm with the committed lock file.

SHELL := /bin/bash
JOBS ?= $(shell nproc)
PORT ?= 8080
APT_PACKAGES := build-essential cmake ninja-build g++ git libgtest-dev libgmock-dev libbenchmark-dev \
                clang libclang-rt-14-dev lld clang-format libboost-dev nlohmann-json3-dev \
                libsqlite3-dev libpq-dev libsodium-dev postgresql haproxy openssl curl
WEB_STAMP := web/node_modules/.installed

.PHONY: all build build-debug ctest-debug deps web-deps web test test-release test-debug test-web e2e fuzz fuzz-run bench \
        play format format-check check-clang-format clean

all: build

# Installs the Debian packages that are missing (only those), as root or via sudo.
# Node.js and npm come from Debian only when the machine has no `node` yet;
# Chromium (for the browser tests) only when /usr/bin/chromium is missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# A tree configured with another generator (before the presets chose Ninja) is
# reconfigured from scratch: CMake refuses to switch generators in place.
fresh-if-not-ninja = @grep -qs 'CMAKE_GENERATOR:INTERNAL=Ninja' $(1)/CMakeCache.txt || rm -rf $(1)/CMakeCache.txt $(1)/CMakeFiles

build: deps
	$(call fresh-if-not-ninja,build)
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web-deps: deps $(WEB_STAMP)

web: web-deps
	cd web && npm run build

# Everything, in this order: the formatting check (FORMAT_CHECK= skips it) and
# the layer check, the release build and its tests, then one clang tree
# (build-debug) with the address/undefined-sanitizer build of the tests and the
# libFuzzer targets, its tests and a short fuzz run, the client's unit tests and
# the browser tests (without their screenshots, which `make e2e` takes). The
# sanitizer tree is built beside the optimised tree's tests, and the client's
# unit tests run beside the sanitizer tests, at the
# lowest CPU priority (tools/beside): they take the CPU those tests leave idle
# while they wait on sockets and processes. tools/phase prints how long each
# phase took (the CPU-s of two phases side by side are the machine's, counted
# in both).
FORMAT_CHECK ?= format-check
PHASE := tools/phase
test:
	@date +%s > .test-started
	$(PHASE) deps $(MAKE) --no-print-directory deps web-deps
	$(if $(FORMAT_CHECK),$(PHASE) format-check $(MAKE) --no-print-directory $(FORMAT_CHECK))
	$(PHASE) check-layers tools/check-layers
	$(PHASE) build-release $(MAKE) --no-print-directory build
	$(PHASE) build-web $(MAKE) --no-print-directory web
	$(PHASE) ctest-release+build-debug tools/beside '$(PHASE) build-debug $(MAKE) --no-print-directory build-debug' \
	  ctest --preset release -j $(BLACKBOX_JOBS)
	$(PHASE) ctest-debug+vitest tools/beside "$(PHASE) vitest bash -c 'cd web && npm test'" \
	  $(MAKE) --no-print-directory ctest-debug
	$(PHASE) fuzz $(MAKE) --no-print-directory fuzz-run
	$(PHASE) e2e bash -c 'cd web && CHIMERA_SHOTS=0 npm run e2e'
	@echo "== make test: $$(( $$(date +%s) - $$(cat .test-started) )) s in all"; rm -f .test-started

build-debug: deps
	$(call fresh-if-not-ninja,build-debug)
	cmake --preset debug >/dev/null
	cmake --build --preset debug -j $(JOBS)

# The sanitizer tests: the in-process ones built in build-debug (each group as
# a few gtest shards there: tests/CMakeLists.txt), and the
# black-box ones (label "blackbox": server over sockets, CLI, UCI) of the
# release tree run against build-debug/chimera, except those labelled
# "postgres_api" (tests/CMakeLists.txt). The same tree holds the fuzz targets.
# Black-box tests mostly wait on sockets and processes: one more at a time than cores.
BLACKBOX_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
# Left out of the sanitized pass (the release pass runs them): tests that
# mostly wait out real time (abort windows, flag falls, a restart's charge)
# on server code that the other black-box tests run too, and a measurement of
# message sizes.
SANITIZED_SKIP := ^(ServerAbort\.(AComputerGameIsKept|ATimedGameIsNotClaimed|AJoinedGameIsNotAborted|ThePlayerWhoStayedClaims)|ServerIntegrity\.ARestartCharges|ServerPersistence\.AnEmptySeatDoesNotLoseOnTime|ServerEndings\.AFlagAgainst|ServerPushSizes\.)
ctest-debug:
	CHIMERA_REFERENCE_BINARY=$(CURDIR)/build/chimera ctest --preset debug -j $(JOBS)
	CHIMERA_BINARY=$(CURDIR)/build-debug/chimera CHIMERA_BINARY_SANITIZED=1 \
	  ctest --preset release -L blackbox -LE postgres_api -E '$(SANITIZED_SKIP)' -j $(BLACKBOX_JOBS)

test-debug: build build-debug
	$(MAKE) --no-print-directory ctest-debug

test-web: web-deps
	cd web && npm test

e2e: build web
	cd web && npm run e2e

# Each fuzz target for FUZZ_SECONDS, JOBS of them at a time.
FUZZ_SECONDS ?= 2
fuzz: deps
	$(call fresh-if-not-ninja,build-debug)
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	$(MAKE) --no-print-directory fuzz-run

fuzz-run:
	tools/run-fuzzers build-debug $(FUZZ_SECONDS) $(JOBS)

# The measuring tools (load generator, micro-benchmarks), not built by `build`.
tools: build
	cmake --build --preset release -j $(JOBS) --target chimera_loadgen chimera_microbench chimera_tune_eval chimera_label_games

bench: tools
	./build/chimera bench perft
	./build/chimera bench
	./build/chimera_microbench

play: build web
	./build/chimera serve --port $(PORT) --db chimera.db --static web/dist

# clang-format 14 (Debian 12's) only: another version formats differently.
# (Expanded when used, so after `deps` has installed it.)
CLANG_FORMAT = $(shell command -v clang-format-14 2>/dev/null || command -v clang-format 2>/dev/null)
check-clang-format: deps
	@[ -n "$(CLANG_FORMAT)" ] || { echo "clang-format 14 is missing: run make deps (Debian's clang-format)" >&2; exit 1; }
	@$(CLANG_FORMAT) --version | grep -q ' version 14\.' || \
	  { echo "$(CLANG_FORMAT) is not clang-format 14: $$($(CLANG_FORMAT) --version)" >&2; exit 1; }

format: check-clang-format
	$(CLANG_FORMAT) -i $$(git ls-files '*.h' '*.cpp')

format-check: check-clang-format
	$(CLANG_FORMAT) --dry-run --Werror $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf build build-debug build-fuzz web/dist web/node_modules
