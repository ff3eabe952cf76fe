# Chimera — the two quick-start commands are `make play` and `make test`.
# Everything is built with CMake presets; system packages come from Debian.

SHELL := /bin/bash
JOBS ?= $(shell nproc)
APT_PACKAGES := build-essential cmake g++ git libgtest-dev libgmock-dev libbenchmark-dev \
                clang libclang-rt-14-dev clang-format libboost-dev nlohmann-json3-dev \
                libsqlite3-dev

.PHONY: all build deps test test-release test-debug fuzz bench play format format-check clean

all: build

# Installs the Debian packages that are missing (only those), as root or via sudo.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

# Release tests, then the sanitizer build of the tests, then a short fuzz run.
test: build
	ctest --preset release -j $(JOBS)
	$(MAKE) --no-print-directory test-debug
	$(MAKE) --no-print-directory fuzz

test-debug: deps
	cmake --preset debug >/dev/null
	cmake --build --preset debug -j $(JOBS)
	ctest --preset debug -j $(JOBS)

FUZZ_SECONDS ?= 20
fuzz: deps
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	tools/run-fuzzers build-fuzz $(FUZZ_SECONDS)

bench: build
	./build/chimera bench perft
	./build/chimera_microbench

play: build
	./build/chimera play

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

format-check:
	clang-format --dry-run --Werror $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf build build-debug build-fuzz
