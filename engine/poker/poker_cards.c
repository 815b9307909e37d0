/*
** poker_cards.c -- the values of many hands given as arrays of cards.
** Each hand's sum of card words is its key (poker_impl.h): k loads and adds
** a hand, the card set made only for a flush.
*/
#include "poker_impl.h"

/* k a constant once inlined, so the adds are written out */
static inline __attribute__((always_inline)) void
cards_many(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  size_t i;
  for (i = 0; i < n; i++, cards += k) out[i] = dh_poker_key_value(dh_poker_cards_key(cards, k));
}

void dh_poker_eval_cards_many(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  switch (k) {
    case 7: cards_many(cards, 7, n, out); break;
    case 6: cards_many(cards, 6, n, out); break;
    case 5: cards_many(cards, 5, n, out); break;
    default: cards_many(cards, k, n, out); break;
  }
}
