/*
** blackjack.c -- Blackjack's card values and hand totals (blackjack.h).
*/
#include "blackjack.h"

int dh_bj_value(dh_card c) {
  int rank;
  if (!dh_card_valid(c) || dh_card_is_joker(c)) return 0;
  rank = dh_card_rank(c);
  if (rank == DH_RANK_ACE) return 1;
  return rank >= 10 ? 10 : rank;
}

int dh_bj_total(const uint8_t *values, int n, int *soft) {
  int hard = 0, ace = 0, i;
  for (i = 0; i < n; i++) {
    hard += values[i];
    if (values[i] == 1) ace = 1;
  }
  return dh_bj_total_of(hard, ace, soft);
}
