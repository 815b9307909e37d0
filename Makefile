# A thin wrapper: premake writes the real makefiles into build/.
#   make            release build (engine, Lua module, test programs, benches)
#   make test       every C test and busted spec; last line "N passed, N failed"
#   make check-dist what ships: make install, the rockspec, the API docs and
#                   the embedding examples (tests/dist; CI runs it too)
#   make test-sanitize   the same suite built with ASan + UBSan
#   make web        the browser front end: bin/deckhand web (http://127.0.0.1:8080/)
#   make check-web  the browser tests: headless chromium through chromium-driver
#   make check-cluster   the Slurm recipe of docs/tournament.md on a one-node
#                   Slurm the test starts and stops (checked as root; not in .ci/run)
#   make demo       the main job
#   make bench      the benchmarks (their own build, with this machine's -m
#                   flags; what make install ships has none)
#   make fuzz       libFuzzer on the card-name, custom-deck and pattern parsers,
#                   and the Lua fuzzer (every binding, hostile arguments) under ASan
#   make install    PREFIX=/usr/local (default), DESTDIR honoured
#   make uninstall  removes exactly what make install put there
#   make docs       the API reference (LDoc) into docs/api/
#   make clean
# The first run on a fresh Debian/Ubuntu machine installs what is missing
# (.ci/bootstrap).

PREMAKE := $(shell command -v premake5 >/dev/null 2>&1 && echo premake5 || echo premake4)
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 10
PREFIX  ?= /usr/local
DESTDIR ?=
export LUA_PATH_5_4  := $(CURDIR)/bindings/lua/?.lua;$(CURDIR)/bindings/lua/?/init.lua;;
export LUA_CPATH_5_4 := $(CURDIR)/build/release/lua/?.so;;

.PHONY: all release debug sanitize build-bench test test-sanitize check-dist check-web check-cluster web demo bench fuzz clean \
        bootstrap env \
        install uninstall docs

all: release

bootstrap:
	@bash .ci/bootstrap base
	@bash .ci/bootstrap web

# the packages, checked once (again only when the script changes)
build/.bootstrap: .ci/bootstrap
	@bash .ci/bootstrap base
	@bash .ci/bootstrap web
	@mkdir -p build && touch $@

# premake runs again only when the build file changes or a source folder
# gains or loses a file (a folder's time changes then)
SOURCE_DIRS := $(wildcard engine/ engine/*/ bindings/lua/ tests/c/ bench/ examples/embed/)
build/Makefile: premake5.lua .ci/premake4_shim.lua $(SOURCE_DIRS) | build/.bootstrap
	@$(PREMAKE) --file=premake5.lua gmake >/dev/null
	@touch $@

# quiet when it works, the whole log when it does not
release debug sanitize: build/Makefile
	@echo "building $@ ..."
	@$(MAKE) --no-print-directory -C build config=$@ -j$(JOBS) >build/$@.log 2>&1 \
	  || { cat build/$@.log; echo "build failed (log: build/$@.log)"; exit 1; }

# the benchmarks' build: the release code with this machine's -m flags
build-bench: build/Makefile
	@echo "building bench ..."
	@$(MAKE) --no-print-directory -C build config=bench -j$(JOBS) >build/bench.log 2>&1 \
	  || { cat build/bench.log; echo "build failed (log: build/bench.log)"; exit 1; }

# the solver's goldens run twice: in the release build, and built with this
# machine's -m flags (the bench build's), which take the AVX2 table scan
# where the machine has AVX2
test: release
	@echo "building test_solve_dds with the bench flags ..."
	@$(MAKE) --no-print-directory -C build config=bench -j$(JOBS) test_solve_dds >build/bench-test.log 2>&1 \
	  || { cat build/bench-test.log; echo "build failed (log: build/bench-test.log)"; exit 1; }
	@bash tests/run release build/bench/tests/test_solve_dds

test-sanitize: sanitize
	@bash tests/run sanitize

check-dist: release
	@bash .ci/bootstrap package
	@bash tests/run dist

check-web: release
	@bash .ci/bootstrap browser
	@bash tests/run web

check-cluster: release
	@bash .ci/bootstrap cluster
	@bash tests/cluster/slurm.sh

# make web WEB_ARGS="--port 9000 --pace 1"
web: release
	@lua5.4 bin/deckhand web $(WEB_ARGS)

demo: release
	@lua5.4 examples/demo.lua

bench: build-bench
	@LUA_CPATH_5_4="$(CURDIR)/build/bench/lua/?.so;;" DECKHAND_BUILD=build/bench bash bench/run

fuzz: sanitize
	@bash .ci/bootstrap fuzz
	@bash tests/fuzz/run $(FUZZ_SECONDS)

install: release
	@bash .ci/install install "$(DESTDIR)" "$(PREFIX)" build/release

uninstall:
	@bash .ci/install uninstall "$(DESTDIR)" "$(PREFIX)"

# the API reference: LDoc over bindings/lua/deckhand (docs/config.ld)
docs:
	@bash .ci/bootstrap package
	@out=$$(ldoc -c docs/config.ld . 2>&1) || { echo "$$out"; exit 1; }
	@echo "API reference: docs/api/index.html"

# for a shell that wants to require "deckhand" from this tree:
#   eval "$(make -s env)"
env:
	@echo 'export LUA_PATH_5_4="$(LUA_PATH_5_4)"'
	@echo 'export LUA_CPATH_5_4="$(LUA_CPATH_5_4)"'

clean:
	rm -rf build
