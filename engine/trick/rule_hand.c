/*
** rule_hand.c -- hand rules: which cards may this seat play now?
**
** A hand rule is a predicate over a card, but the prefabs evaluate it for
** the whole hand at once: each node gives the subset of the hand it
** allows, AND and OR are intersection and union, NOT is the rest of the
** hand.  The "unless nothing else is possible" clauses (follow suit when
** able, no hearts on the first trick unless nothing else is held) are
** judged against the hand, so the nodes combine in any order.
*/
#include "match.h"

typedef struct hand_ctx {
  const dh_match *m;
  const dh_rules *r;
  int seat;
  dh_cardset hand;
  int err;
} hand_ctx;

static dh_cardset suit_cards(const dh_rules *r, int suit) {
  return suit < 5 ? r->suit_set[suit] : 0;
}

/* the strongest trump strength in the trick so far (0 none) */
static int best_trump(const dh_match *m) {
  const dh_rules *r = m->rules;
  int i, best = 0;
  for (i = 0; i < m->trick.n; i++) {
    dh_card c = m->trick.cards[i];
    if (r->suit_of[c & 63] == m->trump && r->strength[c & 63] > best) best = r->strength[c & 63];
  }
  return best;
}

static dh_cardset call_hand(hand_ctx *h, int ref, dh_cardset among) {
  dh_cardset out = 0, it;
  for (it = among; it && !h->err; it &= it - 1) {
    int pos = dh_set_first(it);
    int32_t ok = 0;
    if (h->r->call(h->r->call_ud, ref, DH_RULE_HAND, h->m, h->seat,
                   dh_card_at(pos, h->r->deck.layout), &ok))
      h->err = 1;
    else if (ok) out |= UINT64_C(1) << pos;
  }
  return out;
}

/* the leaves: the cards of the hand a prefab allows */
static inline dh_cardset leaf(hand_ctx *h, const dh_node *n, int ref) {
  const dh_match *m = h->m;
  const dh_rules *r = h->r;
  dh_cardset hand = h->hand;
  int leading = m->trick.n == 0;
  switch (n->op) {
    case DH_OP_FREE_PLAY: return hand;
    case DH_OP_FREE_START: return leading ? hand : 0;
    case DH_OP_FOLLOW_SUIT: {
      dh_cardset led;
      if (leading) return hand;
      led = hand & suit_cards(r, m->trick.led);
      return led ? led : hand;
    }
    case DH_OP_MUST_TRUMP:
    case DH_OP_MUST_OVERTRUMP: {
      dh_cardset trumps, over = 0, it;
      int best;
      if (leading || m->trump >= DH_NOSUIT) return hand;
      trumps = hand & suit_cards(r, m->trump);
      if (m->trick.led != m->trump && (hand & suit_cards(r, m->trick.led))) return hand;
      if (!trumps) return hand;
      if (n->op == DH_OP_MUST_TRUMP) return m->trick.led == m->trump ? hand : trumps;
      best = best_trump(m);
      for (it = trumps; it; it &= it - 1) {
        int pos = dh_set_first(it);
        if (r->strength[pos] > best) over |= UINT64_C(1) << pos;
      }
      if (over) return over;
      return m->trick.led == m->trump ? hand : trumps;
    }
    case DH_OP_BREAK_SUIT: {
      dh_cardset suit = suit_cards(r, n->p[0]);
      if (!leading || (m->played & n->set) || !(hand & ~suit)) return hand;
      return hand & ~suit;
    }
    case DH_OP_FIRST_TRICK:
      if (m->trick_no != 0 || !(hand & ~n->set)) return hand;
      return hand & ~n->set;
    case DH_OP_LEAD_CARD: {
      dh_cardset c = dh_set_of((dh_card)n->p[0]);
      if (!leading || m->trick_no != 0 || !(hand & c)) return hand;
      return c;
    }
    case DH_OP_CALL: return call_hand(h, ref, hand);
    default: return hand;
  }
}

static dh_cardset eval(hand_ctx *h, int i) {
  const dh_node *n = &h->r->nodes[i];
  switch (n->op) {
    case DH_OP_AND: {
      dh_cardset a = eval(h, n->a);
      return a ? a & eval(h, n->b) : 0;
    }
    case DH_OP_OR: return eval(h, n->a) | eval(h, n->b);
    case DH_OP_NOT: return h->hand & ~eval(h, n->a);
    default: return leaf(h, n, i);
  }
}

int dh_hand_allowed(const dh_match *m, int seat, dh_cardset *out) {
  hand_ctx h;
  dh_cardset s;
  const dh_rules *r = m->rules;
  if (r->fast_ops) {
    s = dh_hand_fast(m, r, m->hand[seat]);
    *out = s ? s : m->hand[seat];
    return DH_OK;
  }
  h.m = m; h.r = r; h.seat = seat; h.hand = m->hand[seat]; h.err = 0;
  if (r->nflat) {  /* an AND of prefab leaves: no recursion */
    int i;
    s = h.hand;
    for (i = 0; i < r->nflat && s; i++) s &= leaf(&h, &r->nodes[r->flat[i]], r->flat[i]);
  } else {
    s = eval(&h, r->root[DH_RULE_HAND]);
  }
  if (h.err) return DH_E_RULE;
  /* rules that forbid everything would stall the match: then any card goes */
  *out = s ? s : h.hand;
  return DH_OK;
}

static int leaf_code(int op) {
  switch (op) {
    case DH_OP_FOLLOW_SUIT: return DH_E_MUST_FOLLOW_SUIT;
    case DH_OP_MUST_TRUMP: return DH_E_MUST_TRUMP;
    case DH_OP_MUST_OVERTRUMP: return DH_E_MUST_OVERTRUMP;
    case DH_OP_BREAK_SUIT: return DH_E_SUIT_NOT_BROKEN;
    case DH_OP_FIRST_TRICK: return DH_E_FIRST_TRICK;
    case DH_OP_LEAD_CARD: return DH_E_MUST_LEAD;
    default: return DH_E_ILLEGAL_CARD;
  }
}

/* the code of the first node under i that refuses c, or DH_OK */
static int why(hand_ctx *h, int i, dh_card c) {
  const dh_node *n = &h->r->nodes[i];
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
      return call_hand(h, i, one) ? DH_OK : DH_E_ILLEGAL_CARD;
    default:
      return (leaf(h, n, i) & one) ? DH_OK : leaf_code(n->op);
  }
}

int dh_hand_why(const dh_match *m, int seat, dh_card c) {
  hand_ctx h;
  int code;
  h.m = m; h.r = m->rules; h.seat = seat; h.hand = m->hand[seat]; h.err = 0;
  code = why(&h, h.r->root[DH_RULE_HAND], c);
  if (h.err) return DH_E_RULE;
  return code ? code : DH_E_ILLEGAL_CARD;
}
