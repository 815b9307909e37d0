/*
** test_poker_keys.c -- hand keys and hand sums (poker.h, poker_impl.h)
** against the card-set evaluator, which test_poker_exhaustive checks against
** the rules:
**
**  - every 5-, 6- and 7-card hand: the hand sum built a card at a time along
**    the enumeration (each level's sum reused by the next, as the loops of
**    the library reuse a board's) gives the same key as dh_poker_key of the
**    card set and as dh_poker_key_cards of the cards, and that key's value
**    is dh_poker_eval's, dh_poker_eval_many's and
**    dh_poker_eval_cards_many's (the card sets and the card arrays passed
**    in blocks of 1024: the bulk calls' vector ways, where this machine has
**    them, over every hand);
**  - random hands: the bulk calls against the single ones, any order of
**    the cards the same key, card arrays of every length the bulk call
**    takes, by both its ways (the library's copy takes AVX-512, AVX2 or
**    the card pairs read with PEXT where this machine has them; a second
**    copy of engine/poker/poker_cards.c compiled in here without any of
**    them tests the plain one everywhere);
**  - card arrays that end where the memory ends (the next page unmapped):
**    the bulk call reads nothing past the last card, whichever way it takes;
**  - garbage (any 64-bit set, alone or in a bulk call, any byte as a card,
**    any 32-bit key) reads inside the tables: a value below DH_POKER_NVALUES, and nothing for the
**    sanitizer build to catch; garbage card arrays get the same values
**    from the library's bulk call as from the plain copy (a card's word
**    depends only on the low six bits of its byte, the pairs' index too).
*/
#define _DEFAULT_SOURCE  /* mmap's MAP_ANONYMOUS under -std=c11 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "poker_impl.h"
#include "rng.h"

#define DH_POKER_NO_AVX512
#define DH_POKER_NO_PEXT
#define DH_POKER_NO_AVX2
#define dh_poker_eval_cards_many scalar_eval_cards_many
#include "../../engine/poker/poker_cards.c"
#undef dh_poker_eval_cards_many

#if defined(__SANITIZE_ADDRESS__)
#define SCALE 10   /* the sanitizer build runs a tenth of the random hands */
#else
#define SCALE 1
#endif

static dh_card card_of(int i) { return dh_card_make(i % 13 + 2, i / 13); }

/* the cards of a level of the enumeration: set, sum, cards so far */
typedef struct level { dh_cardset set; uint64_t sum; dh_card c[7]; } level;

enum { BATCH = 1024 };

typedef struct tally {
  long hands, bad_key, bad_cards, bad_value, bad_many, bad_cards_many;
  int n;                        /* cards a hand */
  int nbatch;                   /* hands waiting for the bulk calls */
  dh_cardset set[BATCH];
  dh_card cards[7 * BATCH];
  dh_hand_value want[BATCH];    /* their keys' values */
} tally;

/* the waiting hands through the bulk calls, against their keys' values */
static void flush_batch(tally *t) {
  dh_hand_value got[BATCH], from_cards[BATCH];
  int i;
  dh_poker_eval_many(t->set, (size_t)t->nbatch, got);
  dh_poker_eval_cards_many(t->cards, t->n, (size_t)t->nbatch, from_cards);
  for (i = 0; i < t->nbatch; i++) {
    if (got[i] != t->want[i] && t->bad_many++ < 5)
      printf("eval_many: %016llx\n", (unsigned long long)t->set[i]);
    if (from_cards[i] != t->want[i] && t->bad_cards_many++ < 5)
      printf("eval_cards_many: %016llx\n", (unsigned long long)t->set[i]);
  }
  t->nbatch = 0;
}

static void one_hand(const level *l, int n, tally *t) {
  dh_hand_key k = dh_poker_key(l->set);
  t->hands++;
  t->set[t->nbatch] = l->set;
  memcpy(t->cards + n * t->nbatch, l->c, (size_t)n);
  t->want[t->nbatch] = dh_poker_eval_key(k);
  if (++t->nbatch == BATCH) flush_batch(t);
  if (dh_poker_sum_key(l->sum, l->set) != k && t->bad_key++ < 5)
    printf("sum key: %016llx\n", (unsigned long long)l->set);
  if (dh_poker_key_cards(l->c, n) != k && t->bad_cards++ < 5)
    printf("card key: %016llx\n", (unsigned long long)l->set);
  if (dh_poker_eval_key(k) != dh_poker_eval(l->set) && t->bad_value++ < 5)
    printf("key value: %016llx\n", (unsigned long long)l->set);
}

/* every hand of n cards extending l (depth cards so far, from card `from`) */
static void every(const level *l, int depth, int from, int n, tally *t) {
  int i;
  if (depth == n) { one_hand(l, n, t); return; }
  for (i = from; i <= 52 - (n - depth); i++) {
    level next = *l;
    dh_card c = card_of(i);
    next.set |= dh_set_of(c);
    next.sum += dh_poker_card_sum(c);
    next.c[depth] = c;
    every(&next, depth + 1, i + 1, n, t);
  }
}

static void exhaustive(void) {
  static const long hands[3] = { 2598960, 20358520, 133784560 };
  int n;
  for (n = 5; n <= 7; n++) {
    level l;
    static tally t;
    memset(&t, 0, sizeof t);
    memset(&l, 0, sizeof l);
    t.n = n;
    every(&l, 0, 0, n, &t);
    flush_batch(&t);
    CHECK_EQ(t.hands, hands[n - 5]);
    CHECK_EQ(t.bad_key, 0);
    CHECK_EQ(t.bad_cards, 0);
    CHECK_EQ(t.bad_value, 0);
    CHECK_EQ(t.bad_many, 0);
    CHECK_EQ(t.bad_cards_many, 0);
  }
}

static int random_hand(dh_rng *r, int n, dh_card *c) {
  dh_cardset s = 0;
  int k = 0;
  while (k < n) {
    dh_card d = card_of((int)dh_rng_below(r, 52));
    if (dh_set_has(s, d)) continue;
    s |= dh_set_of(d);
    c[k++] = d;
  }
  return n;
}

static dh_cardset set_of(const dh_card *c, int n) {
  dh_cardset s = 0;
  int i;
  for (i = 0; i < n; i++) s |= dh_set_of(c[i]);
  return s;
}

/* bulk against single, over lengths that leave every tail of the loops */
static void bulk(dh_rng *r) {
  enum { N = 1043 };
  static dh_cardset h[N];
  static dh_hand_key k[N];
  static dh_hand_value v[N], w[N], x[N];
  static dh_card cards[7 * N];
  int i, n, len, bad = 0;
  for (len = 0; len < N; len += len < 40 ? 1 : 97) {
    for (i = 0; i < len; i++) h[i] = set_of(cards, random_hand(r, 5 + i % 3, cards));
    dh_poker_keys(h, (size_t)len, k);
    dh_poker_eval_keys(k, (size_t)len, v);
    for (i = 0; i < len; i++) bad += k[i] != dh_poker_key(h[i]) || v[i] != dh_poker_eval(h[i]);
    for (n = 5; n <= 7; n++) {
      for (i = 0; i < len; i++) random_hand(r, n, cards + n * i);
      dh_poker_eval_cards_many(cards, n, (size_t)len, w);
      scalar_eval_cards_many(cards, n, (size_t)len, x);
      for (i = 0; i < len; i++) {
        const dh_card *c = cards + n * i;
        bad += w[i] != dh_poker_eval_cards(c, n) || w[i] != dh_poker_eval(set_of(c, n)) || x[i] != w[i];
      }
    }
  }
  CHECK_EQ(bad, 0);
}

/* a key is the hand's, not the order's */
static void any_order(dh_rng *r) {
  int t, i, bad = 0;
  for (t = 0; t < 100000 / SCALE; t++) {
    dh_card c[7];
    int n = random_hand(r, 5 + t % 3, c);
    dh_hand_key k = dh_poker_key_cards(c, n);
    for (i = n - 1; i > 0; i--) {  /* shuffle */
      int j = (int)dh_rng_below(r, (uint32_t)i + 1);
      dh_card x = c[i];
      c[i] = c[j];
      c[j] = x;
    }
    bad += dh_poker_key_cards(c, n) != k || dh_poker_key(set_of(c, n)) != k;
  }
  CHECK_EQ(bad, 0);
}

/* every length of array that fits a page, placed so that its last card is
** the page's last byte and the page after it is unmapped: a read past the
** array is a crash here */
static void edge(dh_rng *r) {
  long page = sysconf(_SC_PAGESIZE);
  uint8_t *mem = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  static dh_hand_value v[1024], w[1024];
  int k, n, i, bad = 0;
  if (!CHECK(mem != MAP_FAILED)) return;
  CHECK_EQ(mprotect(mem + page, (size_t)page, PROT_NONE), 0);
  for (k = 5; k <= 7; k++)
    for (n = 0; n * k <= page && n <= 1024; n++) {
      dh_card *cards = mem + page - n * k;
      for (i = 0; i < n; i++) random_hand(r, k, cards + k * i);
      dh_poker_eval_cards_many(cards, k, (size_t)n, v);
      scalar_eval_cards_many(cards, k, (size_t)n, w);
      for (i = 0; i < n; i++) bad += v[i] != w[i];
    }
  CHECK_EQ(bad, 0);
  munmap(mem, 2 * (size_t)page);
}

static void garbage(dh_rng *r) {
  int t, i, bad = 0;
  for (t = 0; t < 1000000 / SCALE; t++) {
    dh_cardset s = dh_rng_next(r);
    dh_card c[7];
    int n = (int)dh_rng_below(r, 8);
    for (i = 0; i < 7; i++) c[i] = (dh_card)dh_rng_below(r, 256);
    bad += dh_poker_eval_key((dh_hand_key)dh_rng_next(r)) >= DH_POKER_NVALUES;
    bad += dh_poker_eval_key(dh_poker_key(s)) >= DH_POKER_NVALUES;
    bad += dh_poker_eval_cards(c, n) >= DH_POKER_NVALUES;
    bad += dh_poker_eval_key(dh_poker_key_cards(c, n)) >= DH_POKER_NVALUES;
  }
  /* whole blocks of garbage sets through the bulk call's vector way */
  for (t = 0; t < 100 / SCALE; t++) {
    static dh_cardset h[1024];
    static dh_hand_value v[1024];
    for (i = 0; i < 1024; i++) h[i] = dh_rng_next(r);
    dh_poker_eval_many(h, 1024, v);
    for (i = 0; i < 1024; i++) bad += v[i] >= DH_POKER_NVALUES;
  }
  /* garbage card arrays through the bulk call, against the plain copy */
  for (t = 0; t < 300 / SCALE; t++) {
    static dh_card c[7 * 1024];
    static dh_hand_value v[1024], w[1024];
    int k = 5 + t % 3;
    for (i = 0; i < 7 * 1024; i++) c[i] = (dh_card)dh_rng_below(r, 256);
    dh_poker_eval_cards_many(c, k, 1024, v);
    scalar_eval_cards_many(c, k, 1024, w);
    for (i = 0; i < 1024; i++) bad += v[i] >= DH_POKER_NVALUES || v[i] != w[i];
  }
  CHECK_EQ(bad, 0);
}

int main(void) {
  dh_rng r;
  check_init();
  dh_rng_seed(&r, 20261125);
  exhaustive();
  bulk(&r);
  any_order(&r);
  edge(&r);
  garbage(&r);
  return check_done();
}
