/*
** equity_mc.c -- Hold'em equity by Monte Carlo: trials drawn uniformly
** from the same set the enumeration visits (equity.h).
**
** A trial draws a combination for each player from its list (uniformly;
** when two share a card the whole assignment is drawn again, so every
** assignment without a clash is equally likely), then the missing board
** cards uniformly from the cards left, one at a time, a card already out
** being drawn again.  A range that holds every hand of the cards left
** ("random", "*") is dealt after the others, two of the cards left: however
** the others' hands fall, the ways to finish the deal are as many, so this
** keeps every trial equally likely, without the clashes of drawing it from
** its list.
**
** The draws: many from one 64-bit word of the generator.  For ranges n1,
** n2, ... the word w gives high(w n1), then with w' = low(w n1) high(w'
** n2), and so on: the digits, in mixed radix, of high(w n1 n2 ...).  The
** word is kept only when Lemire's test accepts it for the product of the
** ranges (low(w n1 n2 ...) at least 2^64 mod the product), so that high
** part is exactly uniform, and then so are the digits, independently.  A
** trial takes one word for its lists (when the product of their sizes is
** under 2^57, else a word each), one for the open ranges' cards and one
** for the board (up to ten cards from 52 in a word: a word is refused with
** odds under 2^-7, and a trial with many cards drawn again takes another).
** Each digit waits for the last multiplication, so the board does not
** share the open ranges' chain.
**
** What makes it quick besides: a hand's value is its hand sum's key, two
** loads; a showdown adds one to a counter per set of winners, turned into
** wins, ties, equity units and their squares (for the error) once at the
** end; the loop is written out per number of players and, preflop, for
** five board cards, and reads only locals.  (Tried and dropped, no faster
** here: four draws of 16 bits from each word, drawing a batch of trials
** before valuing them, the board by a partial shuffle instead of redrawing
** a card already out, two proposals a card taken without a branch, the
** lists' and the cards' draws from one word, the board from two words in
** turn or its last two cards from a third, the lists' hand sums kept in a
** table.)
*/
#include <string.h>

#include "equity_impl.h"
#include "rng.h"

#define MAXP DH_EQ_MAXPLAYERS

/* what the trials share */
typedef struct mc {
  run *r;
  dh_cardset gone, hole[MAXP];
  uint64_t hole_sum[MAXP], board0_sum, by_mask[1 << MAXP];
  dh_card avail[52];
  int navail, need, open[MAXP];   /* open: does the range hold every hand of the cards left? */
  dh_rng rng;
} mc;

__extension__ typedef unsigned __int128 u128;

/* the most draws of one 64-bit word make (see digits): their product stays
** under 2^57, so a word is refused with odds under 2^-7 */
#define DIGITS_MAX ((uint64_t)1 << 57)

/* what makes draws of ranges n[0], n[1], ... from 64-bit words */
typedef struct digits {
  uint64_t prod, thr;   /* the product of the ranges of a word, 2^64 mod it */
} digits;

static digits digits_of(uint64_t prod) {
  digits d;
  d.prod = prod;
  d.thr = (0 - prod) % prod;
  return d;
}

/* a word for the draws of d: Lemire's test on the product of their ranges
** (w * prod's low half at least 2^64 mod prod), so that the draws below
** are exactly uniform and independent */
static inline __attribute__((always_inline)) uint64_t word_for(dh_rng *rng, digits d) {
  for (;;) {
    uint64_t w = dh_rng_next(rng);
    if (__builtin_expect((uint64_t)((u128)w * d.prod) >= d.thr, 1)) return w;
  }
}

/* the next draw in [0, n) of a word: the high half of w * n, the low half
** kept for the next (w * n0 * n1 ...'s high half, in mixed radix) */
static inline __attribute__((always_inline)) uint32_t digit(uint64_t *w, uint32_t n) {
  u128 m = (u128)*w * n;
  *w = (uint64_t)m;
  return (uint32_t)(m >> 64);
}

/* the trials, for np players and nb board cards to draw (constants once
** inlined, 0 for r->np and t->need); what the loop reads is copied to
** locals first, so that the compiler can keep it in registers (stores
** through t might otherwise change it) */
static inline __attribute__((always_inline)) void trials(mc *t, int np, int nb) {
  run *r = t->r;
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  const dh_card *avail = t->avail;
  const dh_cardset board0 = q->board;
  const uint64_t board0_sum = t->board0_sum;
  const uint32_t navail = (uint32_t)t->navail;
  const int n = np ? np : r->np, need = nb ? nb : t->need;
  dh_cardset hole[MAXP], gone = t->gone;
  uint64_t hole_sum[MAXP], clashes = 0, done = res->trials, total = res->total;
  uint64_t next_check = r->next_check, prod = 1;
  const dh_range *rg[MAXP];
  int drawn[MAXP], opens[MAXP], nd = 0, no = 0, p, k, per_word = 0;
  digits lists, cards;
  dh_rng rng = t->rng;
  for (p = 0; p < n; p++) {   /* known hands are out from the start */
    hole[p] = t->hole[p];
    hole_sum[p] = t->hole_sum[p];
    rg[p] = q->player[p];
    if (t->open[p]) opens[no++] = p;
    else if (rg[p]->n > 1) drawn[nd++] = p;
    else gone |= hole[p];
  }
  /* the lists' draws from one word when their ranges allow it (1326^5 is
  ** too many), each from a word of its own otherwise */
  for (k = 0; k < nd && prod <= DIGITS_MAX / (uint64_t)rg[drawn[k]]->n; k++)
    prod *= (uint64_t)rg[drawn[k]]->n;
  lists = digits_of(k == nd ? prod : 1);
  for (prod = 1; per_word < 64 && prod <= DIGITS_MAX / (navail ? navail : 1); per_word++)
    prod *= navail ? navail : 1;
  cards = digits_of(prod);
  while (done < total && !r->ended) {
    dh_cardset used = gone, board = board0;
    uint64_t board_sum = board0_sum, w = lists.prod > 1 ? word_for(&rng, lists) : 0;
    dh_hand_value v[MAXP], best = 0;
    unsigned m = 0;
    int i, left;
    for (k = 0; k < nd; k++) {   /* the ranges drawn from their lists */
      dh_cardset c;
      uint32_t x;
      p = drawn[k];
      if (lists.prod == 1) w = word_for(&rng, digits_of((uint64_t)rg[p]->n));
      x = digit(&w, (uint32_t)rg[p]->n);
      c = rg[p]->combo[x];
      if (c & used) break;
      used |= c;
      hole[p] = c;
      hole_sum[p] = dh_poker_card_sum((dh_card)dh_set_first(c)) +
                    dh_poker_card_sum((dh_card)dh_set_last(c));
    }
    if (k < nd) {  /* ranges that clash often must still see the clock */
      if (++clashes % CHECK_EVERY == 0) dh_eq_late(r);
      continue;
    }
    /* the open ranges' cards and the board's, from the cards left: a card
    ** already out is drawn again */
    w = word_for(&rng, cards);
    left = per_word;
#define FREE_CARD(c) \
    do { \
      if (__builtin_expect(--left < 0, 0)) { w = word_for(&rng, cards); left = per_word - 1; } \
      c = avail[digit(&w, navail)]; \
    } while (dh_set_has(used, c))
    for (k = 0; k < no; k++) {   /* the open ranges: two of the cards left */
      dh_card a, b;
      p = opens[k];
      FREE_CARD(a);
      used |= dh_set_of(a);
      FREE_CARD(b);
      used |= dh_set_of(b);
      hole[p] = dh_set_of(a) | dh_set_of(b);
      hole_sum[p] = dh_poker_card_sum(a) + dh_poker_card_sum(b);
    }
    if (no) {   /* the board from a word of its own: two shorter chains of products */
      w = word_for(&rng, cards);
      left = per_word;
    }
    for (i = 0; i < need; i++) {
      dh_card c;
      FREE_CARD(c);
      used |= dh_set_of(c);
      board |= dh_set_of(c);
      board_sum += dh_poker_card_sum(c);
    }
#undef FREE_CARD
    for (p = 0; p < n; p++) {
      v[p] = dh_poker_key_value(dh_poker_sum_key(board_sum + hole_sum[p], board | hole[p]));
      best = v[p] > best ? v[p] : best;
    }
    for (p = 0; p < n; p++) m |= (unsigned)(v[p] == best) << p;
    t->by_mask[m]++;
    if (++done == next_check) {
      res->trials = done;
      dh_eq_check(r);
      next_check = r->next_check;
    }
  }
  res->trials = done;
  t->rng = rng;
}

void dh_eq_holdem_mc(run *r) {
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  mc t;
  dh_cardset s, known = 0;
  int np = r->np, p, left;
  unsigned m;
  memset(t.by_mask, 0, sizeof t.by_mask);
  t.r = r;
  t.gone = q->board | q->dead;
  t.need = 5 - dh_set_count(q->board);
  t.navail = 0;
  t.board0_sum = 0;
  for (s = q->board; s; s &= s - 1) t.board0_sum += dh_poker_card_sum((dh_card)dh_set_first(s));
  left = dh_set_count(DH_FRENCH52 & ~t.gone);
  for (p = 0; p < np; p++) {   /* known hands stay */
    const dh_range *rg = q->player[p];
    int i, live = 0;
    t.hole[p] = rg->combo[0];
    t.hole_sum[p] = dh_poker_card_sum((dh_card)dh_set_first(t.hole[p])) +
                    dh_poker_card_sum((dh_card)dh_set_last(t.hole[p]));
    if (rg->n == 1) known |= rg->combo[0];
    for (i = 0; i < rg->n; i++) live += !(rg->combo[i] & t.gone);
    t.open[p] = live == left * (left - 1) / 2;
  }
  /* the cards to draw from: known hands' cards are never free, so they
  ** are left out rather than drawn and drawn again */
  for (s = DH_FRENCH52 & ~t.gone & ~known; s; s &= s - 1) t.avail[t.navail++] = (dh_card)dh_set_first(s);
  dh_eq_seed(r, &t.rng);
  switch (np * (t.need == 5 ? 1 : -1)) {   /* preflop: the board's loop written out */
    case 2: trials(&t, 2, 5); break;
    case 3: trials(&t, 3, 5); break;
    case -2: trials(&t, 2, 0); break;
    case -3: trials(&t, 3, 0); break;
    case 4: case -4: trials(&t, 4, 0); break;
    default: trials(&t, 0, 0); break;
  }
  for (m = 1; m < 1u << np; m++) {
    uint64_t c = t.by_mask[m], u = DH_EQ_UNIT / (uint64_t)__builtin_popcount(m);
    if (!c) continue;
    for (p = 0; p < np; p++)
      if (m >> p & 1) {
        if (__builtin_popcount(m) == 1) res->wins[p] += c; else res->ties[p] += c;
        res->units[p] += c * u;
        r->sq[p] += c * u * u;
      }
  }
}
