/*
** rules.c -- building and checking a dh_rules.
*/
#include <string.h>

#include "match.h"

static const char *const error_names[DH_E_NCODES] = {
  "ok", "game_over", "wrong_phase", "not_your_turn", "card_not_in_hand",
  "must_follow_suit", "suit_not_broken", "must_trump", "must_overtrump",
  "first_trick", "must_lead", "illegal_card", "bad_bid", "bad_pass", "rule_error"
};

const char *dh_error_name(int code) {
  return (code >= 0 && code < DH_E_NCODES) ? error_names[code] : "unknown";
}

const char *dh_rule_kind_name(int kind) {
  static const char *const names[DH_RULE_NKINDS] = { "hand", "play", "points", "win", "bid" };
  return (kind >= 0 && kind < DH_RULE_NKINDS) ? names[kind] : "?";
}

int dh_rules_node(dh_rules *r, int kind, int op, int a, int b) {
  dh_node *n;
  if (r->nnodes >= DH_MAX_NODES) return -1;
  n = &r->nodes[r->nnodes];
  memset(n, 0, sizeof *n);
  n->kind = (uint8_t)kind;
  n->op = (uint8_t)op;
  n->a = (uint8_t)a;
  n->b = (uint8_t)b;
  if (op == DH_OP_CALL) r->has_calls = 1;
  return r->nnodes++;
}

void dh_rules_finish(dh_rules *r, const dh_order *o) {
  int pos, s;
  for (s = 0; s < 5; s++) r->suit_set[s] = 0;
  for (pos = 0; pos < 64; pos++) {
    dh_card c = dh_card_at(pos, r->deck.layout);
    if (o) r->strength[pos] = dh_card_is_joker(c) ? 0 : dh_order_strength(o, c);
    if (r->suit_of[pos] >= 0 && r->suit_of[pos] < 5)
      r->suit_set[r->suit_of[pos]] |= dh_set_of((dh_card)pos);
  }
}

void dh_rules_init(dh_rules *r) {
  int pos, s;
  dh_order natural;
  memset(r, 0, sizeof *r);
  dh_deck_init(&r->deck, DH_DECK_FRENCH52);
  for (pos = 0; pos < 64; pos++) r->suit_of[pos] = (int8_t)dh_card_suit((dh_card)pos);
  dh_order_natural(&natural, DH_LAYOUT_STANDARD);
  dh_rules_finish(r, &natural);
  r->nseats = r->nsides = 4;
  for (s = 0; s < DH_MAX_SEATS; s++) r->side_of[s] = (uint8_t)s;
  r->sizes[0] = 13;
  r->nsizes = 1;
  r->trump_mode = DH_TRUMP_NONE;
  r->trump_suit = DH_NOSUIT;
  r->lead = DH_LEAD_LEFT;
  r->max_hands = 1;
  r->root[DH_RULE_HAND] = (uint8_t)dh_rules_node(r, DH_RULE_HAND, DH_OP_FOLLOW_SUIT, 0, 0);
  r->root[DH_RULE_PLAY] = (uint8_t)dh_rules_node(r, DH_RULE_PLAY, DH_OP_HIGHEST_OF_LED, 0, 0);
  r->root[DH_RULE_POINTS] = (uint8_t)dh_rules_node(r, DH_RULE_POINTS, DH_OP_TRICKS, 0, 0);
  r->nodes[r->root[DH_RULE_POINTS]].p[0] = 1;
  r->root[DH_RULE_WIN] = (uint8_t)dh_rules_node(r, DH_RULE_WIN, DH_OP_AFTER_HANDS, 0, 0);
  r->root[DH_RULE_BID] = (uint8_t)dh_rules_node(r, DH_RULE_BID, DH_OP_BID_RANGE, 0, 0);
  r->nodes[r->root[DH_RULE_BID]].p[1] = -1;
  r->nodes[r->root[DH_RULE_BID]].p[2] = 1;
}

/* does the tree under node i stay inside the array and its kind? */
static int tree_ok(const dh_rules *r, int i, int kind, int depth) {
  const dh_node *n;
  if (i < 0 || i >= r->nnodes || depth > DH_MAX_NODES) return 0;
  n = &r->nodes[i];
  if (n->kind != kind) return 0;
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM:
      return tree_ok(r, n->a, kind, depth + 1) && tree_ok(r, n->b, kind, depth + 1);
    case DH_OP_NOT:
      return tree_ok(r, n->a, kind, depth + 1);
    default:
      return 1;
  }
}

/* does every card allowed by the tree under i follow suit when able? */
static int forces_follow(const dh_rules *r, int i) {
  const dh_node *n = &r->nodes[i];
  if (n->op == DH_OP_FOLLOW_SUIT) return 1;
  if (n->op == DH_OP_AND) return forces_follow(r, n->a) || forces_follow(r, n->b);
  if (n->op == DH_OP_OR) return forces_follow(r, n->a) && forces_follow(r, n->b);
  return 0;
}

/* lists the leaves of an AND-only tree under i into r->flat; 0 if it is not one */
static int flatten(dh_rules *r, int i) {
  const dh_node *n = &r->nodes[i];
  if (n->op == DH_OP_AND) return flatten(r, n->a) && flatten(r, n->b);
  if (n->op == DH_OP_OR || n->op == DH_OP_NOT || r->nflat >= 8) return 0;
  r->flat[r->nflat++] = (uint8_t)i;
  return 1;
}

/* the play rule as a chain of prefab leaves, first to decide wins */
static int chain(dh_rules *r, int i) {
  const dh_node *n = &r->nodes[i];
  if (n->op == DH_OP_OR || n->op == DH_OP_AND) return chain(r, n->a) && chain(r, n->b);
  if (n->op == DH_OP_CALL || r->nchain >= 8) return 0;
  r->chain[r->nchain++] = (uint8_t)i;
  return 1;
}

/* the straight-line form of a flat hand rule, when it has one */
static void fast_hand(dh_rules *r) {
  int i;
  r->fast_ops = 0;
  for (i = 0; i < r->nflat; i++) {
    const dh_node *n = &r->nodes[r->flat[i]];
    uint16_t bit;
    if (n->op < DH_OP_FREE_PLAY || n->op > DH_OP_LEAD_CARD || n->op == DH_OP_MUST_TRUMP ||
        n->op == DH_OP_MUST_OVERTRUMP) {
      r->fast_ops = 0;
      return;
    }
    bit = (uint16_t)(1u << (n->op - DH_OP_FREE_PLAY));
    if (r->fast_ops & bit) { r->fast_ops = 0; return; }
    r->fast_ops |= bit;
    if (n->op == DH_OP_BREAK_SUIT) { r->fast_break_suit = (uint8_t)n->p[0]; r->fast_break = n->set; }
    if (n->op == DH_OP_FIRST_TRICK) r->fast_first = n->set;
    if (n->op == DH_OP_LEAD_CARD) r->fast_lead = (uint8_t)n->p[0];
  }
  r->fast_ops |= 0x8000;  /* "in use", even for a lone free play */
}

/* does every card allowed by the tree under i trump when void, if able? */
static int forces_trump(const dh_rules *r, int i) {
  const dh_node *n = &r->nodes[i];
  if (n->op == DH_OP_MUST_TRUMP || n->op == DH_OP_MUST_OVERTRUMP) return 1;
  if (n->op == DH_OP_AND) return forces_trump(r, n->a) || forces_trump(r, n->b);
  if (n->op == DH_OP_OR) return forces_trump(r, n->a) && forces_trump(r, n->b);
  return 0;
}

const char *dh_rules_check(dh_rules *r) {
  int k, i, total, cards = dh_deck_left(&r->deck);
  if (r->nseats < 2 || r->nseats > DH_MAX_SEATS) return "seats must be 2 to 8";
  if (r->nsides < 1 || r->nsides > r->nseats) return "bad number of sides";
  for (i = 0; i < r->nseats; i++)
    if (r->side_of[i] >= r->nsides) return "a seat has no side";
  if (r->nsizes < 1) return "no hand size";
  for (i = 0; i < r->nsizes; i++) {
    total = r->sizes[i] * r->nseats;
    if (r->sizes[i] < 1 || total > cards) return "hand size does not fit the deck";
    if (r->trump_mode == DH_TRUMP_TURN_UNDER && total >= cards) return "no card left to turn up";
    /* every round of drawing serves every seat (the turned card included) */
    if (r->draw && (cards - total) % r->nseats != 0) return "the talon does not share out evenly";
  }
  if (r->trump_mode == DH_TRUMP_FIXED && r->trump_suit > DH_SPADES) return "bad trump suit";
  if (r->pass_count && r->npasses < 1) return "passing without directions";
  if (r->max_hands < 1) return "max_hands must be at least 1";
  for (k = 0; k < DH_RULE_NKINDS; k++)
    if (!tree_ok(r, r->root[k], k, 0)) return "a rule tree is malformed";
  if (r->has_calls && !r->call) return "callback rules without a trampoline";
  r->deck_set = dh_deck_set(&r->deck);
  r->shows_voids = (uint8_t)forces_follow(r, r->root[DH_RULE_HAND]);
  r->shows_trump_voids = (uint8_t)(r->shows_voids && forces_trump(r, r->root[DH_RULE_HAND]));
  /* the straight-line forms only for an AND of leaves: an OR or NOT goes
  ** through the tree (with no leaves, fast_hand would mean "free play") */
  r->nflat = 0;
  r->fast_ops = 0;
  if (flatten(r, r->root[DH_RULE_HAND])) fast_hand(r);
  else r->nflat = 0;
  r->nchain = 0;
  if (!chain(r, r->root[DH_RULE_PLAY])) r->nchain = 0;
  return NULL;
}
