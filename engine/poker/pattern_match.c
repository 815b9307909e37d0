/*
** pattern_match.c -- finding a compiled pattern in a hand.
**
** Three stages, cheapest first, so that the usual answer ("no") costs a
** few dozen instructions:
**  1. counts: enough cards, and suits long enough for the suit letters;
**  2. ranks: for each rank component, the tops whose every offset has
**     enough cards of that rank, from bit-sliced rank counts (which ranks
**     the hand holds at least once, twice, three and four times);
**  3. search: choose a top per component (high first, different digits on
**     different ranks), then a suit per letter, then cards for the
**     elements by bipartite matching (augmenting paths over at most 7
**     elements), which settles every clash between elements at once.
*/
#include "pattern.h"

#define ROW UINT64_C(0x0001000100010001)  /* one rank slot in every lane */

typedef struct matcher {
  const dh_pattern *p;
  dh_cardset hand;
  int suitlen[4];
  uint16_t cand_tops[DH_PATTERN_MAXCARDS];   /* stage 2's tops, per component */
  uint8_t top[DH_PATTERN_MAXCARDS];          /* chosen top value, per component */
  dh_cardset rankcards[DH_PATTERN_MAXCARDS]; /* per element, after the tops */
  dh_cardset cand[DH_PATTERN_MAXCARDS];      /* per element, after the suits */
  dh_cardset card[DH_PATTERN_MAXCARDS];      /* per element, the card taken */
  uint8_t suit_used;
} matcher;

/* 13-bit rank mask (bit r-2) to 14-bit value mask (bit v-1, ace also v 1) */
static unsigned values_of(unsigned ranks) { return (ranks << 1) | ((ranks >> 12) & 1); }

/* the card of the highest rank in a non-empty set */
static dh_cardset best_card(dh_cardset m) {
  unsigned ranks = (unsigned)((m | m >> 16 | m >> 32 | m >> 48) & DH_LANE_MASK);
  int slot = 31 - __builtin_clz(ranks);
  return UINT64_C(1) << (slot + __builtin_ctzll((m >> slot) & ROW));
}

/* Kuhn's augmenting path: give element e a card, moving others if need be */
static int augment(matcher *m, int e, dh_cardset *seen) {
  dh_cardset c = m->cand[e] & ~*seen;
  while (c) {
    dh_cardset bit = best_card(c);
    int owner = -1, k;
    *seen |= bit;
    for (k = 0; k < m->p->n; k++)
      if (m->card[k] == bit) { owner = k; break; }
    if (owner < 0 || augment(m, owner, seen)) {
      m->card[e] = bit;
      return 1;
    }
    c &= ~bit;
  }
  return 0;
}

static int assign_cards(matcher *m) {
  int e, n = m->p->n;
  dh_cardset used = 0;
  for (e = 0; e < n; e++) m->card[e] = 0;
  for (e = 0; e < n; e++) {
    dh_cardset spare = m->cand[e] & ~used;
    if (spare) {
      m->card[e] = best_card(spare);  /* the usual case: no one to move */
    } else {
      dh_cardset seen = 0;
      int k;
      if (!augment(m, e, &seen)) return 0;
      used = 0;
      for (k = 0; k <= e; k++) used |= m->card[k];
      continue;
    }
    used |= m->card[e];
  }
  return 1;
}

/* give letters l.. distinct suits, then the cards */
static int assign_suits(matcher *m, int l) {
  const dh_pattern *p = m->p;
  int s, e;
  if (l == p->nletters) return assign_cards(m);
  for (s = 3; s >= 0; s--) {
    dh_cardset lane;
    int ok = 1;
    if ((m->suit_used >> s) & 1 || m->suitlen[s] < p->letter_need[l]) continue;
    lane = dh_suit_mask(s);
    for (e = 0; e < p->n; e++)
      if (p->letter[e] == l && !(m->cand[e] = m->rankcards[e] & lane)) ok = 0;
    if (!ok) continue;
    m->suit_used |= (uint8_t)(1u << s);
    if (assign_suits(m, l + 1)) return 1;
    m->suit_used &= (uint8_t)~(1u << s);
  }
  return 0;
}

static int settle(matcher *m) {
  const dh_pattern *p = m->p;
  int e;
  for (e = 0; e < p->n; e++) {
    dh_cardset c = m->hand;
    if (p->comp[e] != DH_PATTERN_FREE) {
      int v = m->top[p->comp[e]] - p->off[e];
      c &= ROW << (v == 1 ? 12 : v - 2);
    }
    m->rankcards[e] = m->cand[e] = c;
  }
  m->suit_used = 0;
  return assign_suits(m, 0);
}

/* choose tops for components c..; digit_ranks: ranks taken by digits */
static int choose_tops(matcher *m, int c, unsigned digit_ranks) {
  const dh_pattern *p = m->p;
  unsigned tops;
  if (c == p->ncomp) return settle(m);
  tops = m->cand_tops[c];
  while (tops) {
    int bit = 31 - __builtin_clz(tops);   /* top value bit + 1 */
    unsigned mine = 0;
    tops &= ~(1u << bit);
    if (p->digits[c]) {
      /* value bits of the digit offsets, then as ranks */
      unsigned vb = 0, d = p->digits[c];
      while (d) {
        int o = __builtin_ctz(d);
        d &= d - 1;
        vb |= 1u << (bit - o);
      }
      mine = (vb >> 1) | ((vb & 1) << 12);
      if (mine & digit_ranks) continue;
    }
    m->top[c] = (uint8_t)(bit + 1);
    if (choose_tops(m, c + 1, digit_ranks | mine)) return 1;
  }
  return 0;
}

/* can the suits hold the letters?  The longest letter needs the longest
** suit, the second the second: compare the two lists sorted */
static int suits_fit(const dh_pattern *p, dh_cardset hand) {
  int a = __builtin_popcountll(hand & dh_suit_mask(0)), b = __builtin_popcountll(hand & dh_suit_mask(1));
  int c = __builtin_popcountll(hand & dh_suit_mask(2)), d = __builtin_popcountll(hand & dh_suit_mask(3));
  int t;
#define SWAP_IF_LESS(x, y) if (x < y) { t = x; x = y; y = t; }
  SWAP_IF_LESS(a, b); SWAP_IF_LESS(c, d); SWAP_IF_LESS(a, c); SWAP_IF_LESS(b, d); SWAP_IF_LESS(b, c);
#undef SWAP_IF_LESS
  return a >= p->letter_sorted[0] && b >= p->letter_sorted[1] && c >= p->letter_sorted[2] &&
         d >= p->letter_sorted[3];
}

/* stage 3 */
__attribute__((noinline))  /* keeps the refusals above free of its frame */
static int search(const dh_pattern *p, dh_cardset hand, const uint16_t *tops, dh_cardset *out) {
  matcher m;
  int c, e;
  m.p = p;
  m.hand = hand;
  for (c = 0; c < 4; c++) m.suitlen[c] = __builtin_popcountll(dh_set_suit(hand, c));
  for (c = 0; c < p->ncomp; c++) m.cand_tops[c] = tops[c];
  if (!choose_tops(&m, 0, 0)) return 0;
  if (out)
    for (e = 0; e < p->n; e++) *out |= m.card[e];
  return 1;
}

int dh_pattern_match(const dh_pattern *p, dh_cardset hand, dh_cardset *out) {
  uint16_t tops[DH_PATTERN_MAXCARDS];
  int c;
  if (out) *out = 0;
  hand &= DH_FRENCH52;
  if (p->n == 0 || p->never || __builtin_popcountll(hand) < p->n) return 0;
  if (p->nletters && !suits_fit(p, hand)) return 0;
  if (p->ncomp) {
    unsigned l0 = (unsigned)(hand & DH_LANE_MASK), l1 = (unsigned)(hand >> 16 & DH_LANE_MASK);
    unsigned l2 = (unsigned)(hand >> 32 & DH_LANE_MASK), l3 = (unsigned)(hand >> 48 & DH_LANE_MASK);
    unsigned atleast[8] = { 0 };  /* as value masks; 5 or more of a rank: none */
    unsigned a01 = l0 & l1, a23 = l2 & l3, o01 = l0 | l1, o23 = l2 | l3;
    atleast[1] = values_of(o01 | o23);
    atleast[2] = values_of(a01 | a23 | (o01 & o23));
    atleast[3] = values_of((a01 & o23) | (a23 & o01));
    atleast[4] = values_of(a01 & a23);
    for (c = 0; c < p->ncomp; c++) {
      unsigned t = p->tops[c];
      int o;
      for (o = 0; o < p->span[c] && t; o++) t &= atleast[p->need[c][o]] << o;
      if (!t) return 0;
      tops[c] = (uint16_t)t;
    }
  }
  return search(p, hand, tops, out);
}
