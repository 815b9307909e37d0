/*
** poker_eval.c -- hand values one at a time and many at a time.
** How a value is found: poker_impl.h.
*/
#include <string.h>

#include "poker_impl.h"

int dh_poker_valid(dh_cardset hand) {
  int n = dh_set_count(hand);
  return (hand & ~DH_FRENCH52) == 0 && n >= 5 && n <= 7;
}

dh_hand_value dh_poker_eval(dh_cardset hand) { return dh_poker_eval_inline(hand); }

dh_hand_value dh_poker_eval_cards(const dh_card *c, int n) {
  dh_cardset hand = 0;
  int i;
  for (i = 0; i < n; i++) hand |= dh_set_of(c[i]);
  return dh_poker_eval_inline(hand);
}

int dh_poker_category(dh_hand_value v) { return (int)(v >> 12); }

static const char *const category_names[DH_NCATEGORIES] = {
  "high card", "pair", "two pair", "three of a kind", "straight", "flush",
  "full house", "four of a kind", "straight flush"
};

const char *dh_poker_category_name(int category) {
  if (category < 0 || category >= DH_NCATEGORIES) return NULL;
  return category_names[category];
}

int dh_poker_category_of(const char *name) {
  int i;
  for (i = 0; i < DH_NCATEGORIES; i++)
    if (strcmp(name, category_names[i]) == 0) return i;
  if (strcmp(name, "trips") == 0) return DH_THREE_OF_A_KIND;
  if (strcmp(name, "quads") == 0) return DH_FOUR_OF_A_KIND;
  return -1;
}

/* the loops below are written four hands at a time so that the independent
** table lookups of several hands overlap */
void dh_poker_eval_many(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = dh_poker_eval_inline(hands[i]);
    out[i + 1] = dh_poker_eval_inline(hands[i + 1]);
    out[i + 2] = dh_poker_eval_inline(hands[i + 2]);
    out[i + 3] = dh_poker_eval_inline(hands[i + 3]);
  }
  for (; i < n; i++) out[i] = dh_poker_eval_inline(hands[i]);
}

void dh_poker_count_many(const dh_cardset *hands, size_t n, uint64_t counts[DH_NCATEGORIES]) {
  /* two histograms: consecutive increments of one counter wait on each other */
  uint64_t a[DH_NCATEGORIES] = { 0 }, b[DH_NCATEGORIES] = { 0 };
  size_t i = 0;
  int c;
  for (; i + 2 <= n; i += 2) {
    a[dh_poker_eval_inline(hands[i]) >> 12]++;
    b[dh_poker_eval_inline(hands[i + 1]) >> 12]++;
  }
  for (; i < n; i++) a[dh_poker_eval_inline(hands[i]) >> 12]++;
  for (c = 0; c < DH_NCATEGORIES; c++) counts[c] += a[c] + b[c];
}
