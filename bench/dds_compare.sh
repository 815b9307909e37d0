#!/usr/bin/env bash
# bench/dds_compare.sh [ARGS]: deckhand's double-dummy solver beside DDS
# (libdds, Debian's libdds-dev) on the same random Bridge deals, every
# strain and leader (bench/dds_compare.c): the trick counts must agree,
# and the mean time per full deal of each and their ratio are printed,
# with the spread over runs.  ARGS go to the program: -n deals (default
# 1000), -r runs (3), -b table bits (21), -s seed (1).  DDS is built against
# for measurement only: never a dependency of the library or its tests.
# Not part of make bench or CI.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -f /usr/include/dds/dll.h ]; then
  cat >&2 <<'MSG'
bench/dds_compare.sh needs DDS's headers and library (Debian: libdds-dev):
  apt-get install -y libdds-dev
MSG
  exit 2
fi

cd "$top"
make -s build-bench
# the bench build's own flags: its -O level and its -m options
flags=$(sed -n '/^ifeq (\$(config),bench)/,/^endif/p' build/deckhand.make |
        sed -n 's/^ *CFLAGS *+= *//p' | tr ' ' '\n' | grep -E '^-(O[0-9s]|m)' | tr '\n' ' ')
out=build/dds_compare
mkdir -p "$out"
gcc $flags -std=c11 -Wall -Wextra -Iengine/core -Iengine/trick -Iengine/solve \
    bench/dds_compare.c build/bench/lib/libdeckhand.a -ldds -o "$out/dds_compare"

echo "deckhand $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine bench || echo ' (with changes)')," \
     "DDS $(dpkg-query -W -f '${Version}' libdds-dev 2>/dev/null || echo '(version unknown)')"
echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
     "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compiler: gcc $(gcc -dumpfullversion), flags: $flags"
echo "command: bench/dds_compare.sh $*"
echo
nice "$out/dds_compare" "$@"
