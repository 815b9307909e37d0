/*
** poker_eval.c -- hand values one at a time, and category names.
** How a value is found: poker_impl.h.
*/
#include <string.h>

#include "poker_impl.h"

int dh_poker_valid(dh_cardset hand) {
  int n = dh_set_count(hand);
  return (hand & ~DH_FRENCH52) == 0 && n >= 5 && n <= 7;
}

dh_hand_value dh_poker_eval(dh_cardset hand) { return dh_poker_eval_inline(hand); }

uint32_t dh_poker_cards_flush_key(const dh_card *c, int n, uint64_t sum) {
  dh_cardset set = 0;
  int i;
  for (i = 0; i < n; i++) set |= dh_set_of(c[i]);
  return dh_poker_sum_key(sum, set);
}

/* from the cards' words, not a card set: adding a word is as cheap as
** setting a bit, and the sum is the key without the four lane reads */
dh_hand_value dh_poker_eval_cards(const dh_card *c, int n) {
  return dh_poker_key_value(dh_poker_cards_key(c, n));
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
