#!/usr/bin/env bash
# bench/par_compare.sh [N] [SEED]: `deckhand solve`'s double-dummy table
# and par beside DDS's (CalcDDtable and DealerParBin, from Debian's
# libdds-dev) on the same N random deals (default 1000), each with its
# own dealer and vulnerability: every count, par score and par contract
# must agree (exit 1 otherwise); the processor time a table of each is
# printed.  DDS is a comparison here, never a dependency.  Not part of
# make bench or CI (1,000 deals take about twenty minutes).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-1000}
seed=${2:-1}
if [ ! -f /usr/include/dds/dll.h ]; then
  echo "bench/par_compare.sh needs DDS (Debian: apt-get install -y libdds-dev)" >&2
  exit 2
fi
cd "$top"
make -s build-bench
mkdir -p build/dds_par
gcc -O2 -std=c11 -Wall -Wextra bench/dds_par.c -ldds -o build/dds_par/dds_par
echo "deckhand $(git rev-parse --short HEAD), DDS $(dpkg-query -W -f '${Version}' libdds-dev 2>/dev/null || echo '?')," \
     "$(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: bench/par_compare.sh $n $seed"
LUA_PATH_5_4="$top/bindings/lua/?.lua;$top/bindings/lua/?/init.lua;;" \
LUA_CPATH_5_4="$top/build/bench/lua/?.so;;" \
  nice lua5.4 bench/par_compare.lua "$n" "$seed" build/dds_par/dds_par
