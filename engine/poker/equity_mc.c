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
** What makes it quick: a hand's value is its hand sum's key, two loads; a
** showdown adds one to a counter per set of winners, turned into wins,
** ties, equity units and their squares (for the error) once at the end;
** the loop is written out per number of players and reads only locals.
** (Tried and dropped, no faster here: two draws from each 64-bit word,
** four of 16 bits, drawing a batch of trials before valuing them, and the
** board by a partial shuffle instead of redrawing a card already out.)
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

/* the trials, for np players (a constant once inlined, 0 for r->np); what
** the loop reads is copied to locals first, so that the compiler can keep
** it in registers (stores through t might otherwise change it) */
static inline __attribute__((always_inline)) void trials(mc *t, int np) {
  run *r = t->r;
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  const dh_card *avail = t->avail;
  const dh_cardset gone = t->gone, board0 = q->board;
  const uint64_t board0_sum = t->board0_sum;
  const uint32_t navail = (uint32_t)t->navail;
  const int n = np ? np : r->np, need = t->need;
  dh_cardset hole[MAXP];
  uint64_t hole_sum[MAXP], clashes = 0, done = res->trials, total = res->total;
  const dh_range *rg[MAXP];
  unsigned open = 0;
  dh_rng rng = t->rng;
  int p;
  for (p = 0; p < n; p++) {
    hole[p] = t->hole[p];
    hole_sum[p] = t->hole_sum[p];
    rg[p] = q->player[p];
    open |= (unsigned)t->open[p] << p;
  }
  while (done < total && !r->ended) {
    dh_cardset used = gone, board = board0;
    uint64_t board_sum = board0_sum;
    dh_hand_value v[MAXP], best = 0;
    unsigned m = 0;
    int i;
    for (p = 0; p < n; p++) {
      dh_cardset c;
      if (open >> p & 1) continue;
      if (rg[p]->n == 1) c = hole[p];
      else {
        c = rg[p]->combo[dh_rng_below(&rng, (uint32_t)rg[p]->n)];
        hole[p] = c;
        hole_sum[p] = dh_poker_card_sum((dh_card)dh_set_first(c)) +
                      dh_poker_card_sum((dh_card)dh_set_last(c));
      }
      if (c & used) break;
      used |= c;
    }
    if (p < n) {  /* ranges that clash often must still see the clock */
      if (++clashes % CHECK_EVERY == 0) dh_eq_late(r);
      continue;
    }
    for (p = 0; open >> p; p++)   /* the open ranges: two of the cards left */
      if (open >> p & 1) {
        dh_card a, b;
        do a = avail[dh_rng_below(&rng, navail)]; while (dh_set_has(used, a));
        used |= dh_set_of(a);
        do b = avail[dh_rng_below(&rng, navail)]; while (dh_set_has(used, b));
        used |= dh_set_of(b);
        hole[p] = dh_set_of(a) | dh_set_of(b);
        hole_sum[p] = dh_poker_card_sum(a) + dh_poker_card_sum(b);
      }
    for (i = 0; i < need; i++) {
      dh_card c;
      do c = avail[dh_rng_below(&rng, navail)]; while (dh_set_has(used, c));
      used |= dh_set_of(c);
      board |= dh_set_of(c);
      board_sum += dh_poker_card_sum(c);
    }
    for (p = 0; p < n; p++) {
      v[p] = dh_poker_key_value(dh_poker_sum_key(board_sum + hole_sum[p], board | hole[p]));
      best = v[p] > best ? v[p] : best;
    }
    for (p = 0; p < n; p++) m |= (unsigned)(v[p] == best) << p;
    t->by_mask[m]++;
    if (++done == r->next_check) {
      res->trials = done;
      dh_eq_check(r);
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
  switch (np) {
    case 2: trials(&t, 2); break;
    case 3: trials(&t, 3); break;
    case 4: trials(&t, 4); break;
    default: trials(&t, 0); break;
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
