#!/usr/bin/env bash
# bench/peers.sh DIR [ROUNDS]: deckhand's poker evaluator beside OMPEval in
# one program (bench/peers.c, bench/peers_omp.cpp), both built with the
# optimisation and instruction-set flags of the project's release build,
# ROUNDS interleaved rounds (default 11); prints each row's median rates,
# their min..max and the ratio.  DIR is a folder holding OMPEval's sources
# (omp/HandEvaluator.cpp ...), kept outside this repository: OMPEval is
# built here for measurement only.  Not part of make bench or CI.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

if [ $# -lt 1 ] || [ ! -f "$1/omp/HandEvaluator.cpp" ]; then
  cat >&2 <<'EOF'
usage: bench/peers.sh DIR [ROUNDS]
DIR must hold OMPEval's sources (DIR/omp/HandEvaluator.cpp), outside this
repository, for example:
  git clone https://github.com/zekyll/OMPEval /tmp/OMPEval
  bench/peers.sh /tmp/OMPEval
EOF
  exit 2
fi
omp=$(cd "$1" && pwd)
rounds=${2:-11}
case "$omp/" in "$top"/*) echo "peers.sh: $omp is inside the repository; keep OMPEval outside it" >&2; exit 2 ;; esac

cd "$top"
make -s build-bench
# the bench build's own flags: its -O level and its -m options, as
# premake wrote them for this machine
flags=$(sed -n '/^ifeq (\$(config),bench)/,/^endif/p' build/deckhand.make |
        sed -n 's/^ *CFLAGS *+= *//p' | tr ' ' '\n' | grep -E '^-(O[0-9s]|m)' | tr '\n' ' ')
out=build/peers
mkdir -p "$out"
g++ $flags -std=c++11 -I"$omp" -c "$omp/omp/HandEvaluator.cpp" -o "$out/omp_eval.o"
g++ $flags -std=c++17 -Wall -Wextra -isystem "$omp" -c bench/peers_omp.cpp -o "$out/peers_omp.o"
gcc $flags -std=c11 -Wall -Wextra -Wno-unused-function -Iengine/core -Iengine/poker -c bench/peers.c -o "$out/peers.o"
g++ "$out/peers.o" "$out/peers_omp.o" "$out/omp_eval.o" build/bench/lib/libdeckhand.a -o "$out/peers"

echo "deckhand $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine bench || echo ' (with changes)')," \
     "OMPEval $(git -C "$omp" rev-parse --short HEAD 2>/dev/null || echo "from $omp")"
echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
     "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compilers: $(gcc -dumpfullversion) (gcc, g++), flags: $flags"
echo "command: bench/peers.sh DIR $rounds"
echo
nice "$out/peers" "$rounds"
