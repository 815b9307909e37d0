#!/usr/bin/env bash
# bench/peers.sh DIR [ROUNDS]: deckhand's poker evaluator beside OMPEval in
# one program (bench/peers.c, bench/peers_omp.cpp), then deckhand's equity
# beside OMPEval's EquityCalculator in another, each with one thread and
# with two (bench/peers_equity.c, bench/peers_equity_omp.cpp; wall clock and
# processor time), all built with the optimisation and
# instruction-set flags of the project's bench build, ROUNDS interleaved
# rounds (default 11; the equity rounds are half as many, at least 3);
# prints each row's medians, their min..max and the ratios.  DIR is a
# folder holding OMPEval's sources (omp/HandEvaluator.cpp ...), kept
# outside this repository: OMPEval is built here for measurement only, from
# a copy under build/peers with two fixes gcc 12 needs (an #include
# <functional>, and constexpr on its generator's min and max).  Not part of
# make bench or CI.
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
src=$out/omp-src
rm -rf "$src"
mkdir -p "$src"
cp -r "$omp/omp" "$omp/libdivide" "$src/"
sed -i 's/static uint64_t min()/static constexpr uint64_t min()/; s/static uint64_t max()/static constexpr uint64_t max()/' \
  "$src/omp/Random.h"
sed -i 's/^#include <unordered_map>$/#include <unordered_map>\n#include <functional>/' "$src/omp/EquityCalculator.h"
objs=
for f in HandEvaluator EquityCalculator CardRange CombinedRange; do
  g++ $flags -std=c++11 -I"$src" -c "$src/omp/$f.cpp" -o "$out/omp_$f.o"
  objs="$objs $out/omp_$f.o"
done
for f in peers_omp peers_equity_omp; do
  g++ $flags -std=c++17 -Wall -Wextra -isystem "$src" -c bench/$f.cpp -o "$out/$f.o"
done
for f in peers peers_equity; do
  gcc $flags -std=c11 -Wall -Wextra -Wno-unused-function -Iengine/core -Iengine/poker -c bench/$f.c -o "$out/$f.o"
done
g++ "$out/peers.o" "$out/peers_omp.o" "$out/omp_HandEvaluator.o" build/bench/lib/libdeckhand.a -o "$out/peers"
g++ "$out/peers_equity.o" "$out/peers_equity_omp.o" $objs build/bench/lib/libdeckhand.a -lpthread -lm \
  -o "$out/peers_equity"

echo "deckhand $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine bench || echo ' (with changes)')," \
     "OMPEval $(git -C "$omp" rev-parse --short HEAD 2>/dev/null || echo "from $omp")"
echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
     "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compilers: $(gcc -dumpfullversion) (gcc, g++), flags: $flags"
echo "command: bench/peers.sh DIR $rounds"
echo
nice "$out/peers" "$rounds"
echo
nice "$out/peers_equity" $(( rounds / 2 > 3 ? rounds / 2 : 3 ))
