/*
** rule_hand.c -- hand rules: which cards may this seat play now, and what
** does a card played under them show the table?
**
** A hand rule is a predicate over a card, but the prefabs evaluate it for
** the whole hand at once: each node gives the subset of the hand it
** allows, AND and OR are intersection and union, NOT is the rest of the
** hand.  The "unless nothing else is possible" clauses (follow suit when
** able, no hearts on the first trick unless nothing else is held) are
** judged against the hand, so the nodes combine in any order.
**
** Beside each op is what it shows: a rule that forces following makes a
** card off the led suit show a void, and so on (leaf_shows, forces_*).
** The straight-line forms of rules_impl.h give the same sets and show the
** same things for the ops they cover.
*/
#include "rules_impl.h"

typedef struct hand_ctx {
  const dh_position *p;
  const dh_rules *r;
  int seat;
  dh_cardset hand;
  int err;
} hand_ctx;

/* the strongest trump strength in the trick so far (0 none) */
static int best_trump(const dh_position *p) {
  int i, best = 0;
  for (i = 0; i < p->trick.n; i++) {
    dh_card c = p->trick.cards[i];
    if (dh_position_suit(p, c) == p->trump && dh_position_strength(p, c) > best) best = dh_position_strength(p, c);
  }
  return best;
}

static dh_cardset call_hand(hand_ctx *h, const dh_node *n, dh_cardset among) {
  dh_cardset out = 0, it;
  for (it = among; it && !h->err; it &= it - 1) {
    int pos = dh_set_first(it);
    int32_t ok = 0;
    if (h->r->call(h->r->call_ud, n->u.call, DH_RULE_HAND, h->p, h->seat,
                   dh_card_at(pos, h->r->deck.layout), &ok))
      h->err = 1;
    else if (ok) out |= UINT64_C(1) << pos;
  }
  return out;
}

/* must_trump and must_overtrump: the trumps (those beating the trick's
** best trump, for over) when void in the led suit and holding some */
static dh_cardset trumping(const dh_position *p, const dh_node *n, dh_cardset hand) {
  dh_cardset trumps, over = 0, it;
  int best;
  if (p->trick.n == 0 || p->trump >= DH_NOSUIT) return hand;
  trumps = hand & dh_position_suit_cards(p, p->trump);
  if (p->trick.led != p->trump && (hand & dh_position_suit_cards(p, p->trick.led))) return hand;
  if (!trumps) return hand;
  if (n->op == DH_OP_MUST_TRUMP) return p->trick.led == p->trump ? hand : trumps;
  best = best_trump(p);
  for (it = trumps; it; it &= it - 1) {
    int pos = dh_set_first(it);
    if (dh_position_strength(p, (dh_card)pos) > best) over |= UINT64_C(1) << pos;
  }
  if (over) return over;
  return p->trick.led == p->trump ? hand : trumps;
}

/* the strongest card of the led suit in the trick so far, or -1 when the
** trick is trumped (and trumps were not led): must_beat asks no more then */
static int best_of_led(const dh_position *p) {
  int i, best = 0;
  for (i = 0; i < p->trick.n; i++) {
    dh_card c = p->trick.cards[i];
    int suit = dh_position_suit(p, c);
    if (suit == p->trick.led) {
      if (dh_position_strength(p, c) > best) best = dh_position_strength(p, c);
    } else if (suit == p->trump) {
      return -1;
    }
  }
  return best;
}

/* the cards of set stronger than strength */
static dh_cardset stronger(const dh_position *p, dh_cardset set, int strength) {
  dh_cardset out = 0, it;
  for (it = set; it; it &= it - 1) {
    int pos = dh_set_first(it);
    if (dh_position_strength(p, (dh_card)pos) > strength) out |= UINT64_C(1) << pos;
  }
  return out;
}

/* must_beat: following, the cards of the led suit that beat the trick */
static dh_cardset beating(const dh_position *p, dh_cardset hand) {
  int best;
  dh_cardset over;
  if (p->trick.n == 0 || (best = best_of_led(p)) < 0) return hand;
  over = stronger(p, hand & dh_position_suit_cards(p, p->trick.led), best);
  return over ? over : hand;
}

/* the leaves: the cards of the hand a prefab allows */
static dh_cardset leaf(hand_ctx *h, const dh_node *n) {
  const dh_position *p = h->p;
  dh_cardset hand = h->hand;
  int leading = p->trick.n == 0;
  switch (n->op) {
    case DH_OP_FREE_PLAY: return hand;
    case DH_OP_FREE_START: return leading ? hand : 0;
    case DH_OP_FOLLOW_SUIT: {
      dh_cardset led;
      if (leading) return hand;
      led = hand & dh_position_suit_cards(p, p->trick.led);
      return led ? led : hand;
    }
    case DH_OP_MUST_TRUMP: case DH_OP_MUST_OVERTRUMP: return trumping(p, n, hand);
    case DH_OP_MUST_BEAT: return beating(p, hand);
    case DH_OP_BREAK_SUIT: {
      dh_cardset suit = dh_position_suit_cards(p, n->u.break_suit.suit);
      if (!leading || (p->played & n->u.break_suit.set) || !(hand & ~suit)) return hand;
      return hand & ~suit;
    }
    case DH_OP_FIRST_TRICK:
      if (p->trick_no != 0 || !(hand & ~n->u.no_first_trick)) return hand;
      return hand & ~n->u.no_first_trick;
    case DH_OP_LEAD_CARD: {
      dh_cardset c = dh_set_of(n->u.lead_card);
      if (!leading || p->trick_no != 0 || !(hand & c)) return hand;
      return c;
    }
    case DH_OP_CALL: return call_hand(h, n, hand);
    default: return hand;
  }
}

/* the code a leaf refuses a card with */
static int leaf_code(int op) {
  switch (op) {
    case DH_OP_FOLLOW_SUIT: return DH_E_MUST_FOLLOW_SUIT;
    case DH_OP_MUST_TRUMP: return DH_E_MUST_TRUMP;
    case DH_OP_MUST_OVERTRUMP: return DH_E_MUST_OVERTRUMP;
    case DH_OP_MUST_BEAT: return DH_E_MUST_BEAT;
    case DH_OP_BREAK_SUIT: return DH_E_SUIT_NOT_BROKEN;
    case DH_OP_FIRST_TRICK: return DH_E_FIRST_TRICK;
    case DH_OP_LEAD_CARD: return DH_E_MUST_LEAD;
    default: return DH_E_ILLEGAL_CARD;
  }
}

/* what seat playing c, of effective suit `suit`, under a leaf shows it
** held nothing else of: the cards now known not to be in its hand.  The
** following cases count on the other leaves never leaving the seat no
** card (then any card goes, and shows nothing): dh_hand_derive sets
** shows_following only for leaves that cannot. */
static dh_cardset leaf_shows(const dh_position *p, const dh_node *n, int seat, dh_card c, int suit) {
  const dh_rules_impl *x = dh_impl(p->rules);
  int led = p->trick.led;
  if (!x->leaves_sure) return 0;
  switch (n->op) {
    case DH_OP_MUST_BEAT: {  /* followed without beating: held nothing that beats */
      int best;
      if (!x->shows_following || p->trick.n == 0 || suit != led || (best = best_of_led(p)) < 0) return 0;
      if (dh_position_strength(p, c) > best) return 0;
      return stronger(p, dh_position_suit_cards(p, led), best);
    }
    case DH_OP_MUST_OVERTRUMP: {  /* trumped without overtrumping: held no higher trump */
      int best;
      if (!x->shows_following || p->trick.n == 0 || p->trump >= DH_NOSUIT || suit != p->trump) return 0;
      if (led != p->trump && !(p->voids[seat] >> led & 1)) return 0;  /* free to trump */
      best = best_trump(p);
      if (dh_position_strength(p, c) > best) return 0;
      return stronger(p, dh_position_suit_cards(p, p->trump), best);
    }
    case DH_OP_BREAK_SUIT:  /* led the suit unbroken: it held nothing else */
      if (p->trick_no == 0 && x->first_lead_bound) return 0;  /* the first lead may be forced */
      if (p->trick.n == 0 && suit == n->u.break_suit.suit && !(p->played & n->u.break_suit.set))
        return ~dh_position_suit_cards(p, suit);
      return 0;
    case DH_OP_FIRST_TRICK:  /* a barred card on the first trick: nothing else */
      if (p->trick.n == 0 ? x->first_lead_bound : first_meets(p, x, led)) return 0;
      return p->trick_no == 0 && dh_set_has(n->u.no_first_trick, c) ? ~n->u.no_first_trick : 0;
    default:
      return 0;
  }
}

/* does every card the tree under i allows follow suit when able (a card
** off the led suit then shows a void)? */
static int forces_follow(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_FOLLOW_SUIT) return 1;
  if (n->op == DH_OP_AND) return forces_follow(r, n->a) || forces_follow(r, n->b);
  if (n->op == DH_OP_OR) return forces_follow(r, n->a) && forces_follow(r, n->b);
  return 0;
}

/* ... and trump when void, if able? */
static int forces_trump(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_MUST_TRUMP || n->op == DH_OP_MUST_OVERTRUMP) return 1;
  if (n->op == DH_OP_AND) return forces_trump(r, n->a) || forces_trump(r, n->b);
  if (n->op == DH_OP_OR) return forces_trump(r, n->a) && forces_trump(r, n->b);
  return 0;
}

static dh_cardset eval(hand_ctx *h, int i) {
  const dh_node *n = dh_rules_node(h->r, i);
  switch (n->op) {
    case DH_OP_AND: {
      dh_cardset a = eval(h, n->a);
      return a ? a & eval(h, n->b) : 0;
    }
    case DH_OP_OR: return eval(h, n->a) | eval(h, n->b);
    case DH_OP_NOT: return h->hand & ~eval(h, n->a);
    default: return leaf(h, n);
  }
}

static void ctx(hand_ctx *h, const dh_position *p, int seat) {
  h->p = p;
  h->r = p->rules;
  h->seat = seat;
  h->hand = p->hand[seat];
  h->err = 0;
}

/* rules that forbid everything would stall the match: then any card goes */
static int allowed(const hand_ctx *h, dh_cardset s, dh_cardset *out) {
  if (h->err) return DH_E_RULE;
  *out = s ? s : h->hand;
  return DH_OK;
}

int dh_hand_allowed_tree(const dh_position *p, int seat, dh_cardset *out) {
  hand_ctx h;
  *out = 0;
  if ((unsigned)seat >= p->nseats) return DH_E_BAD_SEAT;
  ctx(&h, p, seat);
  return allowed(&h, eval(&h, dh_rules_root(p->rules, DH_RULE_HAND)), out);
}

int dh_hand_allowed(const dh_position *p, int seat, dh_cardset *out) {
  const dh_rules *r = p->rules;
  const dh_rules_impl *x = dh_impl(r);
  hand_ctx h;
  dh_cardset s;
  int i;
  if ((unsigned)seat >= p->nseats) { *out = 0; return DH_E_BAD_SEAT; }
  if (x->fast_ops) {
    s = dh_hand_fast(p, r, p->hand[seat]);
    *out = s ? s : p->hand[seat];
    return DH_OK;
  }
  if (!x->nflat) return dh_hand_allowed_tree(p, seat, out);
  ctx(&h, p, seat);  /* an AND of prefab leaves: no recursion */
  for (i = 0, s = h.hand; i < x->nflat && s; i++) s &= leaf(&h, dh_rules_node(r, x->flat[i]));
  return allowed(&h, s, out);
}

/* the code of the first node under i that refuses c, or DH_OK */
static int why(hand_ctx *h, int i, dh_card c) {
  const dh_node *n = dh_rules_node(h->r, i);
  dh_cardset one = dh_set_of(c);
  switch (n->op) {
    case DH_OP_AND: {
      int a = why(h, n->a, c);
      return a ? a : why(h, n->b, c);
    }
    case DH_OP_OR: {
      int a = why(h, n->a, c), b;
      if (!a) return DH_OK;
      b = why(h, n->b, c);
      if (!b) return DH_OK;
      return a == DH_E_ILLEGAL_CARD ? b : a;
    }
    case DH_OP_NOT:
      return why(h, n->a, c) ? DH_OK : DH_E_ILLEGAL_CARD;
    case DH_OP_CALL:
      return call_hand(h, n, one) ? DH_OK : DH_E_ILLEGAL_CARD;
    default:
      return (leaf(h, n) & one) ? DH_OK : leaf_code(n->op);
  }
}

int dh_hand_why(const dh_position *p, int seat, dh_card c) {
  hand_ctx h;
  int code;
  if ((unsigned)seat >= p->nseats) return DH_E_BAD_SEAT;
  ctx(&h, p, seat);
  code = why(&h, dh_rules_root(p->rules, DH_RULE_HAND), c);
  if (h.err) return DH_E_RULE;
  return code ? code : DH_E_ILLEGAL_CARD;
}

/* ------------------------------------------------ what play shows */

__attribute__((noinline)) void dh_hand_exclude(dh_position *p, int seat, dh_card c, dh_cardset ex) {
  const dh_rules *r = p->rules;
  int s;
  p->excluded[seat] |= ex & r->deck_set & ~dh_set_of(c);
  for (s = 0; s < 4; s++)
    if (!(dh_position_suit_cards(p, s) & r->deck_set & ~p->excluded[seat])) p->voids[seat] |= (uint8_t)(1 << s);
}

__attribute__((noinline)) void dh_hand_learn_leaves(dh_position *p, int seat, dh_card c, int suit) {
  const dh_rules_impl *x = dh_impl(p->rules);
  dh_cardset ex = 0;
  int i;
  for (i = 0; i < x->nflat; i++) ex |= leaf_shows(p, dh_rules_node(p->rules, x->flat[i]), seat, c, suit);
  if (ex) dh_hand_exclude(p, seat, c, ex);
}

/* --------------------------------------------------- derived forms */

/* may a card following show something (a must_beat or must_overtrump
** leaf), and can the flat leaves never leave a seat no card to play?  A
** leaf that may allow nothing (free_start following, no_first_trick,
** a Lua function) would let any card go, and a card shows nothing then. */
static int follow_shows(const dh_rules *r, const dh_rules_impl *x) {
  int i, some = 0;
  for (i = 0; i < x->nflat; i++) {
    int op = dh_rules_node(r, x->flat[i])->op;
    if (op == DH_OP_MUST_BEAT || op == DH_OP_MUST_OVERTRUMP) some = 1;
    else if (op != DH_OP_FREE_PLAY && op != DH_OP_FOLLOW_SUIT && op != DH_OP_MUST_TRUMP &&
             op != DH_OP_BREAK_SUIT && op != DH_OP_LEAD_CARD) return 0;
  }
  return some;
}

/* lists the leaves of an AND-only tree under i into flat; 0 if it is not one */
static int flatten(const dh_rules *r, int i, dh_rules_impl *x) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_AND) return flatten(r, n->a, x) && flatten(r, n->b, x);
  if (n->op == DH_OP_OR || n->op == DH_OP_NOT || x->nflat >= 8) return 0;
  x->flat[x->nflat++] = (uint8_t)i;
  return 1;
}

/* the straight-line form of the flat leaves, when they have one */
static void fast_form(const dh_rules *r, dh_rules_impl *x) {
  int i;
  x->fast_ops = 0;
  for (i = 0; i < x->nflat; i++) {
    const dh_node *n = dh_rules_node(r, x->flat[i]);
    uint16_t bit;
    if (n->op < DH_OP_FREE_PLAY || n->op > DH_OP_LEAD_CARD) { x->fast_ops = 0; return; }
    bit = (uint16_t)(1u << (n->op - DH_OP_FREE_PLAY));
    if (x->fast_ops & bit) { x->fast_ops = 0; return; }  /* a leaf twice: the list does it */
    x->fast_ops |= bit;
    if (n->op == DH_OP_BREAK_SUIT) {
      x->fast_break_suit = n->u.break_suit.suit;
      x->fast_break = n->u.break_suit.set;
    }
    if (n->op == DH_OP_FIRST_TRICK) x->fast_first = n->u.no_first_trick;
    if (n->op == DH_OP_LEAD_CARD) x->fast_lead = n->u.lead_card;
  }
  x->fast_ops |= 0x8000;  /* "in use", even for a lone free play */
}

/* can the leaves under i together allow no card of a hand (then any card
** goes, and a card off the led suit shows no void)?  free_start does when
** following, a NOT may; no_first_trick may on the first trick only, which
** dh_hand_learn judges by the led suit (first_barred).  A Lua function is
** trusted to leave the seat a card, as the rules it is written for do
** (Hearts' "any club may open"). */
static int may_allow_none(const dh_rules *r, int i, dh_cardset *first) {
  const dh_node *n = dh_rules_node(r, i);
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR: {
      int a = may_allow_none(r, n->a, first);
      return may_allow_none(r, n->b, first) || a;
    }
    case DH_OP_FIRST_TRICK: *first |= n->u.no_first_trick; return 0;
    case DH_OP_FREE_START: case DH_OP_NOT: return 1;
    default: return 0;
  }
}

/* is the first lead bound by a lead_card leaf beside no_first_trick or
** break_suit (a leaf that may forbid the card the other forces)? */
static int lead_bound(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_AND || n->op == DH_OP_OR) return lead_bound(r, n->a) || lead_bound(r, n->b);
  return n->op == DH_OP_LEAD_CARD;
}

void dh_hand_derive(dh_rules *r) {
  dh_rules_impl *x = dh_impl_mut(r);
  int root = x->root[DH_RULE_HAND];
  dh_cardset first = 0;
  x->leaves_sure = (uint8_t)!may_allow_none(r, root, &first);
  x->shows_voids = (uint8_t)(forces_follow(r, root) && x->leaves_sure);
  x->first_barred = first;
  x->first_lead_bound = (uint8_t)lead_bound(r, root);
  x->shows_trump_voids = (uint8_t)(x->shows_voids && forces_trump(r, root));
  /* the straight-line forms only for an AND of leaves: an OR or NOT goes
  ** through the tree (with no leaves, fast_form would mean "free play") */
  x->nflat = 0;
  x->fast_ops = 0;
  x->shows_following = 0;
  if (flatten(r, root, x)) fast_form(r, x);
  else x->nflat = 0;
  x->shows_following = (uint8_t)follow_shows(r, x);
}
