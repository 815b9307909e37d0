/*
** equity_mc.c -- Hold'em equity by Monte Carlo: trials drawn uniformly
** from the same set the enumeration visits (equity.h).
**
** A trial takes an assignment of hands to the players with a list (known
** hands and ranges), uniformly among those where no two hands share a
** card, then the missing board cards uniformly from the cards left, one at
** a time, a card already out being drawn again.  A range that holds every
** hand of the cards left ("random", "*") is "open": it is dealt after the
** others, two of the cards left.  However the others' hands fall, the ways
** to finish the deal are as many, so this keeps every trial equally
** likely, without the clashes of drawing it from its list.
**
** The assignments are listed once, before the trials, in a table on the
** stack (the joint table: JJ against AKo is 72 of them), each with the
** cards it uses and every listed player's hand sum and cards; a trial
** draws one entry, so there is no clash to draw again and no hand to sum.
** When the assignments are too many for the table, a trial draws each
** range from its list, the whole assignment again when two clash (the
** same distribution: uniform over the assignments without a clash).
**
** The draws: many from one 64-bit word of the generator.  For ranges n1,
** n2, ... the word w gives high(w n1), then with w' = low(w n1) high(w'
** n2), and so on: the digits, in mixed radix, of high(w n1 n2 ...).  The
** word is kept only when Lemire's test accepts it for the product of the
** ranges (low(w n1 n2 ...) at least 2^64 mod the product), so that high
** part is exactly uniform, and then so are the digits, independently.  A
** trial takes a word for its assignment, one for each open range's two
** cards and one for the board's cards: separate chains of
** multiplications, since each digit waits for the last.  A card word
** holds as many draws as its product allows (nine or more of 52); those
** the cards do not take wait for a card found already out, which is
** drawn again from them, and when they are spent from words of their
** own (Lemire's method for one draw).  The cards are drawn from the cards
** not known to be out (board, dead cards, known hands), each with its
** card set and hand sum, so that a draw's loads wait only on the draw.
**
** The players are renumbered for the loop, open ones last, and the
** showdown adds one to a counter per set of winners, turned into wins,
** ties, equity units and their squares (for the error) once at the end.
** A hand's value is its hand sum's key, two loads.  The loop is written
** out for the common numbers of players, listed ranges and board cards,
** and reads only locals; it looks at r->ended only when it has looked at
** the clock.
*/
#include <string.h>

#include "equity_impl.h"
#include "rng.h"

#define MAXP DH_EQ_MAXPLAYERS

/* the joint table's size in words (on the stack, like equity_enum.c's
** cache), and the most steps spent listing it before giving up */
#define JOINT_WORDS 4096
#define JOINT_STEPS 65536

/* what the trials share.  Places: the players renumbered, those with a
** list first (in the request's order), the open ones last */
typedef struct mc {
  run *r;
  int n, nl, no, nb;      /* places, listed ones, open ones; board cards to draw */
  int who[MAXP];          /* the request's player at each place */
  dh_cardset gone;        /* board, dead and known hands: never drawn */
  uint64_t board0_sum, rng;
  uint32_t navail;
  /* the cards a board or open card is drawn from: each one's card set
  ** and hand sum, so that a draw's two loads wait only on the draw */
  struct card { dh_cardset set; uint64_t sum; } avail[52];
  uint64_t by_mask[1 << MAXP];   /* trials by set of winners (places) */
  /* an assignment: the cards it uses, the hand sum of each listed place,
  ** then its cards (stride = 1 + 2 nl words); nj of them in the joint
  ** table, none when they did not fit */
  uint32_t nj, stride;
  uint64_t joint[JOINT_WORDS];
} mc;

__extension__ typedef unsigned __int128 u128;

/* the loop's generator: a 64-bit counter stepped by an odd constant, each
** step mixed into the output by one 64 x 64 -> 128-bit multiplication of
** the counter by itself with some bits flipped, the product's halves
** xored (the design of Wang Yi's wyrand).  Five instructions a word
** against xoshiro256**'s fifteen, and the only chain from word to word is
** the addition.  A step of the counter is a step of the stream, so
** jumping k steps ahead is adding k times the constant (mc_seed) */
#define MC_STEP UINT64_C(0xa0761d6478bd642f)
#define MC_FLIP UINT64_C(0xe7037ed1a0b428db)

static inline __attribute__((always_inline)) uint64_t mc_next(uint64_t *s) {
  u128 m;
  *s += MC_STEP;
  m = (u128)*s * (*s ^ MC_FLIP);
  return (uint64_t)m ^ (uint64_t)(m >> 64);
}

/* share t of a run starts 2^55 t steps into the stream of the seed (the
** counter's start: a word of the engine's generator seeded with it); 512
** shares at most, so each has 2^55 words before the next one's start */
_Static_assert(DH_EQ_MAXSHARES <= 512, "2^55 steps a share");

static uint64_t mc_seed(const run *r) {
  dh_rng g;
  dh_rng_seed(&g, r->req->seed);
  return dh_rng_next(&g) + (uint64_t)r->share * (MC_STEP << 55);
}

/* the most draws of one 64-bit word make: their product stays under
** 2^57, so a word is refused with odds under 2^-7 */
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
static inline __attribute__((always_inline)) uint64_t word_for(uint64_t *rng, digits d) {
  for (;;) {
    uint64_t w = mc_next(rng);
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

/* the value of a hand sum with its cards (the cards count only for a flush) */
static inline __attribute__((always_inline)) dh_hand_value value_of(uint64_t sum, dh_cardset cards) {
  return dh_poker_key_value(dh_poker_sum_key(sum, cards));
}

static uint64_t hand_sum(dh_cardset h) {
  return dh_poker_card_sum((dh_card)dh_set_first(h)) + dh_poker_card_sum((dh_card)dh_set_last(h));
}

/* the trials, for np places with nl listed, and nb board cards to draw
** (constants once inlined; 0 and -1 for t's), from the joint table or not;
** what the loop reads is copied to locals first, so that the compiler can
** keep it in registers (stores through t might otherwise change it) */
static inline __attribute__((always_inline)) void trials(mc *t, int np, int nl, int nb) {
  run *r = t->r;
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  const int n = np ? np : t->n, nlp = nl >= 0 ? nl : t->nl, need = nb ? nb : t->nb;
  const uint32_t navail = t->navail, nj = t->nj, stride = 1 + 2 * (uint32_t)nlp;
  const int joint = nj > 0;
  const struct card *avail = t->avail;
  const uint64_t *table = t->joint;
  const dh_cardset board0 = q->board;
  const uint64_t board0_sum = t->board0_sum;
  uint64_t rng = t->rng, done = res->trials, total = res->total, next_check = r->next_check;
  uint64_t clashes = 0, prod = 1, deal[1 + 2 * MAXP];
  const digits one = digits_of(navail ? navail : 1);
  const dh_range *rg[MAXP];
  int drawn[MAXP], nd = 0, p, k, i, per_word, spare;
  digits lists, deals, cards;
  /* a word for cards: as many draws as its product allows (nine or more),
  ** those the trial does not take waiting for a card found out already */
  for (per_word = 0; per_word < 64 && prod <= DIGITS_MAX / (navail ? navail : 1); per_word++)
    prod *= navail ? navail : 1;
  cards = digits_of(prod);
  deals = digits_of(nj ? nj : 1);
  prod = 1;
  /* without the table: the known hands' part of an assignment, the
  ** ranges' draws from one word when their product allows it (1326^5 is
  ** too many), each from a word of its own otherwise */
  memcpy(deal, table, sizeof deal);
  for (p = 0; !joint && p < nlp; p++) {
    rg[p] = q->player[t->who[p]];
    if (rg[p]->n > 1) drawn[nd++] = p;
  }
  for (k = 0; k < nd && prod <= DIGITS_MAX / (uint64_t)rg[drawn[k]]->n; k++)
    prod *= (uint64_t)rg[drawn[k]]->n;
  lists = digits_of(k == nd ? prod : 1);
  while (done < total) {
    const uint64_t *e = table;
    uint64_t used, pre, w, board_sum = board0_sum, osum[MAXP];
    dh_cardset oset[MAXP], board;
    dh_hand_value v[MAXP], best = 0;
    unsigned m = 0;
    if (joint) {   /* an assignment from the table */
      if (nj > 1) {
        w = word_for(&rng, deals);
        e += stride * digit(&w, nj);
      }
    } else {       /* each range from its list */
      dh_cardset u = t->gone;
      w = lists.prod > 1 ? word_for(&rng, lists) : 0;
      for (k = 0; k < nd; k++) {
        dh_cardset c;
        p = drawn[k];
        if (lists.prod == 1) w = word_for(&rng, digits_of((uint64_t)rg[p]->n));
        c = rg[p]->combo[digit(&w, (uint32_t)rg[p]->n)];
        if (c & u) break;
        u |= c;
        deal[1 + p] = hand_sum(c);
        deal[1 + nlp + p] = c;
      }
      if (k < nd) {  /* ranges that clash often must still see the clock */
        if (++clashes % CHECK_EVERY == 0) {
          dh_eq_late(r);
          if (r->ended) break;
        }
        continue;
      }
      deal[0] = u;
      e = deal;
    }
    used = e[0];
    /* a card of the cards left: a digit of w; when that one is out already,
    ** one of w's spare digits, and when those are spent a draw from words
    ** of its own */
#define FREE_CARD(c) \
    do { \
      c = &avail[digit(&w, navail)]; \
      while (__builtin_expect((used & c->set) != 0, 0)) { \
        uint64_t w1; \
        if (spare-- > 0) { c = &avail[digit(&w, navail)]; continue; } \
        w1 = word_for(&rng, one); \
        c = &avail[digit(&w1, navail)]; \
      } \
    } while (0)
    for (k = 0; k < n - nlp; k++) {   /* the open ranges: two of the cards left */
      const struct card *a, *b;
      w = word_for(&rng, cards);
      spare = per_word - 2;
      FREE_CARD(a);
      used |= a->set;
      FREE_CARD(b);
      used |= b->set;
      oset[k] = a->set | b->set;
      osum[k] = a->sum + b->sum;
    }
    pre = used;
    if (need) w = word_for(&rng, cards);
    spare = per_word - need;
    for (i = 0; i < need; i++) {
      const struct card *c;
      FREE_CARD(c);
      used |= c->set;
      board_sum += c->sum;
    }
#undef FREE_CARD
    board = board0 | (used ^ pre);
    for (p = 0; p < nlp; p++) {
      v[p] = value_of(board_sum + e[1 + p], board | e[1 + nlp + p]);
      best = v[p] > best ? v[p] : best;
    }
    for (k = 0; k < n - nlp; k++) {
      v[nlp + k] = value_of(board_sum + osum[k], board | oset[k]);
      best = v[nlp + k] > best ? v[nlp + k] : best;
    }
    for (p = 0; p < n; p++) m |= (unsigned)(v[p] == best) << p;
    t->by_mask[m]++;
    if (++done == next_check) {
      res->trials = done;
      dh_eq_check(r);
      if (r->ended) break;
      next_check = r->next_check;
    }
  }
  res->trials = done;
  t->rng = rng;
}

/* lists the assignments of places k.. into the joint table, given the
** cards used and the words of the assignment so far; 0 when they do not
** fit (the table or *steps) */
static int list_deals(mc *t, int k, dh_cardset used, uint64_t *deal, long *steps) {
  const dh_range *rg;
  int i;
  if (k == t->nl) {
    if ((t->nj + 1) * t->stride > JOINT_WORDS) return 0;
    deal[0] = used;
    memcpy(t->joint + t->nj * t->stride, deal, t->stride * sizeof *deal);
    t->nj++;
    return 1;
  }
  rg = t->r->req->player[t->who[k]];
  for (i = 0; i < rg->n; i++) {
    dh_cardset c = rg->combo[i];
    if (--*steps < 0) return 0;
    if (c & used) continue;
    deal[1 + k] = hand_sum(c);
    deal[1 + t->nl + k] = c;
    if (!list_deals(t, k + 1, used | c, deal, steps)) return 0;
  }
  return 1;
}

void dh_eq_holdem_mc(run *r) {
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  mc t;
  dh_cardset s, known = 0;
  uint64_t deal[1 + 2 * MAXP];
  long steps;
  int np = r->np, p, left, open[MAXP];
  unsigned m;
  memset(t.by_mask, 0, sizeof t.by_mask);
  t.r = r;
  t.gone = q->board | q->dead;
  t.nb = 5 - dh_set_count(q->board);
  t.navail = 0;
  t.board0_sum = 0;
  for (s = q->board; s; s &= s - 1) t.board0_sum += dh_poker_card_sum((dh_card)dh_set_first(s));
  left = dh_set_count(DH_FRENCH52 & ~t.gone);
  for (p = 0; p < np; p++) {
    const dh_range *rg = q->player[p];
    int i, live = 0;
    if (rg->n == 1) known |= rg->combo[0];
    for (i = 0; i < rg->n; i++) live += !(rg->combo[i] & t.gone);
    open[p] = live == left * (left - 1) / 2;
  }
  t.nl = t.no = 0;
  for (p = 0; p < np; p++)
    if (!open[p]) t.who[t.nl++] = p;
  for (p = 0; p < np; p++)
    if (open[p]) t.who[t.nl + t.no++] = p;
  t.n = np;
  t.stride = 1 + 2 * (uint32_t)t.nl;
  /* the cards to draw from: known hands' cards are never free, so they
  ** are left out rather than drawn and drawn again */
  t.gone |= known;
  for (s = DH_FRENCH52 & ~t.gone; s; s &= s - 1, t.navail++) {
    t.avail[t.navail].set = s & (0 - s);
    t.avail[t.navail].sum = dh_poker_card_sum((dh_card)dh_set_first(s));
  }
  /* the joint table, when the listing costs little beside the trials */
  t.nj = 0;
  steps = (long)(res->total < JOINT_STEPS / 4 ? res->total * 4 + 256 : JOINT_STEPS);
  memset(deal, 0, sizeof deal);
  if (!list_deals(&t, 0, q->board | q->dead, deal, &steps)) {
    /* without it, the first words are the known hands' part */
    t.nj = 0;
    for (p = 0; p < t.nl; p++) {
      dh_cardset h = q->player[t.who[p]]->combo[0];
      t.joint[1 + p] = hand_sum(h);
      t.joint[1 + t.nl + p] = h;
    }
  } else if (t.nj == 0) {   /* no deal at all */
    res->ended = -1;
    return;
  }
  t.rng = mc_seed(r);
#define T(np, nl, nb) trials(&t, np, nl, nb); break
  if (t.nb == 5) {   /* preflop: the board's loop written out */
    switch (np * 16 + t.nl) {
      case 2 * 16 + 2: T(2, 2, 5);
      case 2 * 16 + 1: T(2, 1, 5);
      case 2 * 16 + 0: T(2, 0, 5);
      case 3 * 16 + 3: T(3, 3, 5);
      case 3 * 16 + 2: T(3, 2, 5);
      case 4 * 16 + 4: T(4, 4, 5);
      default: T(0, -1, 5);
    }
  } else {
    switch (np * 16 + t.nl) {
      case 2 * 16 + 2: T(2, 2, 0);
      case 2 * 16 + 1: T(2, 1, 0);
      case 3 * 16 + 3: T(3, 3, 0);
      case 3 * 16 + 2: T(3, 2, 0);
      case 4 * 16 + 4: T(4, 4, 0);
      default: T(0, -1, 0);
    }
  }
#undef T
  for (m = 1; m < 1u << np; m++) {
    uint64_t c = t.by_mask[m], u = DH_EQ_UNIT / (uint64_t)__builtin_popcount(m);
    if (!c) continue;
    for (p = 0; p < np; p++)
      if (m >> p & 1) {
        int who = t.who[p];
        if (__builtin_popcount(m) == 1) res->wins[who] += c; else res->ties[who] += c;
        res->units[who] += c * u;
        r->sq[who] += c * u * u;
      }
  }
}
