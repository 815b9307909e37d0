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
** boards, a weight carried down to the showdown.  The deck is kept by rank
** (ranks together, the highest first), the alike cards of a rank moved to
** the front of its run so that deeper levels start after them.  This is
** the "irrelevant suits" walk of OMPEval's enumerator, written anew.
**
** Assignments alike up to suits.  Renaming suits changes no result as long
** as board and dead cards stay where they are: the suits are renamed in
** order of first appearance (board, dead cards, then each player's hole
** cards, the higher card first), and two assignments with the same renamed
** hole cards have the same tallies.  Those of a renamed assignment are kept
** in a table of fixed size on the stack (the library does not allocate);
** when it is full the rest are counted afresh.
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
  dh_card deck[52];
  int ndeck;
  int suit_max[4];                   /* most cards of a suit any player can hold so far */
  uint64_t by_mask[1 << MAXP];       /* trials by set of winners */
  unsigned used[1 << MAXP];          /* the sets seen, nused of them */
  int nused;
  signed char base_label[4];         /* suits renamed by board and dead cards */
  int base_next;
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

/* one showdown standing for w trials */
static inline void showdown(holdem *h, dh_cardset board, uint64_t sum, uint64_t w) {
  run *r = h->r;
  dh_hand_value best = 0;
  unsigned mask = 0;
  int p;
  for (p = 0; p < h->np; p++) {
    dh_hand_value v = dh_poker_key_value(dh_poker_sum_key(sum + h->hole_sum[p], board | h->hole[p]));
    if (v > best) { best = v; mask = 1u << p; }
    else if (v == best) mask |= 1u << p;
  }
  if (__builtin_expect(h->by_mask[mask] == 0, 0)) h->used[h->nused++] = mask;
  h->by_mask[mask] += w;
  if ((r->res->trials += w) >= r->next_check) dh_eq_check(r);
}

static const uint8_t binom[5][5] = {
  { 1, 0, 0, 0, 0 }, { 1, 1, 0, 0, 0 }, { 1, 2, 1, 0, 0 }, { 1, 3, 3, 1, 0 }, { 1, 4, 6, 4, 1 }
};

/* every way to add `left` cards of deck[start..] to board, each standing
** for w trials (the file's comment) */
static void boards(holdem *h, dh_cardset board, uint64_t sum, int start, int left, uint64_t w) {
  dh_card *deck = h->deck;
  int i, n = h->ndeck;
  for (i = start; i < n && !h->r->ended; i++) {
    dh_card c = deck[i];
    int s = c >> 4;
    if (h->suit_max[s] + left < 5) {     /* alike: only the rank counts */
      int rank = c & 15, alike = 1, j, k;
      dh_cardset b = board;
      uint64_t bs = sum;
      for (j = i + 1; j < n && (deck[j] & 15) == rank; j++)
        if (h->suit_max[deck[j] >> 4] + left < 5) {
          dh_card t = deck[j];
          deck[j] = deck[i + alike];
          deck[i + alike] = t;
          alike++;
        }
      for (k = 1; k <= alike && k <= left; k++) {
        uint64_t wk = w * binom[alike][k];
        b |= dh_set_of(deck[i + k - 1]);
        bs += dh_poker_card_sum(deck[i + k - 1]);
        if (k == left) showdown(h, b, bs, wk);
        else boards(h, b, bs, i + alike, left - k, wk);
      }
      i += alike - 1;
    } else {
      if (left == 1) {
        showdown(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), w);
      } else {
        h->suit_max[s]++;
        boards(h, board | dh_set_of(c), sum + dh_poker_card_sum(c), i + 1, left - 1, w);
        h->suit_max[s]--;
      }
    }
  }
}

/* the counters per set of winners into t, and cleared */
static void settle(holdem *h, tally *t) {
  int i, p;
  memset(t, 0, sizeof *t);
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

/* the renamed hole cards, 12 bits a player (the file's comment); bit 63
** of key[0] marks a used slot */
static void rename_holes(const holdem *h, uint64_t key[2]) {
  signed char label[4];
  int next = h->base_next, p, i;
  memcpy(label, h->base_label, sizeof label);
  key[0] = UINT64_C(1) << 63;
  key[1] = 0;
  for (p = 0; p < h->np; p++) {
    dh_cardset hole = h->hole[p];
    dh_card a = (dh_card)dh_set_first(hole), b = (dh_card)dh_set_last(hole);
    unsigned ta, tb, code;
    if ((a & 15) < (b & 15)) { dh_card t = a; a = b; b = t; }   /* the higher first */
    for (i = 0; i < 2; i++) {
      int s = (i ? b : a) >> 4;
      if (label[s] < 0) label[s] = (signed char)next++;
    }
    ta = (unsigned)label[a >> 4] << 4 | (a & 15);
    tb = (unsigned)label[b >> 4] << 4 | (b & 15);
    code = ta < tb ? ta << 6 | tb : tb << 6 | ta;
    key[p / 5] |= (uint64_t)code << (12 * (p % 5));
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
  int rank, s, p;
  h->ndeck = 0;
  for (rank = 12; rank >= 0; rank--)
    for (s = 0; s < 4; s++)
      if (!(used >> (16 * s + rank) & 1)) h->deck[h->ndeck++] = (dh_card)(16 * s + rank);
  for (s = 0; s < 4; s++) {
    int most = 0;
    for (p = 0; p < h->np; p++) {
      int k = dh_set_count(dh_set_suit(h->hole[p], s));
      if (k > most) most = k;
    }
    h->suit_max[s] = most + dh_set_count(dh_set_suit(h->board0, s));
  }
  if (h->need == 0) showdown(h, h->board0, h->board0_sum, 1);
  else boards(h, h->board0, h->board0_sum, 0, h->need, 1);
}

/* one assignment of hole cards: from the table, or counted (and kept) */
static void assignment(holdem *h, dh_cardset used) {
  uint64_t key[2], *e = NULL;
  tally t;
  int p;
  if (h->cache_on) {
    rename_holes(h, key);
    e = find(h, key);
    if (e && e[0] != 0) {    /* seen: its tallies */
      run *r = h->r;
      for (p = 0; p < h->np; p++) {
        r->res->wins[p] += e[3 + p];
        r->res->ties[p] += e[3 + h->np + p];
        r->res->units[p] += e[3 + 2 * h->np + p];
      }
      if ((r->res->trials += e[2]) >= r->next_check) dh_eq_check(r);
      return;
    }
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
  dh_cardset gone = q->board | q->dead, s;
  int left = 52 - dh_set_count(gone) - 2 * r->np, i;
  memset(&h, 0, offsetof(holdem, cache));
  memset(h.cache, 0, sizeof h.cache);
  h.r = r;
  h.np = r->np;
  h.board0 = q->board;
  h.board0_sum = sum_of(q->board);
  h.need = 5 - dh_set_count(q->board);
  memset(h.base_label, -1, sizeof h.base_label);
  for (i = 0; i < 2; i++)   /* board first, then dead cards */
    for (s = i ? q->dead : q->board; s; s &= s - 1) {
      int suit = dh_set_first(s) >> 4;
      if (h.base_label[suit] < 0) h.base_label[suit] = (signed char)h.base_next++;
    }
  h.entry_words = 3 + 3 * h.np;
  h.nslots = CACHE_WORDS / h.entry_words;
  h.cache_on = choose(left, h.need) >= CACHE_MIN_BOARDS;
  assign(&h, 0, gone);
}
