#!/usr/bin/env bash
# The strength figures of docs/strength.md, one run after another (each is one
# core unless JOBS is set).  Usage: bench/strength.sh [games] [outdir]
set -u
cd "$(dirname "$0")/.."
G=${1:-2000}
OUT=${2:-build/strength}
J=${JOBS:-1}
mkdir -p "$OUT"
D="bin/deckhand tournament --quiet --jobs $J --seed 1"
OHG=${OHHELL_GAMES:-300}   # an Oh Hell "deal" is a whole 25-hand match
GPG=${GIN_PIMC_GAMES:-600}    # pimc in the games written in Lua: Gin's and Crazy
C8G=${CRAZY8_PIMC_GAMES:-1000} # Eights' playouts are fast (C, plain numbers),
SPG=${SCOPA_PIMC_GAMES:-200}  # Scopa's are Lua, a move at a time
BPG=${BLACKJACK_PIMC_GAMES:-200}
OPG=${OMAHA_PIMC_GAMES:-300}   # pimc's Omaha model values hands by Omaha equity: 3x Hold'em's time
FIXED="--bid-with heuristic --set heuristic.nil_bids=false --set heuristic.avoid_bags=false"
PIMC=""
run() { local name=$1; shift; echo "\$ $D --games ${GAMES:-$G} $*" >"$OUT/$name.txt"; /usr/bin/time -f "%e s" $D --games ${GAMES:-$G} "$@" >>"$OUT/$name.txt" 2>&1; }
run spades_play_heuristic_random spades --players heuristic,random $FIXED
run briscola_heuristic_random briscola --players heuristic,random
run spades_play_pimc_heuristic spades --players pimc,heuristic $FIXED $PIMC --set pimc.objective=tricks --set pimc.policy=greedy
run spades_full_pimc_heuristic spades --players pimc,heuristic $PIMC
run spades_full_pimc_hbids_heuristic spades --players pimc,heuristic $PIMC --set pimc.bid=heuristic
run spades_play_ddpimc_pimc spades --players dd=pimc,pimc --set dd.solver=dd --set dd.dd_cards=8 --bid-with heuristic
GAMES=$OHG run ohhell_pimc_heuristic ohhell --players pimc,heuristic,heuristic,heuristic $PIMC
run briscola_pimc_heuristic briscola --players pimc,heuristic $PIMC
run briscola_ismcts_pimc briscola --players ismcts,pimc --set ismcts.policy=greedy --set ismcts.iterations=4000
run hearts_pimc500_heuristic hearts --players pimc,heuristic,heuristic,heuristic $PIMC --set pimc.worlds=500
run hearts_pimc_heuristic hearts --players pimc,heuristic,heuristic,heuristic $PIMC
run hearts_ismcts_pimc hearts --players ismcts,pimc,pimc,pimc --set ismcts.policy=greedy
run holdem_heuristic_random holdem --players heuristic,random
run holdem_pimc_heuristic holdem --players pimc,heuristic
run omaha_heuristic_random omaha --players heuristic,random
GAMES=$OPG run omaha_pimc_heuristic omaha --players pimc,heuristic --limit 60
run omaha_hilo_heuristic_random omaha --players heuristic,random --option hilo=true
GAMES=$OPG run omaha_hilo_pimc_heuristic omaha --players pimc,heuristic --limit 60 --option hilo=true
run gin_heuristic_random gin --players heuristic,random
GAMES=$GPG run gin_pimc_heuristic gin --players pimc,heuristic
run crazy8_heuristic_random crazy8 --players heuristic,random
GAMES=$C8G run crazy8_pimc_heuristic crazy8 --players pimc,heuristic --set pimc.worlds=200
run scopa_heuristic_random scopa --players heuristic,random
GAMES=$SPG run scopa_pimc_heuristic scopa --players pimc,heuristic
run blackjack_heuristic_random blackjack --players heuristic,random
GAMES=$BPG run blackjack_pimc_heuristic blackjack --players pimc,heuristic
run euchre_heuristic_random euchre --players heuristic,random
run euchre_pimc_heuristic euchre --players pimc,heuristic
run euchre_ddpimc_pimc euchre --players dd=pimc,pimc --set dd.solver=dd --set dd.infer=heuristic --set dd.dd_worlds=200
run euchre_pimcinf_pimc euchre --players inf=pimc,pimc --set inf.infer=heuristic
run euchre_ddpimc_pimcinf euchre --players dd=pimc,inf=pimc --set dd.solver=dd --set dd.infer=heuristic --set dd.dd_worlds=200 --set inf.infer=heuristic
run whist_heuristic_random whist --players heuristic,random
run whist_pimc_heuristic whist --players pimc,heuristic
run pinochle_heuristic_random pinochle --players heuristic,random
run pinochle_pimc_heuristic pinochle --players pimc,heuristic --set pimc.script_worlds=20
run bridge_heuristic_random bridge --players heuristic,random --option boards=1
run bridge_pimc_heuristic bridge --players pimc,heuristic --option boards=1 --set pimc.script_worlds=20
# Bridge card play, contracts fixed by the heuristic's calls; the reference
# (pimc against itself on the same deals) splits declarer play from defence
run bridge_ddpimc_pimc bridge --players dd=pimc,pimc --set dd.solver=dd --set dd.dd_cards=9 --bid-with heuristic \
  --option boards=1 --record "$OUT/bridge_dd.jsonl"
run bridge_ref_pimc bridge --players ref=pimc,pimc --bid-with heuristic --option boards=1 --record "$OUT/bridge_ref.jsonl"
lua5.4 bench/bridge_roles.lua "$OUT/bridge_dd.jsonl" "$OUT/bridge_ref.jsonl" >"$OUT/bridge_roles.txt"
run skat_heuristic_random skat --players heuristic,random --option deals=1
run skat_pimc_heuristic skat --players pimc,heuristic --option deals=1 --set pimc.script_worlds=10
run skat_play_ddpimc_pimc skat --players dd=pimc,pimc --set dd.solver=dd --set dd.dd_cards=6 --bid-with heuristic \
  --option deals=1
