/*
** test_pattern_enum.c -- every 5-card and every 6-card hand classified by
** the ladder of patterns agrees with a plain classifier written here from
** the rules of poker and with the evaluator's category; the 5-card and 6-card counts are the published
** ones.  Random 7-card hands are checked the same way.
*/
#include <string.h>

#include "card.h"
#include "cardset.h"
#include "check.h"
#include "pattern.h"
#include "rng.h"

#include "poker.h"

enum { HIGH, PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH, NCAT };

static const char *const names[NCAT] = { "high card", "pair", "two pair", "three of a kind",
                                         "straight", "flush", "full house", "four of a kind",
                                         "straight flush" };

/* the ladder, best first; the royal flush is a straight flush */
static const struct { const char *src; int cat; } ladder_src[] = {
  { "a>a>a>a>a", STRAIGHT_FLUSH }, { "1{4}", FOUR }, { "1{3}2{2}", FULL_HOUSE },
  { "a{5}", FLUSH }, { "?>?>?>?>?", STRAIGHT }, { "1{3}", THREE }, { "1{2}2{2}", TWO_PAIR },
  { "1{2}", PAIR },
};
#define NLADDER 8

static dh_pattern ladder[NLADDER];

static int by_patterns(dh_cardset h) {
  int i;
  for (i = 0; i < NLADDER; i++)
    if (dh_pattern_match(&ladder[i], h, NULL)) return ladder_src[i].cat;
  return HIGH;
}

/* five ranks in a row in a 13-bit rank mask (bit r-2), the ace also low */
static int has_straight(unsigned ranks) {
  int top, k;
  for (top = 14; top >= 5; top--) {
    for (k = 0; k < 5; k++) {
      int r = top - k;
      if (r == 1) r = 14;
      if (!((ranks >> (r - 2)) & 1)) break;
    }
    if (k == 5) return 1;
  }
  return 0;
}

/* the plain classifier: counts of ranks and suits, straights by scanning */
static int by_rules(dh_cardset h) {
  int count[15] = { 0 }, suitlen[4] = { 0 }, r, s;
  unsigned ranks = 0, suit_ranks[4] = { 0 };
  int pairs = 0, trips = 0, quads = 0, flush = 0, sflush = 0;
  dh_cardset it;
  for (it = h; it; it &= it - 1) {
    dh_card c = (dh_card)dh_set_first(it);
    r = dh_card_rank(c); s = dh_card_suit(c);
    count[r]++; suitlen[s]++;
    ranks |= 1u << (r - 2);
    suit_ranks[s] |= 1u << (r - 2);
  }
  for (r = 2; r <= 14; r++) {
    if (count[r] == 4) quads++;
    else if (count[r] == 3) trips++;
    else if (count[r] == 2) pairs++;
  }
  for (s = 0; s < 4; s++)
    if (suitlen[s] >= 5) {  /* only a suit of five can hold a straight flush */
      flush = 1;
      if (has_straight(suit_ranks[s])) sflush = 1;
    }
  if (sflush) return STRAIGHT_FLUSH;
  if (quads) return FOUR;
  if (trips >= 2 || (trips && pairs)) return FULL_HOUSE;
  if (flush) return FLUSH;
  if (__builtin_popcount(ranks) >= 5 && has_straight(ranks)) return STRAIGHT;
  if (trips) return THREE;
  if (pairs >= 2) return TWO_PAIR;
  if (pairs) return PAIR;
  return HIGH;
}

typedef struct tally {
  long long by_cat[NCAT];
  long long hands, agree, agree_eval;
} tally;

static void classify(tally *t, dh_cardset h) {
  int mine = by_patterns(h), rules = by_rules(h);
  t->hands++;
  t->by_cat[mine]++;
  if (mine == rules) t->agree++;
  else if (t->hands - t->agree <= 5)
    printf("     %llx: patterns say %s, rules say %s\n", (unsigned long long)h, names[mine], names[rules]);
  if (dh_poker_category(dh_poker_eval(h)) == mine) t->agree_eval++;
}

static dh_cardset card_bit(int i) { return dh_set_of(dh_card_make(2 + i % 13, i / 13)); }

static void five_cards(void) {
  /* straight flush, four, full house, flush, straight, three, two pair, pair, high */
  static const long long expected[NCAT] = { 1302540, 1098240, 123552, 54912, 10200,
                                            5108, 3744, 624, 40 };
  tally t;
  int a, b, c, d, e, k;
  memset(&t, 0, sizeof t);
  for (a = 0; a < 52; a++)
    for (b = a + 1; b < 52; b++)
      for (c = b + 1; c < 52; c++) {
        dh_cardset abc = card_bit(a) | card_bit(b) | card_bit(c);
        for (d = c + 1; d < 52; d++)
          for (e = d + 1; e < 52; e++) classify(&t, abc | card_bit(d) | card_bit(e));
      }
  CHECK_EQ(t.hands, 2598960);
  CHECK_EQ(t.agree, t.hands);
  CHECK_EQ(t.agree_eval, t.hands);
  for (k = 0; k < NCAT; k++) {
    if (t.by_cat[k] != expected[k]) printf("     5 cards, %s:\n", names[k]);
    CHECK_EQ(t.by_cat[k], expected[k]);
  }
}

static void six_cards(void) {
  /* best five of six (royal flushes, 188, among the straight flushes) */
  static const long long expected[NCAT] = { 6612900, 9730740, 2532816, 732160, 361620,
                                            205792, 165984, 14664, 1844 };
  tally t;
  int a, b, c, d, e, f, k;
  memset(&t, 0, sizeof t);
  for (a = 0; a < 52; a++)
    for (b = a + 1; b < 52; b++)
      for (c = b + 1; c < 52; c++) {
        dh_cardset abc = card_bit(a) | card_bit(b) | card_bit(c);
        for (d = c + 1; d < 52; d++) {
          dh_cardset abcd = abc | card_bit(d);
          for (e = d + 1; e < 52; e++)
            for (f = e + 1; f < 52; f++) classify(&t, abcd | card_bit(e) | card_bit(f));
        }
      }
  CHECK_EQ(t.hands, 20358520);
  CHECK_EQ(t.agree, t.hands);
  CHECK_EQ(t.agree_eval, t.hands);
  for (k = 0; k < NCAT; k++) {
    if (t.by_cat[k] != expected[k]) printf("     6 cards, %s:\n", names[k]);
    CHECK_EQ(t.by_cat[k], expected[k]);
  }
}

static void seven_cards_random(void) {
  dh_rng r;
  dh_card deck[52];
  tally t;
  int i, k;
  memset(&t, 0, sizeof t);
  for (i = 0; i < 52; i++) deck[i] = dh_card_make(2 + i % 13, i / 13);
  dh_rng_seed(&r, 7);
  for (i = 0; i < 1000000; i++) {
    dh_cardset h = 0;
    for (k = 0; k < 7; k++) {
      int j = k + (int)dh_rng_below(&r, (uint32_t)(52 - k));
      dh_card tmp = deck[k]; deck[k] = deck[j]; deck[j] = tmp;
      h |= dh_set_of(deck[k]);
    }
    classify(&t, h);
  }
  CHECK_EQ(t.agree, t.hands);
  CHECK_EQ(t.agree_eval, t.hands);
  /* every category shows up, straight flushes included (p = 0.03%) */
  for (k = 0; k < NCAT; k++) CHECK(t.by_cat[k] > 0);
}

int main(void) {
  int i;
  check_init();
  for (i = 0; i < NLADDER; i++) {
    int pos;
    const char *why;
    CHECK(dh_pattern_compile(&ladder[i], ladder_src[i].src, strlen(ladder_src[i].src), &pos, &why));
  }
  five_cards();
  six_cards();
  seven_cards_random();
  return check_done();
}
