/*
** solve_table.c -- Contract Bridge's double-dummy table: for each strain
** and declarer, the tricks the declarer's side takes with best play by
** all from the opening lead (the table bridge programs print, and the
** input of par).
**
** The twenty problems of a deal share what they can: one transposition
** table for all of them (the fast search keys its entries by the trump,
** so a strain's entries never answer another's), and each leader's search
** starts from a guess taken from the leader before it in the same strain
** (the other side usually takes what the first did not).
*/
#include <string.h>

#include "clock.h"
#include "rules.h"
#include "solve.h"

int dh_bridge_rules(dh_rules *r, int size, int suit) {
  dh_rules_init(r);
  r->sizes[0] = (uint8_t)size;
  r->nsizes = 1;
  r->max_hands = 1;
  r->nsides = 2;
  r->side_of[0] = r->side_of[2] = 0;
  r->side_of[1] = r->side_of[3] = 1;
  r->trump_mode = suit < DH_NOSUIT ? DH_TRUMP_FIXED : DH_TRUMP_NONE;
  r->trump_suit = (uint8_t)(suit < DH_NOSUIT ? suit : 0);
  dh_rules_set(r, DH_RULE_HAND, dh_rule_follow_suit(r));
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_POINTS, dh_rule_tricks(r, 1));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_highest_after(r, 1));
  return dh_rules_check(r) == NULL;
}

static int valid_deal(const dh_cardset hands[4]) {
  dh_cardset seen = 0;
  int h;
  for (h = 0; h < 4; h++) {
    if (dh_set_count(hands[h]) != 13 || (hands[h] & seen)) return 0;
    seen |= hands[h];
  }
  return 1;
}

int dh_solve_bridge_table(const dh_cardset hands[4], const dh_solve_opts *opts, int tricks[5][4]) {
  dh_rules rules;          /* one strain's at a time: 7 KB on the stack */
  dh_solve_opts o = *opts;
  int strain, decl;
  double deadline = opts->seconds > 0 ? dh_clock_now() + opts->seconds : 0;
  if (!valid_deal(hands)) return DH_E_BAD_OP;
  for (strain = 0; strain < 5; strain++) {
    /* clubs, diamonds, hearts, spades are the suits 0..3; then notrump */
    if (!dh_bridge_rules(&rules, 13, strain < 4 ? strain : DH_NOSUIT)) return DH_E_BAD_OP;
    for (decl = 0; decl < 4; decl++) {
      int leader = (decl + 1) & 3;
      dh_match m;
      dh_solve_result res;
      int err;
      /* the last declarer's side leads now: its tricks are the guess */
      o.guess = decl && tricks[strain][decl - 1] >= 0 ? 1 + tricks[strain][decl - 1] : 0;
      /* dealt with the dealer right of the leader, so the leader leads */
      if (!dh_match_init_deal(&m, &rules, 1, (leader + 3) & 3, hands, NULL, 0)) return DH_E_BAD_OP;
      if (deadline > 0) {   /* what is left of the twenty's time */
        double left = deadline - dh_clock_now();
        if (left <= 0) {
          tricks[strain][decl] = -1;
          continue;
        }
        o.seconds = left;
      }
      if ((err = dh_solve(&m, &o, &res)) != DH_OK) return err;
      tricks[strain][decl] = res.exact ? 13 - res.value : -1;
    }
  }
  return DH_OK;
}
