/*
** rules.c -- building and checking a dh_rules: the settings' defaults,
** the rule builders and the checks a finished dh_rules must pass.
**
** Each builder appends one node (rules_impl.h) after checking what it is
** given; the first failure is kept in the rules, so that a chain of
** builders needs one check at the end, and a failed operand fails the
** rule built from it without a second reason.
*/
#include <string.h>

#include "phase.h"
#include "rules_impl.h"

static const char *const error_names[DH_E_NCODES] = {
  "ok", "game_over", "wrong_phase", "not_your_turn", "card_not_in_hand",
  "must_follow_suit", "suit_not_broken", "must_trump", "must_overtrump",
  "first_trick", "must_lead", "illegal_card", "bad_bid", "bad_pass", "rule_error",
  "bad_seat", "bad_op", "must_beat", "cannot_exchange", "illegal_move"
};

const char *dh_error_name(int code) {
  return (code >= 0 && code < DH_E_NCODES) ? error_names[code] : "unknown";
}

const char *dh_rule_kind_name(int kind) {
  static const char *const names[DH_RULE_NKINDS + 1] = { "hand", "play", "points", "win", "bid", "any" };
  return (kind >= 0 && kind <= DH_RULE_ANY) ? names[kind] : "?";
}

/* why a builder failed (dh_rules_impl.error) */
enum {
  E_NONE, E_FULL, E_NO_RULE, E_KINDS, E_NOT, E_AND_POINTS, E_OR_POINTS, E_SUM, E_KIND, E_SUIT,
  E_CARD, E_BAGS, E_BID_RANGE, E_HANDS, E_MOON, E_SET_KIND
};
static const char *const build_errors[] = {
  NULL, "rules too large (at most 64 nodes)", "no such rule", "cannot combine rules of different kinds",
  "not (~) applies to hand and bid rules only", "points rules combine with sum (+), not and (&)",
  "points rules combine with sum (+), not or (|)", "sum (+) applies to points rules only",
  "no such rule kind",
  "bad suit", "bad card", "contract: bags must be 0 or more",
  "bid_range: min must be 0 or more and max -1 (the hand size) or at least min",
  "highest_after: hands must be 0 or more", "card_points: bad moon mode",
  "a rule set as a rule of another kind"
};

const char *dh_rules_error(const dh_rules *r) { return build_errors[dh_impl(r)->error]; }

static int fail(dh_rules *r, int why) {
  dh_rules_impl *x = dh_impl_mut(r);
  if (!x->error) x->error = (uint8_t)why;
  return -1;
}

/* a node of op and kind, its children and parameters to be filled in */
static dh_node node(int op, int kind) {
  dh_node n;
  memset(&n, 0, sizeof n);
  n.op = (uint8_t)op;
  n.kind = (uint8_t)kind;
  return n;
}

/* appends n: its index, or -1 when full */
static int put(dh_rules *r, const dh_node *n) {
  dh_rules_impl *x = dh_impl_mut(r);
  if (x->nnodes >= DH_MAX_NODES) return fail(r, E_FULL);
  x->node[x->nnodes] = *n;
  return x->nnodes++;
}

/* a leaf with its parameters */
static int leaf_with(dh_rules *r, int op, int kind, dh_params u) {
  dh_node n = node(op, kind);
  n.u = u;
  return put(r, &n);
}

/* a leaf with no parameters */
static int leaf(dh_rules *r, int op, int kind) {
  dh_params none;
  memset(&none, 0, sizeof none);
  return leaf_with(r, op, kind, none);
}

/* does the tree under i hold a leaf of op?  (a points rule that reads
** what a prefab phase leaves needs that phase) */
static int holds_op(const dh_rules *r, int i, int op) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == op) return 1;
  if (n->op == DH_OP_SUM) return holds_op(r, n->a, op) || holds_op(r, n->b, op);
  return 0;
}

int dh_rule_kind(const dh_rules *r, int rule) {
  if (rule < 0 || rule >= dh_impl(r)->nnodes) return -1;
  return dh_rules_node(r, rule)->kind;
}

/* gives the callbacks of unknown kind under i the kind k */
static void settle(dh_rules *r, int i, int k) {
  dh_node *n = &dh_impl_mut(r)->node[i];
  if (n->kind != DH_RULE_ANY) return;
  n->kind = (uint8_t)k;
  if (n->op == DH_OP_AND || n->op == DH_OP_OR || n->op == DH_OP_SUM) {
    settle(r, n->a, k);
    settle(r, n->b, k);
  } else if (n->op == DH_OP_NOT) {
    settle(r, n->a, k);
  }
}

/* why op may not combine rules of kind, or E_NONE (ANY: not known yet,
** checked when the rule is set) */
static int misfit(int op, int kind) {
  if (kind == DH_RULE_ANY) return E_NONE;
  switch (op) {
    case DH_OP_NOT: return kind == DH_RULE_HAND || kind == DH_RULE_BID ? E_NONE : E_NOT;
    case DH_OP_AND: return kind != DH_RULE_POINTS ? E_NONE : E_AND_POINTS;
    case DH_OP_OR: return kind != DH_RULE_POINTS ? E_NONE : E_OR_POINTS;
    case DH_OP_SUM: return kind == DH_RULE_POINTS ? E_NONE : E_SUM;
    default: return E_NONE;
  }
}

/* why the tree under i is not a rule of kind (its nodes of that kind or
** ANY, with ops of that kind, children before parents), or E_NONE;
** *calls set when it holds a callback */
static int tree_why(const dh_rules *r, int i, int kind, int *calls) {
  const dh_node *n = dh_rules_node(r, i);
  int why = n->kind != kind && n->kind != DH_RULE_ANY ? E_SET_KIND : misfit(n->op, kind);
  if (why) return why;
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM:
      if (n->a >= i || n->b >= i) return E_NO_RULE;
      return (why = tree_why(r, n->a, kind, calls)) ? why : tree_why(r, n->b, kind, calls);
    case DH_OP_NOT:
      return n->a >= i ? E_NO_RULE : tree_why(r, n->a, kind, calls);
    case DH_OP_CALL:
      *calls = 1;
      return E_NONE;
    default:
      return E_NONE;
  }
}

/* op over a and b (b < 0 for NOT) */
static int combine(dh_rules *r, int op, int a, int b) {
  int ka = dh_rule_kind(r, a), kb = op == DH_OP_NOT ? ka : dh_rule_kind(r, b), kind;
  dh_node n;
  if (ka < 0 || kb < 0) return fail(r, E_NO_RULE);  /* a failed operand keeps its reason */
  if (ka != kb && ka != DH_RULE_ANY && kb != DH_RULE_ANY) return fail(r, E_KINDS);
  kind = ka == DH_RULE_ANY ? kb : ka;
  if (misfit(op, kind)) return fail(r, misfit(op, kind));
  if (kind != DH_RULE_ANY) {
    settle(r, a, kind);
    if (op != DH_OP_NOT) settle(r, b, kind);
  }
  n = node(op, kind);
  n.a = (uint8_t)a;
  n.b = (uint8_t)(op == DH_OP_NOT ? 0 : b);
  return put(r, &n);
}

int dh_rule_and(dh_rules *r, int a, int b) { return combine(r, DH_OP_AND, a, b); }
int dh_rule_or(dh_rules *r, int a, int b) { return combine(r, DH_OP_OR, a, b); }
int dh_rule_not(dh_rules *r, int a) { return combine(r, DH_OP_NOT, a, -1); }
int dh_rule_sum(dh_rules *r, int a, int b) { return combine(r, DH_OP_SUM, a, b); }

int dh_rule_call(dh_rules *r, int kind, int ref) {
  if (kind < 0 || kind > DH_RULE_ANY) return fail(r, E_KIND);
  return leaf_with(r, DH_OP_CALL, kind, (dh_params){ .call = ref });
}

int dh_rule_copy(dh_rules *dst, const dh_rules *src, int rule, int ref_offset) {
  const dh_node *n;
  dh_node d;
  int a = 0, b = 0;
  if (rule < 0 || rule >= dh_impl(src)->nnodes) return fail(dst, E_NO_RULE);
  n = dh_rules_node(src, rule);
  switch (n->op) {  /* the children first: a child comes before its parent */
    case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM:
      if ((a = dh_rule_copy(dst, src, n->a, ref_offset)) < 0) return -1;
      if ((b = dh_rule_copy(dst, src, n->b, ref_offset)) < 0) return -1;
      break;
    case DH_OP_NOT:
      if ((a = dh_rule_copy(dst, src, n->a, ref_offset)) < 0) return -1;
      break;
    default: break;
  }
  d = *n;
  d.a = (uint8_t)a;
  d.b = (uint8_t)b;
  if (n->op == DH_OP_CALL) d.u.call += ref_offset;
  return put(dst, &d);
}

/* -------------------------------------------------------------- hand */

int dh_rule_free_play(dh_rules *r) { return leaf(r, DH_OP_FREE_PLAY, DH_RULE_HAND); }
int dh_rule_free_start(dh_rules *r) { return leaf(r, DH_OP_FREE_START, DH_RULE_HAND); }
int dh_rule_follow_suit(dh_rules *r) { return leaf(r, DH_OP_FOLLOW_SUIT, DH_RULE_HAND); }
int dh_rule_must_trump(dh_rules *r) { return leaf(r, DH_OP_MUST_TRUMP, DH_RULE_HAND); }
int dh_rule_must_overtrump(dh_rules *r) { return leaf(r, DH_OP_MUST_OVERTRUMP, DH_RULE_HAND); }
int dh_rule_must_beat(dh_rules *r) { return leaf(r, DH_OP_MUST_BEAT, DH_RULE_HAND); }

int dh_rule_break_suit(dh_rules *r, int suit, dh_cardset breakers) {
  if (suit < 0 || suit > DH_SPADES) return fail(r, E_SUIT);
  return leaf_with(r, DH_OP_BREAK_SUIT, DH_RULE_HAND,
                   (dh_params){ .break_suit = { dh_suit_mask(suit) | breakers, (uint8_t)suit } });
}

int dh_rule_no_first_trick(dh_rules *r, dh_cardset cards) {
  return leaf_with(r, DH_OP_FIRST_TRICK, DH_RULE_HAND, (dh_params){ .no_first_trick = cards });
}

int dh_rule_lead_card(dh_rules *r, dh_card card) {
  if (!dh_card_valid(card)) return fail(r, E_CARD);
  return leaf_with(r, DH_OP_LEAD_CARD, DH_RULE_HAND, (dh_params){ .lead_card = card });
}

/* -------------------------------------------------------------- play */

int dh_rule_highest_of_led(dh_rules *r) { return leaf(r, DH_OP_HIGHEST_OF_LED, DH_RULE_PLAY); }
int dh_rule_trump_wins(dh_rules *r) { return leaf(r, DH_OP_TRUMP_WINS, DH_RULE_PLAY); }

int dh_rule_highest_of(dh_rules *r, dh_cardset cards) {
  return leaf_with(r, DH_OP_HIGHEST_OF, DH_RULE_PLAY, (dh_params){ .highest_of = cards });
}

/* ------------------------------------------------------------ points */

void dh_card_points_defaults(dh_card_points_opts *o) {
  memset(o, 0, sizeof *o);
  o->moon = DH_MOON_NONE;
}

int dh_rule_card_points(dh_rules *r, const dh_card_points_opts *o) {
  if (o->moon > DH_MOON_SELF) return fail(r, E_MOON);
  return leaf_with(r, DH_OP_CARD_POINTS, DH_RULE_POINTS, (dh_params){ .card_points = *o });
}

int dh_rule_tricks(dh_rules *r, int32_t per_trick) {
  return leaf_with(r, DH_OP_TRICKS, DH_RULE_POINTS, (dh_params){ .tricks = per_trick });
}

void dh_contract_defaults(dh_contract_opts *o) {
  memset(o, 0, sizeof *o);
  o->per_trick = 10;
  o->overtrick = 1;
  o->set = 10;
  o->nil = 100;
  o->blind_nil = 200;
  o->bags = 10;
  o->bag_penalty = 100;
  o->nil_tricks_to_partner = 0;
}

int dh_rule_contract(dh_rules *r, const dh_contract_opts *o) {
  if (o->bags < 0) return fail(r, E_BAGS);
  return leaf_with(r, DH_OP_CONTRACT, DH_RULE_POINTS, (dh_params){ .contract = *o });
}

void dh_makers_defaults(dh_makers_opts *o) {
  o->need = 3;
  o->made = 1;
  o->march = 2;
  o->alone_march = 4;
  o->euchred = 2;
  o->alone_euchred = 0;   /* none: euchred */
}

int dh_rule_makers(dh_rules *r, const dh_makers_opts *o) {
  return leaf_with(r, DH_OP_MAKERS, DH_RULE_POINTS, (dh_params){ .makers = *o });
}

int dh_rule_duplicate(dh_rules *r) { return leaf(r, DH_OP_DUPLICATE, DH_RULE_POINTS); }
int dh_rule_skat_value(dh_rules *r) { return leaf(r, DH_OP_SKAT_VALUE, DH_RULE_POINTS); }

void dh_exact_bid_defaults(dh_exact_bid_opts *o) {
  o->base = 10;
  o->per_bid = 1;
  o->miss = 0;
}

int dh_rule_odd_tricks(dh_rules *r, const dh_odd_tricks_opts *o) {
  return leaf_with(r, DH_OP_ODD_TRICKS, DH_RULE_POINTS, (dh_params){ .odd_tricks = *o });
}

int dh_rule_exact_bid(dh_rules *r, const dh_exact_bid_opts *o) {
  return leaf_with(r, DH_OP_EXACT_BID, DH_RULE_POINTS, (dh_params){ .exact_bid = *o });
}

/* --------------------------------------------------------------- win */

int dh_rule_first_to(dh_rules *r, int32_t target) {
  return leaf_with(r, DH_OP_FIRST_TO, DH_RULE_WIN, (dh_params){ .first_to = target });
}
int dh_rule_lowest_when(dh_rules *r, int32_t target) {
  return leaf_with(r, DH_OP_LOWEST_WHEN, DH_RULE_WIN, (dh_params){ .lowest_when = target });
}
int dh_rule_loss_floor(dh_rules *r, int32_t floor) {
  return leaf_with(r, DH_OP_LOSS_FLOOR, DH_RULE_WIN, (dh_params){ .loss_floor = floor });
}
int dh_rule_highest_after(dh_rules *r, int hands) {
  if (hands < 0) return fail(r, E_HANDS);
  return leaf_with(r, DH_OP_HIGHEST_AFTER, DH_RULE_WIN, (dh_params){ .highest_after = hands });
}

/* --------------------------------------------------------------- bid */

int dh_rule_bid_range(dh_rules *r, int min, int max, int nil) {
  if (min < 0 || (max != -1 && max < min)) return fail(r, E_BID_RANGE);
  return leaf_with(r, DH_OP_BID_RANGE, DH_RULE_BID,
                   (dh_params){ .bid_range = { min, max, (uint8_t)(nil != 0) } });
}

int dh_rule_blind_nil(dh_rules *r) { return leaf(r, DH_OP_BLIND_NIL, DH_RULE_BID); }
int dh_rule_hook(dh_rules *r) { return leaf(r, DH_OP_HOOK, DH_RULE_BID); }

/* ------------------------------------------------------------- rules */

/* the rule of a kind the variant leaves unset: the defaults, here only */
static int default_rule(dh_rules *r, int kind) {
  switch (kind) {
    case DH_RULE_HAND: return dh_rule_follow_suit(r);
    case DH_RULE_PLAY: return dh_rule_highest_of_led(r);
    case DH_RULE_POINTS: return dh_rule_tricks(r, 1);
    case DH_RULE_WIN: return dh_rule_highest_after(r, 0);
    default: return dh_rule_bid_range(r, 0, -1, 1);
  }
}

int dh_rules_set(dh_rules *r, int kind, int rule) {
  int calls = 0, why;
  if (dh_rule_kind(r, rule) < 0) return fail(r, E_NO_RULE);
  if (kind < 0 || kind >= DH_RULE_NKINDS) return fail(r, E_KIND);
  if ((why = tree_why(r, rule, kind, &calls)) != E_NONE) return fail(r, why);
  settle(r, rule, kind);
  dh_impl_mut(r)->root[kind] = (uint8_t)rule;
  return 0;
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

int dh_rules_add_table(dh_rules *r, int suit) {
  dh_card_table *t;
  if (suit < -1 || suit > DH_NOSUIT || r->ntables >= DH_MAX_MODES) return -1;
  t = &r->tables[r->ntables++];
  memcpy(t->suit_of, r->suit_of, sizeof t->suit_of);
  memcpy(t->strength, r->strength, sizeof t->strength);
  memcpy(t->suit_set, r->suit_set, sizeof t->suit_set);
  if (suit >= 0) r->trump_table[suit] = r->ntables;
  return r->ntables;
}

void dh_rules_finish_table(dh_card_table *t) {
  int pos;
  memset(t->suit_set, 0, sizeof t->suit_set);
  for (pos = 0; pos < 64; pos++)
    if (t->suit_of[pos] >= 0 && t->suit_of[pos] < 5) t->suit_set[t->suit_of[pos]] |= dh_set_of((dh_card)pos);
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
  r->opener = 1;
  r->trump_mode = DH_TRUMP_NONE;
  r->trump_suit = DH_NOSUIT;
  r->lead = DH_LEAD_LEFT;
  r->max_hands = 1;
  memset(dh_impl_mut(r)->root, DH_NO_NODE, sizeof dh_impl(r)->root);
}

const char *dh_rules_check(dh_rules *r) {
  dh_rules_impl *x = dh_impl_mut(r);
  int k, i, total, cards = dh_deck_left(&r->deck);
  const char *why_skat;
  if (x->error) return dh_rules_error(r);
  if (r->nseats < 2 || r->nseats > DH_MAX_SEATS) return "seats must be 2 to 8";
  /* named by field: dh_rules_init gives 4 seats 4 sides, and a caller who
  ** changed only nseats must learn which other field to set */
  if (r->nsides < 1 || r->nsides > r->nseats) return "nsides must be from 1 to nseats";
  for (i = 0; i < r->nseats; i++)
    if (r->side_of[i] >= r->nsides) return "a seat has no side";
  if (r->nsizes < 1 || r->nsizes > DH_MAX_SIZES) return "no hand size";
  for (i = 0; i < r->nsizes; i++) {
    total = r->sizes[i] * r->nseats;
    if (r->sizes[i] < 1 || total > cards) return "hand size does not fit the deck";
    if ((r->trump_mode == DH_TRUMP_TURN_UNDER || r->trump_mode == DH_TRUMP_SHOW_TOP) && total >= cards)
      return "no card left to turn up";
    /* every round of drawing serves every seat (the turned card included) */
    if (r->draw && (cards - total) % r->nseats != 0) return "the talon does not share out evenly";
  }
  /* modes out of range would be played as some other mode, unnoticed */
  if (r->trump_mode > DH_TRUMP_SHOW_TOP) return "trump_mode must be one of DH_TRUMP_*";
  if (r->lead > DH_LEAD_HOLDER) return "lead must be DH_LEAD_LEFT or DH_LEAD_HOLDER";
  if (r->lead == DH_LEAD_HOLDER && !dh_card_valid(r->lead_card)) return "lead_card is no card";
  if (r->trump_exchange > 2) return "trump_exchange must be 0, 1 or 2";
  if (r->trump_mode == DH_TRUMP_FIXED && r->trump_suit > DH_SPADES) return "bad trump suit";
  if (r->trump_mode == DH_TRUMP_DEALER && r->draw) return "a dealer's trump card with drawing from the talon";
  if (r->scripted && r->draw) return "a phase script with drawing from the talon";
  if (r->pass_count && (r->npasses < 1 || r->npasses > DH_MAX_PASSES)) return "passing without directions";
  if (r->max_hands < 1) return "max_hands must be at least 1";
  if (r->blind_exchange) {
    if (!r->bidding || r->scripted) return "a blind Nil exchange without bidding";
    for (i = 0; i < r->nsizes; i++)
      if (r->blind_exchange > r->sizes[i]) return "a blind Nil exchange of more cards than a hand";
  }
  if (r->trump_exchange && (r->trump_mode != DH_TRUMP_TURN_UNDER || !r->draw))
    return "a trump exchange without a trump turned under a talon drawn from";
  if (r->ntables > DH_MAX_MODES) return "too many card tables";
  for (i = 0; i < 5; i++)
    if (r->trump_table[i] > r->ntables) return "a trump names no card table";
  if (r->bid_step && (!r->bidding || !r->scripted || r->phase))
    return "the bids placed before a phase (bids_before) need bidding and phases scripted in Lua";
  if (r->phase) {
    const char *why = dh_phase_check(r);
    if (why) return why;
    r->scripted = 1;
  }
  r->phase_start = r->phase ? dh_phase_start : NULL;
  if ((why_skat = dh_skat_value_check(r)) != NULL) return why_skat;

  r->has_calls = 0;
  for (k = 0; k < DH_RULE_NKINDS; k++) {
    int calls = 0;
    if (x->root[k] == DH_NO_NODE && dh_rules_set(r, k, default_rule(r, k)) < 0) return dh_rules_error(r);
    if (tree_why(r, x->root[k], k, &calls) != E_NONE) return "a rule tree is malformed";
    r->has_calls |= (uint8_t)calls;
  }
  if (r->has_calls && !r->call) return "callback rules without a trampoline";
  if (holds_op(r, x->root[DH_RULE_POINTS], DH_OP_DUPLICATE) && r->phase != DH_PREFAB_AUCTION)
    return "the duplicate score reads the auction's contract: it needs the phase dh.phase.auction";
  r->deck_set = dh_deck_set(&r->deck);
  dh_hand_derive(r);
  dh_play_derive(r);
  return NULL;
}
