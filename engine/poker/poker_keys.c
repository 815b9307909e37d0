/*
** poker_keys.c -- hand keys (poker.h): made from card sets or card arrays,
** one or many, and valued.  What a key is: poker_impl.h.
*/
#include "poker_impl.h"

/* hands ahead to prefetch in the bulk calls (see poker_many.c) */
#define PREFETCH_AHEAD 512
#define AHEAD(p) ((const void *)((uintptr_t)(p) + PREFETCH_AHEAD * sizeof *(p)))

/* the key of a card set: its lane sum, unless a lane holds five or more
** (the flag), rare enough for a branch: then the flush key of that lane */
static inline uint32_t key_of(dh_cardset hand) {
  uint32_t sum = dh_poker_lane_sum(hand);
  if (__builtin_expect(sum & DH_POKER_FLAG, 0)) {
    int s;
    for (s = 0; s < 3; s++)
      if (dh_set_count((hand >> (16 * s)) & 0x1FFF) >= 5) break;
    return dh_poker_flush_key((hand >> (16 * s)) & 0x1FFF);
  }
  return sum;
}

dh_hand_key dh_poker_key(dh_cardset hand) { return key_of(hand); }

dh_hand_key dh_poker_key_cards(const dh_card *c, int n) { return dh_poker_cards_key(c, n); }

void dh_poker_keys(const dh_cardset *hands, size_t n, dh_hand_key *out) {
  size_t i;
  for (i = 0; i < n; i++) {
    if ((i & 7) == 0) __builtin_prefetch(AHEAD(hands + i));
    out[i] = key_of(hands[i]);
  }
}

dh_hand_value dh_poker_eval_key(dh_hand_key key) { return dh_poker_key_value(key); }

/* eight keys a step, their loads independent; a prefetch per 64-byte line */
void dh_poker_eval_keys(const dh_hand_key *keys, size_t n, dh_hand_value *out) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    int j;
    __builtin_prefetch(AHEAD(keys + i));
    for (j = 0; j < 16; j++) out[i + j] = dh_poker_key_value(keys[i + j]);
  }
  for (; i < n; i++) out[i] = dh_poker_key_value(keys[i]);
}
