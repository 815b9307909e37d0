/*
** equity_enum.c -- Hold'em equity by enumeration: every trial counted once,
** most of them without being dealt one by one.
**
** Two things make a trial cheaper than a deal:
**
** Suits that cannot make a flush.  Deep in the board, a suit in which no
** player can reach five cards (the most any player holds of it, plus the
** board's, plus the cards still to come, is under five) only lends its
** cards their ranks: the cards of one rank in such suits are alike for
** every player.  The board is dealt rank by rank for them: how many of the
** alike cards to take (1, 2, ...), each choice standing for C(alike, taken)
** boards, a weight carried down to the showdown.  The cards still to
** choose from are a card set, walked rank by rank (the highest first), so
** a rank's alike cards are found with a mask.  This is the "irrelevant
** suits" walk of OMPEval's enumerator, written anew.
**
** Assignments alike up to suits.  Renaming suits changes no result as long
** as board and dead cards stay where they are.  Each assignment's hole
** cards are renamed by every renaming of suits that keeps board and dead
** cards in place (24 with neither), and the least of the results names
** it: two assignments with the same name are the same question, and have
** the same tallies.  Those of a named assignment are kept in a table of
** fixed size on the stack (the library does not allocate); when it is full
** the rest are counted afresh.
**
** Threads (equity.h): every share walks every assignment and keeps the
** same table, but counts only its pieces, a piece being a set of alike
** assignments (or one counted afresh) numbered in the order first met;
** the others' are marked in the table and skipped.
**
** A showdown adds its weight to a counter per set of winners; the counters
** are turned into wins, ties and equity units once per assignment.
*/
#include <stddef.h>
#include <string.h>

#include "equity_impl.h"

#define MAXP DH_EQ_MAXPLAYERS
/* 64-bit words of the table of tallies per renamed assignment */
#define CACHE_WORDS 4096
/* an assignment's boards below this are counted afresh: renaming and the
** table would cost more than they save */
#define CACHE_MIN_BOARDS 64
/* up to this many players every set of winners is looked at when settling,
** more and the sets seen are listed */
#define SMALL 4
/* the trials of a table entry another share counts (equity.h, threads) */
#define OTHERS UINT64_MAX
/* a card of every suit of the lowest rank: << rank for that rank's cards */
#define RANK_LANES UINT64_C(0x0001000100010001)

typedef struct tally {
  uint64_t wins[MAXP], ties[MAXP], units[MAXP], trials;
} tally;

typedef struct holdem {
  run *r;
  int np, need;
  dh_cardset board0;                 /* the given board */
  uint64_t board0_sum;
  dh_cardset hole[MAXP];
  uint64_t hole_sum[MAXP];
  int suit_max[4];                   /* most cards of a suit any player can hold so far */
  int hot;                           /* suits where that is five or more */
  uint64_t by_mask[1 << MAXP];       /* trials by set of winners */
  unsigned used[1 << MAXP];          /* the sets seen, nused of them */
  int nused;
  uint64_t pending, quota;           /* trials not yet in the result, and how many may be */
  uint8_t rename[24][64];            /* renamings of suits keeping board and dead */
  int nrename;
  int cache_on, entry_words, nslots, nfull;
  uint64_t cache[CACHE_WORDS];
} holdem;

static uint64_t sum_of(dh_cardset s) {
  uint64_t sum = 0;
  for (; s; s &= s - 1) sum += dh_poker_card_sum((dh_card)dh_set_first(s));
  return sum;
}

static uint64_t choose(int n, int k) {
  uint64_t c = 1;
  int i;
  if (k < 0 || k > n) return 0;
  for (i = 1; i <= k; i++) c = c * (uint64_t)(n - k + i) / (uint64_t)i;
  return c;
}

/* the trials counted since the last look at the clock and the callback
** join the result, and a look is taken when due */
static void count_trials(holdem *h) {
  run *r = h->r;
  r->res->trials += h->pending;
  h->pending = 0;
  if (r->res->trials >= r->next_check) dh_eq_check(r);
  h->quota = r->next_check - r->res->trials;
}

/* one showdown standing for w trials, among np players (a constant once
** inlined, 0 for h->np); with flushy 0 (a constant too) no player can
** hold five of a suit, and a hand's key is the low half of its sum */
static inline __attribute__((always_inline)) void
showdown(holdem *h, dh_cardset board, uint64_t sum, uint64_t w, int flushy, int np) {
  dh_hand_value v[MAXP], best = 0;
  unsigned mask = 0;
  int p, n = np ? np : h->np;
  for (p = 0; p < n; p++) {
    uint64_t s = sum + h->hole_sum[p];
    v[p] = dh_poker_key_value(flushy ? dh_poker_sum_key(s, board | h->hole[p]) : (uint32_t)s);
    best = v[p] > best ? v[p] : best;
  }
  for (p = 0; p < n; p++) mask |= (unsigned)(v[p] == best) << p;
  if (n > SMALL && __builtin_expect(h->by_mask[mask] == 0, 0)) h->used[h->nused++] = mask;
  h->by_mask[mask] += w;
  if ((h->pending += w) >= h->quota) count_trials(h);
}

/* the lanes of the suits of which no player holds `limit` or more yet */
static inline dh_cardset short_suits(const holdem *h, int limit) {
  dh_cardset m = 0;
  int s;
  for (s = 0; s < 4; s++)
    if (h->suit_max[s] < limit) m |= DH_LANE_MASK << (16 * s);
  return m;
}

/* the ranks held in cards, as 13 bits */
static inline unsigned ranks_of(dh_cardset cards) {
  return (unsigned)((cards | cards >> 16 | cards >> 32 | cards >> 48) & DH_LANE_MASK);
}

/* the last card, of `avail`: each rank's alike cards (in the lanes
** `alike`) in one showdown, the others one by one; hot: is a flush
** possible already; np as showdown's */
static inline __attribute__((always_inline)) void
rivers(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, uint64_t w, dh_cardset alike,
       int hot, int np) {
  dh_cardset other = avail & ~alike;
  unsigned ranks = ranks_of(avail & alike);
  for (; other; other &= other - 1) {
    dh_card c = (dh_card)dh_set_first(other);
    showdown(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), w, 1, np);
  }
  for (; ranks; ranks &= ranks - 1) {
    dh_cardset m = avail & alike & (RANK_LANES << __builtin_ctz(ranks));
    dh_card c = (dh_card)dh_set_first(m);
    uint64_t wm = w * (uint64_t)dh_set_count(m);
    if (hot) showdown(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), wm, 1, np);
    else showdown(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), wm, 0, np);
  }
}

static const uint8_t binom[5][5] = {
  { 1, 0, 0, 0, 0 }, { 1, 1, 0, 0, 0 }, { 1, 2, 1, 0, 0 }, { 1, 3, 3, 1, 0 }, { 1, 4, 6, 4, 1 }
};

/* rivers for np players, out of line: written into the turn's loop, they
** made it slower for three players */
#define RIVERS(np) \
  static __attribute__((noinline)) void rivers##np(holdem *h, dh_cardset board, uint64_t sum, \
      dh_cardset avail, uint64_t w, dh_cardset alike, int hot) { \
    rivers(h, board, sum, avail, w, alike, hot, np); \
  }
RIVERS(0)
RIVERS(2)
RIVERS(3)
RIVERS(4)

static inline __attribute__((always_inline)) void
river_call(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, uint64_t w, dh_cardset alike,
           int hot, int np) {
  switch (np) {
    case 2: rivers2(h, board, sum, avail, w, alike, hot); break;
    case 3: rivers3(h, board, sum, avail, w, alike, hot); break;
    case 4: rivers4(h, board, sum, avail, w, alike, hot); break;
    default: rivers0(h, board, sum, avail, w, alike, hot); break;
  }
}

/* the last two cards (boards' way, below, with the river written out) */
static inline __attribute__((always_inline)) void
turns_of(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, uint64_t w, int np) {
  dh_cardset alike_lanes = short_suits(h, 3), river_lanes = short_suits(h, 4);
  unsigned ranks = ranks_of(avail);
  for (; ranks && !h->r->ended; ranks &= ~(1u << (31 - __builtin_clz(ranks)))) {
    int rank = 31 - __builtin_clz(ranks);
    dh_cardset here = avail & (RANK_LANES << rank);
    dh_cardset lower = avail & (((UINT64_C(1) << rank) - 1) * RANK_LANES);
    dh_cardset alike = here & alike_lanes, other = here & ~alike_lanes;
    if (alike) {
      int n = dh_set_count(alike);
      dh_card c = (dh_card)dh_set_first(alike);
      dh_cardset b = board | dh_set_of(c);
      uint64_t bs = sum + dh_poker_card_sum(c);
      river_call(h, b, bs, other | lower, w * (uint64_t)n, river_lanes, h->hot, np);
      if (n >= 2) {
        c = (dh_card)dh_set_first(alike & (alike - 1));
        if (h->hot) showdown(h, b | dh_set_of(c), bs + dh_poker_card_sum(c), w * binom[n][2], 1, np);
        else showdown(h, b | dh_set_of(c), bs + dh_poker_card_sum(c), w * binom[n][2], 0, np);
      }
    }
    for (; other; other &= other - 1) {
      dh_card c = (dh_card)dh_set_first(other);
      int s = c >> 4;
      /* the turn's suit: a river of it may now make a flush */
      dh_cardset lanes = h->suit_max[s] >= 3 ? river_lanes & ~dh_suit_mask(s) : river_lanes;
      river_call(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), (other & (other - 1)) | lower, w,
                 lanes, h->hot || h->suit_max[s] >= 4, np);
    }
  }
}

static void turns(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, uint64_t w) {
  switch (h->np) {
    case 2: turns_of(h, board, sum, avail, w, 2); break;
    case 3: turns_of(h, board, sum, avail, w, 3); break;
    case 4: turns_of(h, board, sum, avail, w, 4); break;
    default: turns_of(h, board, sum, avail, w, 0); break;
  }
}

/* the river alone (a turn given) */
static void river_only(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, uint64_t w) {
  rivers(h, board, sum, avail, w, short_suits(h, 4), h->hot, 0);
}

/*
** Every way to add `left` cards of `avail` to board, each standing for w
** trials, rank by rank (highest first: measured faster).  At a rank, its
** alike cards (the file's comment) go first: k of them (1 .. left) for
** C(alike, k) boards, then the rest from the rank's other cards and the
** lower ranks.  Then each other card of the rank in turn, the rest from
** the other cards of the rank after it and the lower ranks: every board
** once.
*/
static void boards(holdem *h, dh_cardset board, uint64_t sum, dh_cardset avail, int left,
                   uint64_t w) {
  dh_cardset alike_lanes;
  unsigned ranks;
  if (left == 1) { river_only(h, board, sum, avail, w); return; }
  if (left == 2) { turns(h, board, sum, avail, w); return; }
  alike_lanes = short_suits(h, 5 - left);
  ranks = ranks_of(avail);
  for (; ranks && !h->r->ended; ranks &= ~(1u << (31 - __builtin_clz(ranks)))) {
    int rank = 31 - __builtin_clz(ranks);
    dh_cardset here = avail & (RANK_LANES << rank);
    dh_cardset lower = avail & (((UINT64_C(1) << rank) - 1) * RANK_LANES);
    dh_cardset alike = here & alike_lanes, other = here & ~alike_lanes;
    if (alike) {
      int n = dh_set_count(alike), k;
      dh_cardset b = board;
      uint64_t bs = sum;
      for (k = 1; k <= n && k <= left; k++, alike &= alike - 1) {
        dh_card c = (dh_card)dh_set_first(alike);
        uint64_t wk = w * binom[n][k];
        b |= dh_set_of(c);
        bs += dh_poker_card_sum(c);
        if (k < left) boards(h, b, bs, other | lower, left - k, wk);
        else if (h->hot) showdown(h, b, bs, wk, 1, 0);
        else showdown(h, b, bs, wk, 0, 0);
      }
    }
    for (; other; other &= other - 1) {
      dh_card c = (dh_card)dh_set_first(other);
      int s = c >> 4;
      h->hot += ++h->suit_max[s] == 5;
      boards(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), (other & (other - 1)) | lower,
             left - 1, w);
      h->hot -= h->suit_max[s]-- == 5;
    }
  }
}

/* the counters per set of winners into t, and cleared */
static void settle(holdem *h, tally *t) {
  int i, p;
  memset(t, 0, sizeof *t);
  if (h->np <= SMALL)
    for (h->nused = 0; h->nused < (1 << h->np); h->nused++) h->used[h->nused] = (unsigned)h->nused;
  for (i = 0; i < h->nused; i++) {
    unsigned m = h->used[i];
    uint64_t c = h->by_mask[m];
    int k = __builtin_popcount(m);
    h->by_mask[m] = 0;
    t->trials += c;
    for (p = 0; p < h->np; p++)
      if (m >> p & 1) {
        if (k == 1) t->wins[p] += c; else t->ties[p] += c;
        t->units[p] += c * (DH_EQ_UNIT / (uint64_t)k);
      }
  }
  h->nused = 0;
}

static void add_tally(holdem *h, const tally *t) {
  dh_equity_result *res = h->r->res;
  int p;
  for (p = 0; p < h->np; p++) {
    res->wins[p] += t->wins[p];
    res->ties[p] += t->ties[p];
    res->units[p] += t->units[p];
  }
}

/* the least, over the renamings of suits that keep board and dead cards
** in place, of the renamed hole cards, 12 bits a player; bit 63 of key[0]
** marks a used slot */
static void rename_holes(const holdem *h, uint64_t key[2]) {
  int i, p;
  key[0] = key[1] = UINT64_MAX;
  for (i = 0; i < h->nrename; i++) {
    const uint8_t *to = h->rename[i];
    uint64_t k[2] = { UINT64_C(1) << 63, 0 };
    for (p = 0; p < h->np; p++) {
      dh_cardset hole = h->hole[p];
      unsigned a = to[dh_set_first(hole)], b = to[dh_set_last(hole)];
      unsigned code = a < b ? a << 6 | b : b << 6 | a;
      k[p / 5] |= (uint64_t)code << (12 * (p % 5));
    }
    if (k[0] < key[0] || (k[0] == key[0] && k[1] < key[1])) {
      key[0] = k[0];
      key[1] = k[1];
    }
  }
}

/* the renamings of suits that keep board and dead cards in place, as
** card maps */
static void renamings(holdem *h, dh_cardset board, dh_cardset dead) {
  int a, b, c, d, s, rank;
  for (a = 0; a < 4; a++)
    for (b = 0; b < 4; b++)
      for (c = 0; c < 4; c++)
        for (d = 0; d < 4; d++) {
          int to[4] = { a, b, c, d };
          dh_cardset nb = 0, nd = 0;
          if ((1 << a | 1 << b | 1 << c | 1 << d) != 15) continue;
          for (s = 0; s < 4; s++) {
            nb |= dh_set_suit(board, s) >> (16 * s) << (16 * to[s]);
            nd |= dh_set_suit(dead, s) >> (16 * s) << (16 * to[s]);
          }
          if (nb != board || nd != dead) continue;
          for (s = 0; s < 4; s++)
            for (rank = 0; rank < 16; rank++)
              h->rename[h->nrename][16 * s + rank] = (uint8_t)(16 * to[s] + rank);
          h->nrename++;
        }
}

/* the slot of key in the table, or of the empty slot where it would go;
** NULL when the table is full and key is not in it */
static uint64_t *find(holdem *h, const uint64_t key[2]) {
  uint64_t x = (key[0] ^ key[1] * UINT64_C(0x9E3779B97F4A7C15)) * UINT64_C(0xBF58476D1CE4E5B9);
  int i, at = (int)((x >> 32) % (uint64_t)h->nslots);
  for (i = 0; i < h->nslots; i++) {
    uint64_t *e = h->cache + (size_t)at * (size_t)h->entry_words;
    if ((e[0] == key[0] && e[1] == key[1]) || e[0] == 0) return e;
    if (++at == h->nslots) at = 0;
  }
  return NULL;
}

/* every board for the hole cards now in h, the cards of `used` out */
static void deal_boards(holdem *h, dh_cardset used) {
  int s, p;
  for (s = 0; s < 4; s++) {
    int most = 0;
    for (p = 0; p < h->np; p++) {
      int k = dh_set_count(dh_set_suit(h->hole[p], s));
      if (k > most) most = k;
    }
    h->suit_max[s] = most + dh_set_count(dh_set_suit(h->board0, s));
  }
  h->hot = (h->suit_max[0] >= 5) + (h->suit_max[1] >= 5) + (h->suit_max[2] >= 5) + (h->suit_max[3] >= 5);
  if (h->need == 0) showdown(h, h->board0, h->board0_sum, 1, 1, 0);
  else boards(h, h->board0, h->board0_sum, DH_FRENCH52 & ~used, h->need, 1);
}

/* one assignment of hole cards: from the table, or counted (and kept) */
static void assignment(holdem *h, dh_cardset used) {
  uint64_t key[2], *e = NULL;
  tally t;
  int p;
  if (h->cache_on) {
    rename_holes(h, key);
    e = find(h, key);
    if (e && e[0] != 0) {    /* seen: its tallies, if this share counted them */
      run *r = h->r;
      if (e[2] == OTHERS) return;
      for (p = 0; p < h->np; p++) {
        r->res->wins[p] += e[3 + p];
        r->res->ties[p] += e[3 + h->np + p];
        r->res->units[p] += e[3 + 2 * h->np + p];
      }
      if ((h->pending += e[2]) >= h->quota) count_trials(h);
      return;
    }
  }
  /* a new piece: a set of assignments alike (all of them counted by the
  ** share that counts the first), or one counted afresh */
  if (!dh_eq_mine(h->r)) {
    if (e && h->nfull + 1 < h->nslots) {   /* kept as another share's */
      e[0] = key[0];
      e[1] = key[1];
      e[2] = OTHERS;
      h->nfull++;
    }
    return;
  }
  deal_boards(h, used);
  settle(h, &t);
  add_tally(h, &t);
  if (e && !h->r->ended && h->nfull + 1 < h->nslots) {
    e[0] = key[0];
    e[1] = key[1];
    e[2] = t.trials;
    for (p = 0; p < h->np; p++) {
      e[3 + p] = t.wins[p];
      e[3 + h->np + p] = t.ties[p];
      e[3 + 2 * h->np + p] = t.units[p];
    }
    h->nfull++;
  }
}

/* every assignment of combinations to players p.. with no card twice */
static void assign(holdem *h, int p, dh_cardset used) {
  const dh_range *rg;
  int i;
  if (p == h->np) { assignment(h, used); return; }
  rg = h->r->req->player[p];
  for (i = 0; i < rg->n && !h->r->ended; i++)
    if (!(rg->combo[i] & used)) {
      h->hole[p] = rg->combo[i];
      h->hole_sum[p] = sum_of(rg->combo[i]);
      assign(h, p + 1, used | rg->combo[i]);
    }
}

void dh_eq_holdem_enum(run *r) {
  const dh_equity_req *q = r->req;
  holdem h;
  dh_cardset gone = q->board | q->dead;
  int left = 52 - dh_set_count(gone) - 2 * r->np;
  memset(&h, 0, offsetof(holdem, cache));
  memset(h.cache, 0, sizeof h.cache);
  h.r = r;
  h.np = r->np;
  h.board0 = q->board;
  h.board0_sum = sum_of(q->board);
  h.need = 5 - dh_set_count(q->board);
  renamings(&h, q->board, q->dead);
  h.entry_words = 3 + 3 * h.np;
  h.nslots = CACHE_WORDS / h.entry_words;
  /* with no renaming but the identity (a board of three suits, say) no
  ** two assignments share a name: the table would only cost */
  h.cache_on = h.nrename > 1 && choose(left, h.need) >= CACHE_MIN_BOARDS;
  h.quota = r->next_check - r->res->trials;
  assign(&h, 0, gone);
  count_trials(&h);
}
