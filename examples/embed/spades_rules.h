/*
** spades_rules.h -- Spades built with the rule builders of
** <deckhand/rules.h>, as rules/spades.lua builds it through Lua.
**
** Four players, partners 1 & 3 against 2 & 4; one round of bids from 0
** (Nil) to 13; follow suit when able; spades are trumps and may not be led
** until one has been played (or the leader holds nothing else); trump
** wins, else the highest card of the suit led; the standard contract
** (10 a bid trick, 1 an overtrick, Nil +-100, a penalty of 100 every 10
** bags); the first side to target wins.
**
** A header so that the C tests and the benchmark build the very same
** rules (they include it too).
*/
#ifndef EMBED_SPADES_RULES_H
#define EMBED_SPADES_RULES_H

#include <deckhand/deckhand.h>

/* fills r with Spades played to target; NULL, or why the rules do not fit */
static const char *spades_rules(dh_rules *r, int target) {
  dh_contract_opts contract;
  dh_rules_init(r);                          /* French deck, 13 cards each */
  r->nsides = 2;
  r->side_of[0] = r->side_of[2] = 0;
  r->side_of[1] = r->side_of[3] = 1;
  r->trump_mode = DH_TRUMP_FIXED;
  r->trump_suit = DH_SPADES;
  r->bidding = 1;
  r->max_hands = 200;                        /* every match ends */
  dh_contract_defaults(&contract);           /* the standard scores */
  dh_rules_set(r, DH_RULE_HAND,
               dh_rule_and(r, dh_rule_follow_suit(r), dh_rule_break_suit(r, DH_SPADES, 0)));
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_POINTS, dh_rule_contract(r, &contract));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_first_to(r, target));
  dh_rules_set(r, DH_RULE_BID, dh_rule_bid_range(r, 0, 13, 1));
  return dh_rules_check(r);                  /* one check for every builder above */
}

#endif
