#!/usr/bin/env bash
# bench/solve_nodes.sh [ARGS]: the double-dummy solver's nodes on random
# Bridge positions (bench/solve_nodes.c), a measure of its work that the
# machine's load does not change.  ARGS go to the program: -n deals (4),
# -k cards a hand (11; 13: whole deals, every leader), -s seed (1), -b
# table bits (21), -d one table a deal (not a strain), -g no guesses.
# Not part of make bench or CI.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s build-bench
flags=$(sed -n '/^ifeq (\$(config),bench)/,/^endif/p' build/deckhand.make |
        sed -n 's/^ *CFLAGS *+= *//p' | tr ' ' '\n' | grep -E '^-(O[0-9s]|m)' | tr '\n' ' ')
out=build/solve_nodes
mkdir -p "$out"
gcc $flags -std=c11 -Wall -Wextra -Iengine/core -Iengine/trick -Iengine/solve \
    bench/solve_nodes.c build/bench/lib/libdeckhand.a -o "$out/solve_nodes"
echo "deckhand $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine bench || echo ' (with changes)')"
nice "$out/solve_nodes" "$@"
