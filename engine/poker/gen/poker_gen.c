/*
** poker_gen.c -- writes engine/poker/poker_tables.c, the poker evaluator's tables.
**
**   cc -O2 -std=c11 -o /tmp/poker_gen engine/poker/gen/poker_gen.c
**   /tmp/poker_gen > engine/poker/poker_tables.c
**
** The output is committed; tests/c/test_poker_tables.c includes this file
** (with DH_POKER_GEN_NO_MAIN) and checks that the committed tables are what
** this program makes.  Nothing here runs at build time or at start-up.
**
** What it computes:
**  - A strength for every hand shape, packed as category << 20 | five ranks
**    in the order they are compared (4 bits each).  Sorting the 7,462 shapes
**    that five cards can make gives the compact hand value
**    category << 12 | index within the category.
**  - Rank multipliers: one number per rank such that the sum over the ranks
**    of any 0..7 cards (at most four of a rank) differs for every rank
**    multiset.  Found greedily, rank by rank, each the smallest number that
**    keeps every sum distinct.  A card's key is its rank's multiplier, so a
**    hand's key is a sum of card keys and adding a card is one addition.
**    The greedy search takes minutes, so its result is written below
**    (found_mults) and only checked; "poker_gen --search" redoes it.
**  - Mixed keys: key * mix mod 2^25 is one to one on keys below 2^25
**    and spreads them evenly.  Each card's mixed key is stored shifted left
**    by 7 (dh_poker_card_key), so sums of them (mod 2^32) are the mixed
**    sums, and dh_poker_lane[13-bit lane] is the sum for a suit's cards with
**    64 added when the lane has five or more (the flush flag) and the
**    number of its cards in the low 6 bits (four lanes hold at most 52, so
**    the low 6 bits of a hand's sum are its number of cards: the checked
**    bulk calls test that for free).  dh_poker_card_word[card] is a
**    card's term in a 64-bit hand sum: its mixed key plus one in the low
**    32 bits, 13 in its suit's byte of the high 32.  dh_poker_pair_word
**    is the sum of the words of two cards, indexed by the low six bits of
**    each (the first in bits 0-5, the second in 6-11: what PEXT makes of
**    two card bytes read as one 16-bit word, poker_cards.c).  dh_poker_lane_part
**    is the lane sum of a lane's three parts (ranks 2-6, 7-T, J-A), the
**    first with 3 more in its count, for the vector path.
**  - The mix: an odd multiplier under which two neighbouring rows of the
**    hash (below) hold no key of 5, 6 or 7 cards.  Those two rows take the
**    flushes: the key flush_row << GEN_SHIFT | lane of every 13-bit lane.
**    Being full they are placed first, at slots 0 .. 8191, so the flush
**    value of a lane is value[lane].  GEN_MIX is the one "poker_gen
**    --search-mix" picks (two minutes): of the first 64 odd numbers from
**    0xC2B2AE35 up that leave two rows free, the one with the fewest slots.
**  - A perfect hash of the mixed sums of 5, 6 and 7 cards and of the flush
**    keys by row displacement: (h & (width - 1)) + 2 * offset[h >> GEN_SHIFT]
**    is a distinct slot for every key, first fit at even bases with the
**    fullest rows first.  A row's base is stored halved so that it fits
**    16 bits: the offsets are 16 KB, not 32, and stay in L1 beside the
**    value reads (docs/performance.md).  Every row, used or not, maps its
**    whole width inside the table, so even a key that is no poker hand
**    reads inside it.
**  - The value of every 13-bit suit mask with five or more cards (flushes).
**  - The category of every slot's value, a byte (dh_poker_slot_category):
**    the loops that count categories read it instead of the value, one
**    shift fewer a hand and half the bytes in the cache.
**
** GEN_SHIFT was picked by trying a few: it gives 8,192 rows (16 KB of
** offsets) and 88,914 slots (174 KB) for the 73,775 multisets and the
** 8,192 lanes.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_KEYBITS 25
#define GEN_MASK ((1u << GEN_KEYBITS) - 1)
#ifndef GEN_SHIFT
#define GEN_SHIFT 12
#endif  /* row width 2^GEN_SHIFT in the displacement table */

enum { G_HIGH, G_PAIR, G_TWO_PAIR, G_TRIPS, G_STRAIGHT, G_FLUSH, G_FULL, G_QUADS, G_SFLUSH };

typedef struct gen_tables {
  uint32_t mult[13];        /* rank multipliers, rank index 0 = deuce */
  uint32_t mix;             /* the odd multiplier that mixes keys mod 2^25 */
  int flush_row;            /* rows flush_row and flush_row + 1 hold the flushes */
  uint32_t card[13];        /* mixed key of a card: (mult * mix mod 2^25) << 7 */
  uint64_t word[256];       /* a card's word in a hand sum, by card value */
  uint64_t pair[4096];      /* the words of two cards, by their low six bits */
  uint32_t part[64];        /* lane sums of the 5-, 4- and 4-bit parts of a lane */
  uint32_t lane[8192];      /* mixed key of a suit lane, | 64 when it holds five,
                            ** + its number of cards */
  uint32_t packed[7462];    /* packed strength of each value, by dense index */
  uint16_t cat_base[10];    /* dense index of each category's first value */
  uint16_t flush[8192];     /* value of a suit mask, 0 under five cards */
  uint16_t *offset;         /* row displacements: each row's base / 2 */
  int nrows;
  uint16_t *value;          /* value of each slot */
  int nslots;
} gen_tables;

/* --- strength of a shape ------------------------------------------------ */

static uint32_t pack(int cat, const int *r, int n) {
  uint32_t p = (uint32_t)cat << 20;
  int i;
  for (i = 0; i < 5; i++) p |= (uint32_t)(i < n ? r[i] + 2 : 0) << (16 - 4 * i);
  return p;
}

/* top rank index of the best straight in a 13-bit rank mask, or -1;
** the wheel (A-2-3-4-5) has top index 3 (the five) */
static int straight_top(int mask) {
  int ext = (mask << 1) | ((mask >> 12) & 1);  /* bit 0: the ace played low */
  int t;
  for (t = 13; t >= 4; t--)
    if (((ext >> (t - 4)) & 0x1F) == 0x1F) return t - 1;
  return -1;
}

/* the n highest ranks of mask, skipping rank index skip (-1: none) */
static int top_ranks(int mask, int n, int *out) {
  int r, k = 0;
  for (r = 12; r >= 0 && k < n; r--)
    if (mask >> r & 1) out[k++] = r;
  return k;
}

/* best non-flush shape of a rank multiset */
static uint32_t best_of_counts(const int *cnt) {
  int r, any = 0, quad = -1, trip = -1, pair[2] = { -1, -1 }, np = 0, rk[5], st;
  for (r = 12; r >= 0; r--) {
    if (cnt[r]) any |= 1 << r;
    if (cnt[r] == 4 && quad < 0) quad = r;
    else if (cnt[r] >= 3 && trip < 0) trip = r;
    else if (cnt[r] >= 2 && np < 2) pair[np++] = r;
  }
  if (quad >= 0) {
    rk[0] = quad;
    top_ranks(any & ~(1 << quad), 1, rk + 1);
    return pack(G_QUADS, rk, 2);
  }
  if (trip >= 0) {  /* a second trips plays as the pair */
    int p = -1;
    for (r = 12; r >= 0; r--)
      if (r != trip && cnt[r] >= 2) { p = r; break; }
    if (p >= 0) { rk[0] = trip; rk[1] = p; return pack(G_FULL, rk, 2); }
  }
  if ((st = straight_top(any)) >= 0) { rk[0] = st; return pack(G_STRAIGHT, rk, 1); }
  if (trip >= 0) {
    rk[0] = trip;
    top_ranks(any & ~(1 << trip), 2, rk + 1);
    return pack(G_TRIPS, rk, 3);
  }
  if (np == 2) {
    rk[0] = pair[0]; rk[1] = pair[1];
    top_ranks(any & ~(1 << pair[0]) & ~(1 << pair[1]), 1, rk + 2);
    return pack(G_TWO_PAIR, rk, 3);
  }
  if (np == 1) {
    rk[0] = pair[0];
    top_ranks(any & ~(1 << pair[0]), 3, rk + 1);
    return pack(G_PAIR, rk, 4);
  }
  top_ranks(any, 5, rk);
  return pack(G_HIGH, rk, 5);
}

/* best shape of five or more cards of one suit */
static uint32_t best_of_flush(int mask) {
  int rk[5], st = straight_top(mask);
  if (st >= 0) { rk[0] = st; return pack(G_SFLUSH, rk, 1); }
  top_ranks(mask, 5, rk);
  return pack(G_FLUSH, rk, 5);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* --- rank multisets ------------------------------------------------------ */

/* calls f for every multiset of ranks with at most 4 of a rank and at most
** 7 cards in all, in a fixed order */
typedef void (*gen_visit)(const int *cnt, int n, void *ud);

static void multisets_from(int r, int *cnt, int n, gen_visit f, void *ud) {
  int c;
  if (r < 0) { f(cnt, n, ud); return; }
  for (c = 0; c <= 4 && n + c <= 7; c++) {
    cnt[r] = c;
    multisets_from(r - 1, cnt, n + c, f, ud);
  }
  cnt[r] = 0;
}

static void multisets(gen_visit f, void *ud) {
  int cnt[13] = { 0 };
  multisets_from(12, cnt, 0, f, ud);
}

/* the compact value of a packed strength */
static uint16_t value_of(const gen_tables *t, uint32_t packed) {
  int lo = 0, hi = 7461, cat = (int)(packed >> 20);
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (t->packed[mid] < packed) lo = mid + 1; else hi = mid;
  }
  if (t->packed[lo] != packed) { fprintf(stderr, "poker_gen: unknown shape\n"); exit(1); }
  return (uint16_t)(cat << 12 | (lo - t->cat_base[cat]));
}

/* --- the 7,462 values ---------------------------------------------------- */

typedef struct shape_list { uint32_t *p; int n; } shape_list;

static void add_five(const int *cnt, int n, void *ud) {
  shape_list *l = ud;
  if (n == 5) l->p[l->n++] = best_of_counts(cnt);
}

static void make_values(gen_tables *t) {
  static uint32_t all[6175 + 1287];
  shape_list l = { all, 0 };
  int m, i, k = 0;
  multisets(add_five, &l);
  for (m = 0; m < 8192; m++)
    if (__builtin_popcount(m) == 5) all[l.n++] = best_of_flush(m);
  qsort(all, l.n, sizeof all[0], cmp_u32);
  for (i = 0; i < l.n; i++)
    if (k == 0 || all[i] != t->packed[k - 1]) {
      if (k == 7462) { fprintf(stderr, "poker_gen: too many values\n"); exit(1); }
      t->packed[k++] = all[i];
    }
  if (k != 7462) { fprintf(stderr, "poker_gen: %d values\n", k); exit(1); }
  for (i = 0, m = 0; m <= 9; m++) {
    while (i < 7462 && (int)(t->packed[i] >> 20) < m) i++;
    t->cat_base[m] = (uint16_t)i;
  }
  for (m = 0; m < 8192; m++)
    t->flush[m] = __builtin_popcount(m) >= 5 ? value_of(t, best_of_flush(m)) : 0;
}

/* --- multipliers ----------------------------------------------------------- */

/* (sum, size) of every multiset over the ranks placed so far */
typedef struct sums { uint32_t *sum; uint8_t *size; int n; } sums;

static int try_mult(const sums *old, uint32_t m, uint64_t *bits, sums *out) {
  int i, j, ok = 1;
  out->n = 0;
  for (j = 0; j <= 4 && ok; j++)
    for (i = 0; i < old->n; i++) {
      uint32_t s;
      if (old->size[i] + j > 7) continue;
      s = old->sum[i] + (uint32_t)j * m;
      if (bits[s >> 6] >> (s & 63) & 1) { ok = 0; break; }
      bits[s >> 6] |= UINT64_C(1) << (s & 63);
      out->sum[out->n] = s;
      out->size[out->n++] = (uint8_t)(old->size[i] + j);
    }
  for (i = 0; i < out->n; i++) bits[out->sum[i] >> 6] = 0;  /* clear for the next try */
  return ok;
}

/* what search_mults finds (about five minutes): make_mults only checks them */
static const uint32_t found_mults[13] = {
  1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520
};

static void make_mults(gen_tables *t, int search) {
  enum { MAXN = 80000, MAXSUM = 1 << 28 };
  sums a, b, tmp;
  uint64_t *bits = calloc(MAXSUM / 64, sizeof *bits);
  int r;
  a.sum = malloc(MAXN * 4); a.size = malloc(MAXN);
  b.sum = malloc(MAXN * 4); b.size = malloc(MAXN);
  a.sum[0] = 0; a.size[0] = 0; a.n = 1;
  for (r = 0; r < 13; r++) {
    uint32_t m = search ? (r ? t->mult[r - 1] + 1 : 1) : found_mults[r];
    while (!try_mult(&a, m, bits, &b)) {
      if (!search) { fprintf(stderr, "poker_gen: bad multiplier\n"); exit(1); }
      m++;
    }
    t->mult[r] = m;
    tmp = a; a = b; b = tmp;
  }
  /* key * mix mod 2^GEN_KEYBITS is one to one only on keys below 2^GEN_KEYBITS */
  for (r = 0; r < a.n; r++)
    if (a.sum[r] > GEN_MASK) { fprintf(stderr, "poker_gen: keys too wide\n"); exit(1); }
  free(bits); free(a.sum); free(a.size); free(b.sum); free(b.size);
}

/* the mixed keys of cards, lanes and card words, for t->mix */
static void make_keys(gen_tables *t) {
  int r, b, s;
  /* mixed keys add mod 2^32 as the keys add mod 2^25, in the top 25 bits;
  ** the low 7 bits are free for the flush flag of a lane and its count */
  for (r = 0; r < 13; r++) t->card[r] = ((t->mult[r] * t->mix) & GEN_MASK) << 7;
  for (r = 0; r < 8192; r++) {
    t->lane[r] = 0;
    for (b = 0; b < 13; b++) if (r >> b & 1) t->lane[r] += t->card[b];
    if (__builtin_popcount(r) >= 5) t->lane[r] |= 64;
    t->lane[r] += (uint32_t)__builtin_popcount(r);
  }
  /* a lane cut in three, ranks 0..4, 5..8 and 9..12, for the vector path
  ** (poker_many512.c): each part's sum of card keys and its number of
  ** cards, and 3 more in the first part's count, so that the three parts'
  ** sum has bit 3 set when the lane holds five or more */
  for (r = 0; r < 32; r++) {
    t->part[r] = 3;
    for (b = 0; b < 5; b++) if (r >> b & 1) t->part[r] += t->card[b] + 1;
  }
  for (r = 0; r < 16; r++) {
    t->part[32 + r] = t->part[48 + r] = 0;
    for (b = 0; b < 4; b++)
      if (r >> b & 1) {
        t->part[32 + r] += t->card[5 + b] + 1;
        t->part[48 + r] += t->card[9 + b] + 1;
      }
  }
  /* a card's word: its mixed key plus one (the count) in the low 32 bits,
  ** 13 in its suit's byte of the high 32 (poker_impl.h); no card, no word.
  ** By card value, so that a byte indexes it as it is: a value reads as its
  ** set position (its low six bits), as dh_set_of has it */
  for (r = 0; r < 256; r++) {
    s = (r >> 4) & 3;
    b = r & 15;
    t->word[r] = b < 13 ? UINT64_C(13) << (32 + 8 * s) | (t->card[b] + 1) : 0;
  }
  /* two cards' words in one read; a word depends only on a card value's
  ** low six bits, so the sum is the same for every byte as a card */
  for (r = 0; r < 4096; r++) t->pair[r] = t->word[r & 63] + t->word[r >> 6];
}

/* --- the flush rows ------------------------------------------------------- */

/* the key of a rank multiset (not mixed) */
static uint32_t key_of_counts(const gen_tables *t, const int *cnt) {
  uint32_t k = 0;
  int r;
  for (r = 0; r < 13; r++) k += (uint32_t)cnt[r] * t->mult[r];
  return k;
}

/* the mixed keys of 5..7 ranks (every row of GEN_SHIFT bits they use) */
typedef struct row_use { const gen_tables *t; uint32_t mix; uint8_t *used; } row_use;

static void mark_row(const int *cnt, int n, void *ud) {
  row_use *u = ud;
  if (n >= 5) u->used[((key_of_counts(u->t, cnt) * u->mix) & GEN_MASK) >> GEN_SHIFT] = 1;
}

/* the first of two neighbouring rows that no hand of 5..7 cards uses under
** mix, or -1 */
static int free_rows(const gen_tables *t, uint32_t mix) {
  static uint8_t used[1 << (GEN_KEYBITS - GEN_SHIFT)];
  row_use u = { t, mix, used };
  int r;
  memset(used, 0, sizeof used);
  multisets(mark_row, &u);
  for (r = 0; r + 1 < (int)sizeof used; r++)
    if (!used[r] && !used[r + 1]) return r;
  return -1;
}

static void make_hash(gen_tables *t);

/* the mix that poker_gen --search-mix chose (the fewest slots among the
** first 64 odd numbers from 0xC2B2AE35 up that leave two rows free) */
#ifndef GEN_MIX
#define GEN_MIX 0xC2B2C235u
#endif

static void choose_mix(gen_tables *t, int search) {
  uint32_t m, best = 0;
  int tried = 0, best_slots = 0;
  if (!search) {
    t->mix = GEN_MIX;
    t->flush_row = free_rows(t, t->mix);
    if (t->flush_row < 0) { fprintf(stderr, "poker_gen: no free rows for the flushes\n"); exit(1); }
    return;
  }
  for (m = 0xC2B2AE35u; tried < 64; m += 2) {
    int row = free_rows(t, m);
    if (row < 0) continue;
    t->mix = m;
    t->flush_row = row;
    make_keys(t);
    make_hash(t);
    fprintf(stderr, "mix 0x%08x: rows %d, %d free, %d slots\n", (unsigned)m, row, row + 1,
            t->nslots);
    if (!best || t->nslots < best_slots) { best = m; best_slots = t->nslots; }
    free(t->offset); free(t->value);
    tried++;
  }
  t->mix = best;
  t->flush_row = free_rows(t, best);
}

/* --- the perfect hash ----------------------------------------------------- */

typedef struct key_list { const gen_tables *t; uint32_t *key; uint16_t *val; int n; } key_list;

static void add_key(const int *cnt, int n, void *ud) {
  key_list *l = ud;
  if (n < 5) return;
  l->key[l->n] = (key_of_counts(l->t, cnt) * l->t->mix) & GEN_MASK;
  l->val[l->n++] = value_of(l->t, best_of_counts(cnt));
}

typedef struct row_info { int row, count; } row_info;

static int cmp_rows(const void *a, const void *b) {  /* fuller rows first */
  const row_info *x = a, *y = b;
  if (x->count != y->count) return y->count - x->count;
  return x->row - y->row;
}

static void make_hash(gen_tables *t) {
  enum { MAXN = 90000 };
  key_list l = { t, malloc(MAXN * 4), malloc(MAXN * 2), 0 };
  uint32_t width = 1u << GEN_SHIFT;
  int i, nrows, *first, *next, cap, used = 0;
  row_info *rows;
  uint8_t *taken;
  multisets(add_key, &l);
  /* the flush of a lane is the key flush_row * width + lane: the two free
  ** rows, full, so they are placed first and their slots are 0 .. 8191,
  ** slot = lane (checked below) */
  for (i = 0; i < 8192; i++) {
    l.key[l.n] = ((uint32_t)t->flush_row << GEN_SHIFT) + (uint32_t)i;
    l.val[l.n++] = t->flush[i];
  }
  nrows = 1 << (GEN_KEYBITS - GEN_SHIFT);  /* every mixed key has a row */
  rows = calloc((size_t)nrows, sizeof *rows);
  first = malloc((size_t)nrows * sizeof *first);
  next = malloc((size_t)l.n * sizeof *next);
  for (i = 0; i < nrows; i++) { rows[i].row = i; first[i] = -1; }
  for (i = 0; i < l.n; i++) {
    int row = (int)(l.key[i] >> GEN_SHIFT);
    rows[row].count++;
    next[i] = first[row]; first[row] = i;
  }
  qsort(rows, (size_t)nrows, sizeof *rows, cmp_rows);
  cap = l.n * 4 + (int)width;
  taken = calloc((size_t)cap, 1);
  t->offset = calloc((size_t)nrows, sizeof *t->offset);
  t->nrows = nrows;
  t->value = calloc((size_t)cap, sizeof *t->value);
  /* every row, empty or not, gets a base in [0, maxbase] and its slots are
  ** base + 0 .. base + width - 1: any key at all, even of a hand that is no
  ** poker hand, reads inside the table */
  for (i = 0; i < nrows; i++) {
    int row = rows[i].row, base = 0, k;
    for (; rows[i].count; base += 2) {  /* first fit, at even bases */
      for (k = first[row]; k >= 0; k = next[k])
        if (taken[base + (int)(l.key[k] & (width - 1))]) break;
      if (k < 0) break;
    }
    for (k = first[row]; k >= 0; k = next[k]) {
      int slot = base + (int)(l.key[k] & (width - 1));
      taken[slot] = 1;
      t->value[slot] = l.val[k];
    }
    if (base + (int)width > used) used = base + (int)width;
    if (base / 2 > 0xFFFF) { fprintf(stderr, "poker_gen: a base does not fit 16 bits\n"); exit(1); }
    t->offset[row] = (uint16_t)(base / 2);
  }
  t->nslots = used;
  for (i = 0; i < 8192; i++)
    if (t->value[i] != t->flush[i]) { fprintf(stderr, "poker_gen: flushes not first\n"); exit(1); }
  free(l.key); free(l.val); free(rows); free(first); free(next); free(taken);
}

/* search: 1 redoes the multipliers (minutes), 2 the mix */
static void gen_make(gen_tables *t, int search) {
  memset(t, 0, sizeof *t);
  make_values(t);
  make_mults(t, search == 1);
  choose_mix(t, search == 2);
  make_keys(t);
  make_hash(t);
}

static void gen_free(gen_tables *t) { free(t->offset); free(t->value); }

#ifndef DH_POKER_GEN_NO_MAIN

static void put_array(const char *decl, const uint32_t *a32, const uint16_t *a16, int n,
                      int hex) {
  int i;
  printf("%s = {", decl);
  for (i = 0; i < n; i++) {
    uint32_t v = a32 ? a32[i] : a16[i];
    printf("%s", i % (hex ? 8 : 12) ? " " : "\n  ");
    printf(hex ? "0x%08x," : "%u,", (unsigned)v);
  }
  printf("\n};\n\n");
}

/* the category of every slot's value, a byte each */
static void put_categories(const gen_tables *t) {
  int i;
  printf("const uint8_t dh_poker_slot_category[DH_POKER_NSLOTS] = {");
  for (i = 0; i < t->nslots; i++) printf("%s%u,", i % 24 ? " " : "\n  ", (unsigned)(t->value[i] >> 12));
  printf("\n};\n");
}

static void put_words(const char *decl, const uint64_t *a, int n) {
  int i;
  printf("%s = {", decl);
  for (i = 0; i < n; i++)
    printf("%sUINT64_C(0x%016llx),", i % 3 ? " " : "\n  ", (unsigned long long)a[i]);
  printf("\n};\n\n");
}

int main(int argc, char **argv) {
  gen_tables t;
  char decl[128];
  gen_make(&t, argc > 1 && strcmp(argv[1], "--search") == 0        ? 1
               : argc > 1 && strcmp(argv[1], "--search-mix") == 0 ? 2
                                                                  : 0);
  printf("/*\n** poker_tables.c -- generated by engine/poker/gen/poker_gen.c; do not edit.\n"
         "** tests/c/test_poker_tables.c checks it against the generator.\n*/\n"
         "#include \"poker_impl.h\"\n\n");
  printf("#if DH_POKER_SHIFT != %d || DH_POKER_NROWS != %d || DH_POKER_NSLOTS != %d || \\\n"
         "    DH_POKER_MIX != 0x%08xu || DH_POKER_KEYBITS != %d || DH_POKER_FLUSH_ROW != %d\n"
         "#error \"poker_impl.h does not match these tables\"\n#endif\n\n",
         GEN_SHIFT, t.nrows, t.nslots, (unsigned)t.mix, GEN_KEYBITS, t.flush_row);
  put_array("const uint32_t dh_poker_card_key[13]", t.card, NULL, 13, 1);
  put_words("const uint64_t dh_poker_card_word[256]", t.word, 256);
  put_words("const uint64_t dh_poker_pair_word[4096]", t.pair, 4096);
  put_array("const uint32_t dh_poker_lane[8192]", t.lane, NULL, 8192, 1);
  put_array("const uint32_t dh_poker_lane_part[64]", t.part, NULL, 64, 1);
  put_array("const uint16_t dh_poker_cat_base[10]", NULL, t.cat_base, 10, 0);
  put_array("const uint32_t dh_poker_shape[7462]", t.packed, NULL, 7462, 1);
  put_array("const uint16_t dh_poker_offset[DH_POKER_NROWS]", NULL, t.offset, t.nrows, 0);
  snprintf(decl, sizeof decl, "const uint16_t dh_poker_value[DH_POKER_NSLOTS]");
  put_array(decl, NULL, t.value, t.nslots, 0);
  put_categories(&t);
  gen_free(&t);
  return 0;
}

#endif
