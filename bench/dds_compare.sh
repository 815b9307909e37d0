#!/usr/bin/env bash
# bench/dds_compare.sh [ARGS]: deckhand's double-dummy solver beside DDS
# (libdds, Debian's libdds-dev) on the same random Bridge deals, every
# strain and leader (bench/dds_compare.c), 20 single solves a deal against
# DDS's SolveBoard and the whole table in one call against its
# CalcDDtable: the trick counts must agree, and the mean time per deal of
# each and the ratios are printed, with the spread over runs.  ARGS go to the program: -n deals (default
# 1000), -r runs (3), -b table bits (21), -s seed (1).  DDS is built against
# for measurement only: never a dependency of the library or its tests.
# DDS_SRC=DIR (a checkout of DDS's source) builds DDS from it with the
# bench build's compiler and flags instead of linking Debian's library.
# Not part of make bench or CI.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

if [ -z "${DDS_SRC:-}" ] && [ ! -f /usr/include/dds/dll.h ]; then
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
if [ -n "${DDS_SRC:-}" ]; then
  # DDS built from its source (a checkout of github.com/dds-bridge/dds)
  # with the same compiler and flags as deckhand's bench build, one
  # thread (no threading library): the fair reference
  mkdir -p "$out/dds/obj" "$out/dds/inc"
  ln -sfn "$DDS_SRC/include" "$out/dds/inc/dds"
  if [ ! -f "$out/dds/libdds.a" ] || [ "$(cat "$out/dds/flags" 2>/dev/null)" != "$flags $DDS_SRC" ]; then
    rm -f "$out/dds/obj/"*.o
    for f in "$DDS_SRC"/src/*.cpp; do
      g++ $flags -std=c++11 -I"$DDS_SRC/include" -c "$f" -o "$out/dds/obj/$(basename "$f" .cpp).o"
    done
    ar rcs "$out/dds/libdds.a" "$out/dds/obj/"*.o
    echo "$flags $DDS_SRC" > "$out/dds/flags"
  fi
  dds_inc="-I$out/dds/inc"
  dds_lib="$out/dds/libdds.a -lstdc++ -lm"
  dds_what="DDS from $DDS_SRC ($(git -C "$DDS_SRC" describe --tags --always 2>/dev/null || echo 'version unknown')), built with the flags below"
else
  dds_inc=
  dds_lib=-ldds
  dds_what="DDS $(dpkg-query -W -f '${Version}' libdds-dev 2>/dev/null || echo '(version unknown)') (Debian's build)"
fi
gcc $flags -std=c11 -Wall -Wextra -Iengine/core -Iengine/trick -Iengine/solve $dds_inc \
    bench/dds_compare.c build/bench/lib/libdeckhand.a $dds_lib -o "$out/dds_compare"

echo "deckhand $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine bench || echo ' (with changes)'), $dds_what"
echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
     "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compiler: gcc $(gcc -dumpfullversion), flags: $flags"
echo "command: bench/dds_compare.sh $*"
echo
nice "$out/dds_compare" "$@"
