/*
** solve_nodes.c -- the double-dummy solver's work in nodes, a measure
** the machine's load does not change (bench/solve_nodes.sh builds and
** runs it).
**
**   solve_nodes [-n deals] [-k cards] [-s seed] [-b table_bits] [-d] [-g] [-v]
**
** For each of n random Bridge deals and each strain: from the deal, random
** legal cards are played until every hand holds k cards at a trick's
** start (k 13: the whole deal), and that position is solved from an empty
** table.  With k 13 the deal is solved for every leader, as
** bench/dds_compare.c does (the table kept across the four leaders of a
** strain, each guessing from the last).  -d: the table emptied once a
** deal instead of once a strain (as dds_compare and dh_solve_bridge_table
** keep it: the strains share the entries of positions with no trump
** left); -g: no guesses (dds_compare's twenty single solves).  Prints
** the nodes in all, the largest solve's, and a checksum of the values
** (to see that a change of the search left every value as it was).
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "rng.h"
#include "rules.h"
#include "solve.h"

static void bridge_rules(dh_rules *r, int suit) {
  if (!dh_bridge_rules(r, 13, suit)) {
    fprintf(stderr, "solve_nodes: bad rules: %s\n", dh_rules_error(r));
    exit(2);
  }
}

static void solve_or_die(const dh_match *m, const dh_solve_opts *o, dh_solve_result *res) {
  if (dh_solve(m, o, res) != DH_OK || !res->exact) {
    fprintf(stderr, "solve_nodes: could not solve\n");
    exit(2);
  }
}

int main(int argc, char **argv) {
  static dh_rules rules[5];
  dh_solve_opts o;
  int deals = 4, k = 11, bits = 21, i, strain, solves = 0, verbose = 0, per_deal = 0, guesses = 1;
  uint64_t seed = 1, sum = 0, most = 0, check = 0;
  double t0;
  (void)bench_median;   /* bench.h's, not needed here */
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) deals = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-k") && i + 1 < argc) k = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-b") && i + 1 < argc) bits = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = (uint64_t)atoll(argv[++i]);
    else if (!strcmp(argv[i], "-v")) verbose = 1;
    else if (!strcmp(argv[i], "-d")) per_deal = 1;
    else if (!strcmp(argv[i], "-g")) guesses = 0;
    else {
      fprintf(stderr, "usage: solve_nodes [-n deals] [-k cards] [-s seed] [-b table_bits] [-d] [-g] [-v]\n");
      return 2;
    }
  }
  if (deals < 1 || k < 1 || k > 13) { fprintf(stderr, "solve_nodes: bad -n or -k\n"); return 2; }
  /* strains as deckhand numbers suits: clubs, diamonds, hearts, spades, none */
  for (strain = 0; strain < 5; strain++) bridge_rules(&rules[strain], strain < 4 ? strain : DH_NOSUIT);
  dh_solve_defaults(&o);
  o.table_bytes = dh_solve_table_bytes(bits);
  o.table = malloc(o.table_bytes);
  if (!o.table) { fprintf(stderr, "solve_nodes: no memory\n"); return 2; }
  t0 = bench_now();
  for (i = 0; i < deals; i++)
    for (strain = 0; strain < 5; strain++) {
      dh_match m;
      dh_solve_result res;
      dh_rng rng;
      int leader, last = 0;
      dh_rng_seed(&rng, seed * 1000 + (uint64_t)i);
      if (!per_deal || strain == 0) dh_solve_table_reset(o.table, o.table_bytes);
      if (k == 13) {
        dh_cardset hands[4];
        /* the deal as bench/dds_compare.c makes it, the same hands for
           every strain and leader */
        dh_match_init(&m, &rules[4], seed + (uint64_t)i, 0);
        memcpy(hands, m.hand, sizeof hands);
        for (leader = 0; leader < 4; leader++) {
          if (!dh_match_init_deal(&m, &rules[strain], 1, (leader + 3) % 4, hands, NULL, 0) || m.turn != leader) {
            fprintf(stderr, "solve_nodes: bad deal\n");
            return 2;
          }
          o.guess = leader && guesses ? 1 + 13 - last : 0;
          solve_or_die(&m, &o, &res);
          last = res.value;
          sum += (uint64_t)res.nodes, solves++;
          if ((uint64_t)res.nodes > most) most = (uint64_t)res.nodes;
          check = check * 31 + (uint64_t)res.value;
          if (verbose)
            printf("deal %d (seed %llu) strain %c leader %c: value %d, %ld nodes\n", i,
                   (unsigned long long)(seed + (uint64_t)i), "CDHSN"[strain], "NESW"[leader], res.value, res.nodes);
        }
        continue;
      }
      dh_match_init(&m, &rules[strain], seed + (uint64_t)i, (int)dh_rng_below(&rng, 4));
      while (m.trick.n || dh_set_count(m.hand[m.turn]) > k) {
        dh_cardset legal, it;
        int j;
        if (dh_match_legal(&m, &legal) != DH_OK || !legal) { fprintf(stderr, "solve_nodes: no card\n"); return 2; }
        j = (int)dh_rng_below(&rng, (uint32_t)dh_set_count(legal));
        for (it = legal; j--;) it &= it - 1;
        dh_match_play_legal(&m, dh_card_at(dh_set_first(it), m.rules->deck.layout));
      }
      o.guess = 0;
      solve_or_die(&m, &o, &res);
      sum += (uint64_t)res.nodes, solves++;
      if ((uint64_t)res.nodes > most) most = (uint64_t)res.nodes;
      check = check * 31 + (uint64_t)res.value;
    }
  printf("%d cards a hand, %d deals x 5 strains: %d solves, %llu nodes (%.0f a solve, largest %llu), "
         "values checksum %016llx, %.1f s\n",
         k, deals, solves, (unsigned long long)sum, (double)sum / solves, (unsigned long long)most,
         (unsigned long long)check, bench_now() - t0);
  free(o.table);
  return 0;
}
