/*
** rules_fixture.h -- the rules of standard Spades built by hand in C, as
** rules/spades.lua builds them through the binding: for the C tests and
** the bench, which run without Lua.
*/
#ifndef DH_RULES_FIXTURE_H
#define DH_RULES_FIXTURE_H

#include "match.h"

static int fixture_node(dh_rules *r, int kind, int op, int a, int b) {
  return dh_rules_node(r, kind, op, a, b);
}

static void fixture_spades(dh_rules *r, int target) {
  int follow, brk, trump, led, n;
  dh_rules_init(r);
  r->nnodes = 0;
  r->nseats = 4;
  r->nsides = 2;
  r->side_of[0] = 0; r->side_of[1] = 1; r->side_of[2] = 0; r->side_of[3] = 1;
  r->trump_mode = DH_TRUMP_FIXED;
  r->trump_suit = DH_SPADES;
  r->bidding = 1;
  r->max_hands = 200;
  follow = fixture_node(r, DH_RULE_HAND, DH_OP_FOLLOW_SUIT, 0, 0);
  brk = fixture_node(r, DH_RULE_HAND, DH_OP_BREAK_SUIT, 0, 0);
  r->nodes[brk].p[0] = DH_SPADES;
  r->nodes[brk].set = dh_suit_mask(DH_SPADES);
  r->root[DH_RULE_HAND] = (uint8_t)fixture_node(r, DH_RULE_HAND, DH_OP_AND, follow, brk);
  trump = fixture_node(r, DH_RULE_PLAY, DH_OP_TRUMP_WINS, 0, 0);
  led = fixture_node(r, DH_RULE_PLAY, DH_OP_HIGHEST_OF_LED, 0, 0);
  r->root[DH_RULE_PLAY] = (uint8_t)fixture_node(r, DH_RULE_PLAY, DH_OP_OR, trump, led);
  n = fixture_node(r, DH_RULE_POINTS, DH_OP_CONTRACT, 0, 0);
  {
    static const int32_t p[8] = { 10, 1, 10, 100, 200, 10, 100, 0 };
    int i;
    for (i = 0; i < 8; i++) r->nodes[n].p[i] = p[i];
  }
  r->root[DH_RULE_POINTS] = (uint8_t)n;
  n = fixture_node(r, DH_RULE_WIN, DH_OP_FIRST_TO, 0, 0);
  r->nodes[n].p[0] = target;
  r->root[DH_RULE_WIN] = (uint8_t)n;
  n = fixture_node(r, DH_RULE_BID, DH_OP_BID_RANGE, 0, 0);
  r->nodes[n].p[1] = -1;
  r->nodes[n].p[2] = 1;
  r->root[DH_RULE_BID] = (uint8_t)n;
  dh_rules_check(r);  /* completes the derived fields */
}

#endif
