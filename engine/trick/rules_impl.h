/*
** rules_impl.h -- the evaluator's side of a dh_rules: the nodes of the
** rule trees, the forms dh_rules_check derives from them, and the inline
** fast paths the hot loops (match.c, playout.c, policy.c) call.  Private
** to the engine and its tests: not installed.
**
** A node is an op with the parameters of that op, named (the union u),
** and for and/or/not/sum its children by index; a child always comes
** before its parent in the node array, so every tree is finite.  Each op
** is evaluated in the rule_*.c file of its kind, and there too is what a
** card played under it shows the table (rule_hand.c).
**
** Straight-line forms.  A hand rule that is an AND of prefab leaves is
** kept as the list of those leaves (flat), and when they are distinct
** prefabs among the simple ones, as a bit set of ops with their
** parameters (fast_ops): dh_hand_fast below is then the whole hand rule.
** A play rule that is a chain of prefabs is kept as the list of its
** leaves (chain), and "trump wins, else the highest of the led suit" is
** recognised outright.  Every form must give what the tree gives:
** tests/c/test_rules.c plays them against each other.
*/
#ifndef DH_RULES_IMPL_H
#define DH_RULES_IMPL_H

#include "position.h"

#if defined(__GNUC__)
#define DH_RULES_HIDDEN __attribute__((visibility("hidden")))
#else
#define DH_RULES_HIDDEN
#endif

enum {
  /* combinators */
  DH_OP_AND, DH_OP_OR, DH_OP_NOT, DH_OP_SUM, DH_OP_CALL,
  /* hand; FREE_PLAY..LEAD_CARD have straight-line forms (bit op - FREE_PLAY) */
  DH_OP_FREE_PLAY, DH_OP_FREE_START, DH_OP_FOLLOW_SUIT, DH_OP_BREAK_SUIT, DH_OP_FIRST_TRICK,
  DH_OP_LEAD_CARD, DH_OP_MUST_TRUMP, DH_OP_MUST_OVERTRUMP, DH_OP_MUST_BEAT,
  /* play */
  DH_OP_HIGHEST_OF_LED, DH_OP_TRUMP_WINS, DH_OP_HIGHEST_OF,
  /* points */
  DH_OP_CARD_POINTS, DH_OP_TRICKS, DH_OP_CONTRACT, DH_OP_EXACT_BID, DH_OP_MAKERS,
  DH_OP_DUPLICATE,     /* rule_duplicate.c */
  /* win */
  DH_OP_FIRST_TO, DH_OP_LOWEST_WHEN, DH_OP_HIGHEST_AFTER, DH_OP_LOSS_FLOOR,
  /* bid */
  DH_OP_BID_RANGE, DH_OP_BLIND_NIL, DH_OP_HOOK,
  DH_OP_SKAT_VALUE,   /* points: Skat's game value (rule_skat.c) */
  DH_OP_ODD_TRICKS,   /* points: Whist's tricks over book and honours */
  DH_OP_NCODES
};

#define DH_NO_NODE 0xFF   /* a root not set: dh_rules_check puts the default there */

/* the parameters of each op, by the op's name */
typedef union dh_params {
  int32_t call;                                   /* the caller's ref */
  struct { dh_cardset set; uint8_t suit; } break_suit;  /* set: the suit and its breakers */
  dh_cardset no_first_trick;
  dh_card lead_card;
  dh_cardset highest_of;
  dh_card_points_opts card_points;
  int32_t tricks;                                 /* points per trick */
  dh_contract_opts contract;
  dh_exact_bid_opts exact_bid;
  dh_makers_opts makers;
  dh_odd_tricks_opts odd_tricks;
  int32_t first_to, lowest_when, loss_floor;      /* the target, the floor */
  int32_t highest_after;                          /* hands (0: the sizes list) */
  struct { int32_t min, max; uint8_t nil; } bid_range;
} dh_params;

typedef struct dh_node {
  uint8_t op, kind;
  uint8_t a, b;                                   /* AND OR NOT SUM: the children */
  dh_params u;
} dh_node;

/* what play rule form dh_play_winner takes */
enum { DH_PLAY_TREE, DH_PLAY_CHAIN, DH_PLAY_TRUMP_OR_LED };

typedef struct dh_rules_impl {
  /* derived by dh_rules_check; the hot ones first */
  uint16_t fast_ops;                /* bit op - FREE_PLAY per leaf, 0x8000 "in use"; 0: none */
  uint8_t fast_break_suit, fast_lead;
  dh_cardset fast_break, fast_first;
  uint8_t shows_voids;              /* playing off the led suit shows a void */
  uint8_t shows_trump_voids;        /* ... and not trumping then, a void in trumps */
  uint8_t shows_following;          /* a card following shows what it did not beat */
  dh_cardset first_barred;          /* no_first_trick's cards: where they meet the led
                                       suit or trumps, the first trick shows no void */
  uint8_t leaves_sure;              /* the leaves never leave a seat no card (then
                                       any card goes and shows nothing) */
  uint8_t first_lead_bound;         /* a lead_card leaf binds the first lead */
  uint8_t play_form;                /* DH_PLAY_* */
  uint8_t nflat, flat[8];           /* the hand rule as an AND of these leaves (0: not one) */
  uint8_t nchain, chain[8];         /* the play rule as a chain of these leaves */
  /* the trees */
  uint8_t error;                    /* the first builder failure (rules.c), 0 none */
  uint8_t nnodes;
  uint8_t root[DH_RULE_NKINDS];     /* DH_NO_NODE: not set yet */
  dh_node node[DH_MAX_NODES];
} dh_rules_impl;

_Static_assert(sizeof(dh_rules_impl) <= sizeof(dh_rules_private), "DH_RULES_PRIVATE is too small");
_Static_assert(_Alignof(dh_rules_impl) <= _Alignof(dh_rules_private), "dh_rules_private misaligned");

static inline const dh_rules_impl *dh_impl(const dh_rules *r) {
  return (const dh_rules_impl *)(const void *)r->priv.bytes;
}
static inline dh_rules_impl *dh_impl_mut(dh_rules *r) {
  return (dh_rules_impl *)(void *)r->priv.bytes;
}
static inline const dh_node *dh_rules_node(const dh_rules *r, int i) { return &dh_impl(r)->node[i]; }
static inline int dh_rules_root(const dh_rules *r, int kind) { return dh_impl(r)->root[kind]; }

/* the derived forms of each kind (rule_hand.c, rule_play.c), for dh_rules_check */
DH_RULES_HIDDEN void dh_hand_derive(dh_rules *r);
DH_RULES_HIDDEN void dh_play_derive(dh_rules *r);
/* a kind's rules evaluated through the tree, whatever form they have: what
** the forms are tested against */
DH_RULES_HIDDEN int dh_hand_allowed_tree(const dh_position *p, int seat, dh_cardset *out);
DH_RULES_HIDDEN int dh_play_winner_tree(const dh_position *p, const dh_trick *t, int *winner);
/* adds the duplicate score of the hand into pts, per side (rule_duplicate.c) */
DH_RULES_HIDDEN void dh_duplicate_points(const dh_position *p, int64_t *pts);

/* ------------------------------------------------------------ hand rules */

#define DH_FAST(x, op) ((x)->fast_ops & (1u << ((op) - DH_OP_FREE_PLAY)))

/* the hand rule in straight-line code, for rules with fast_ops: the same
** set as the tree (rule_hand.c) before "nothing allowed: anything goes";
** inline because playouts call it for every card */
static inline int dh_rules_fast(const dh_rules *r) { return dh_impl(r)->fast_ops != 0; }

static inline dh_cardset dh_hand_fast(const dh_position *p, const dh_rules *r, dh_cardset hand) {
  const dh_rules_impl *x = dh_impl(r);
  dh_cardset s = hand;
  if (p->trick.n == 0) {
    if (DH_FAST(x, DH_OP_BREAK_SUIT)) {  /* with masks: random hands defeat branches */
      dh_cardset suit = dh_position_suit_cards(p, x->fast_break_suit);
      unsigned cut = (unsigned)!(p->played & x->fast_break) & (unsigned)((hand & ~suit) != 0);
      s &= ~(suit & (0 - (dh_cardset)cut));
    }
    if (DH_FAST(x, DH_OP_LEAD_CARD) && p->trick_no == 0 && dh_set_has(hand, x->fast_lead))
      s &= dh_set_of(x->fast_lead);
  } else {
    if (DH_FAST(x, DH_OP_FREE_START)) return 0;
    if (DH_FAST(x, DH_OP_FOLLOW_SUIT)) {
      dh_cardset led = hand & dh_position_suit_cards(p, p->trick.led);
      s &= led | (0 - (dh_cardset)(led == 0));  /* led cards when held: whether is random */
    }
  }
  if (DH_FAST(x, DH_OP_FIRST_TRICK) && p->trick_no == 0 && (hand & ~x->fast_first))
    s &= ~x->fast_first;
  return s;
}

/* what a card showed the seat held nothing else of (rule_hand.c): the
** rare update out of line, and the leaves of a hand rule that has no
** straight-line form */
DH_RULES_HIDDEN void dh_hand_exclude(dh_position *p, int seat, dh_card c, dh_cardset ex);
DH_RULES_HIDDEN void dh_hand_learn_leaves(dh_position *p, int seat, dh_card c, int suit);

/*
** What everyone learns from seat playing c, of effective suit `suit`,
** before it is recorded: a void in the led suit when not following under
** a rule that forces following (and in trumps when not trumping then
** under one that forces trumping); and from a lead or a first-trick card
** (any card under must_beat or must_overtrump), what the leaves of the
** hand rule show (rule_hand.c).  Views and samples
** rely on it.  Inline: it runs for every card played.
*/
/* on the first trick, may no_first_trick and following (or trumping)
** leave a seat no card, so that any card goes and shows nothing? */
static inline int first_meets(const dh_position *p, const dh_rules_impl *x, int led) {
  dh_cardset s = dh_position_suit_cards(p, led);
  if (p->trump < DH_NOSUIT) s |= dh_position_suit_cards(p, p->trump);
  return (x->first_barred & s) != 0;
}

static inline void dh_hand_learn(dh_position *p, int seat, dh_card c, int suit) {
  const dh_rules_impl *x = dh_impl(p->rules);
  int led = p->trick.led, trump = p->trump;
  /* without branches: whether a random card follows is a coin toss.  led
     is DH_NOSUIT on a lead, so a lead shows nothing here; setting a bit
     or a suit's cards twice changes nothing */
  unsigned off = (unsigned)(led < DH_NOSUIT) & (unsigned)(suit != led) & x->shows_voids &
                 (unsigned)(p->trick_no != 0 || !x->first_barred || !first_meets(p, x, led));
  unsigned offt = off & x->shows_trump_voids & (unsigned)(trump < DH_NOSUIT) & (unsigned)(suit != trump);
  /* led and trump are 0..DH_NOSUIT; at DH_NOSUIT the masks are 0 */
  p->voids[seat] |= (uint8_t)((off << led) | (offt << trump));
  p->excluded[seat] |= (dh_position_suit_cards(p, led) & (0 - (dh_cardset)off)) |
                       (dh_position_suit_cards(p, trump) & (0 - (dh_cardset)offt));
  if (p->trick.n != 0 && p->trick_no != 0 && !x->shows_following) return;
  if (!x->leaves_sure) return;  /* any card may go: a card shows nothing more */
  if (x->fast_ops) {  /* the straight-line leaves: the checks inline, the rare update not */
    dh_cardset ex = 0;
    /* & of flags: the suit of a random lead is a coin toss for a branch */
    unsigned brk = (unsigned)(p->trick.n == 0) & (unsigned)(suit == x->fast_break_suit) &
                   (unsigned)!(p->played & x->fast_break);
    unsigned bound = (unsigned)(p->trick_no == 0) & x->first_lead_bound;  /* see rule_hand.c */
    if (DH_FAST(x, DH_OP_BREAK_SUIT) && brk && !bound) ex |= ~dh_position_suit_cards(p, suit);
    if (DH_FAST(x, DH_OP_FIRST_TRICK) && p->trick_no == 0 && (dh_set_of(c) & x->fast_first) &&
        !(p->trick.n == 0 ? bound : first_meets(p, x, led)))
      ex |= ~x->fast_first;
    if (ex) dh_hand_exclude(p, seat, c, ex);
  } else if (x->nflat) {
    dh_hand_learn_leaves(p, seat, c, suit);
  }
}

/* ------------------------------------------------------------- bid rules */

/* the bids the seat to act may make into out (room for 2 + the hand
** size), or -1 when a callback failed (rule_bid.c) */
DH_RULES_HIDDEN int dh_bid_list(const dh_position *p, int *out, int room);

/* when the bid rule is a plain range: 1, with the bids lo..hi and whether
** Nil (0) is allowed below lo; else 0 (ask the rule) */
static inline int dh_bid_range_of(const dh_position *p, int *lo, int *hi, int *nil) {
  const dh_node *n = dh_rules_node(p->rules, dh_rules_root(p->rules, DH_RULE_BID));
  if (n->op != DH_OP_BID_RANGE) return 0;
  *lo = n->u.bid_range.min > 0 ? n->u.bid_range.min : 0;
  *hi = n->u.bid_range.max < 0 ? p->hand_size : n->u.bid_range.max;
  *nil = n->u.bid_range.nil && n->u.bid_range.min > 0;
  return 1;
}

/* ---------------------------------------------------------- points rules */

/* Skat's game value (rule_skat.c): adds the declarer's score into pts
** (per side); why rules using it do not fit, or NULL */
DH_RULES_HIDDEN void dh_skat_value(const dh_position *p, int64_t *pts);
/* a card's points in Skat's count (ace 11 ... jack 2) */
DH_RULES_HIDDEN int dh_skat_card_value(dh_card c);
DH_RULES_HIDDEN const char *dh_skat_value_check(const dh_rules *r);

/* points in 64 bits clamped to 32: scores saturate rather than wrap */
static inline int32_t dh_points_clamp(int64_t v) {
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

#endif
