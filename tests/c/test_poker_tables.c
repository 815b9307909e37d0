/*
** test_poker_tables.c -- engine/poker/poker_tables.c is what engine/poker/gen/poker_gen.c
** makes: the generator runs here and every table is compared.
*/
#include <string.h>

#define DH_POKER_GEN_NO_MAIN
#include "../../engine/poker/gen/poker_gen.c"

#include "check.h"
#include "poker_impl.h"

int main(void) {
  gen_tables t;
  check_init();
  gen_make(&t, 0);
  CHECK_EQ(t.nrows, DH_POKER_NROWS);
  CHECK_EQ(t.nslots, DH_POKER_NSLOTS);
  CHECK(memcmp(t.card, dh_poker_card_key, sizeof t.card) == 0);
  CHECK(memcmp(t.lane, dh_poker_lane, sizeof t.lane) == 0);
  CHECK(memcmp(t.cat_base, dh_poker_cat_base, sizeof t.cat_base) == 0);
  CHECK(memcmp(t.packed, dh_poker_shape, sizeof t.packed) == 0);
  CHECK(memcmp(t.word, dh_poker_card_word, sizeof t.word) == 0);
  CHECK(memcmp(t.pair, dh_poker_pair_word, sizeof t.pair) == 0);
  CHECK(memcmp(t.part, dh_poker_lane_part, sizeof t.part) == 0);
  CHECK_EQ(t.mix, DH_POKER_MIX);
  CHECK_EQ(t.flush_row, (int)DH_POKER_FLUSH_ROW);
  /* the flushes are the first 8192 values (poker_impl.h) */
  CHECK(memcmp(t.flush, dh_poker_value, sizeof t.flush) == 0);
  if (t.nrows == DH_POKER_NROWS)
    CHECK(memcmp(t.offset, dh_poker_offset, sizeof dh_poker_offset) == 0);
  if (t.nslots == DH_POKER_NSLOTS)
    CHECK(memcmp(t.value, dh_poker_value, sizeof dh_poker_value) == 0);
  {  /* a lane's three parts add up to its sum, with the flag in bit 3 (for
     ** the lanes of a hand: at most 7 cards) */
    int l, bad = 0;
    for (l = 0; l < 8192; l++) {
      uint32_t sum = dh_poker_lane_part[l & 31] + dh_poker_lane_part[32 + (l >> 5 & 15)] +
                     dh_poker_lane_part[48 + (l >> 9)] - 3;
      int n = __builtin_popcount((unsigned)l);
      bad += (sum | (n >= 5 ? DH_POKER_FLAG : 0)) != dh_poker_lane[l] ||
             (n <= 7 && (((sum + 3) & 8) != 0) != (n >= 5));
    }
    CHECK_EQ(bad, 0);
  }
  {  /* a pair's word is the sum of its two cards' words, by the low six
     ** bits of each card byte, as PEXT packs two bytes (poker_cards.c) */
    int a, b, bad = 0;
    for (a = 0; a < 256; a++)
      for (b = 0; b < 256; b++)
        bad += dh_poker_pair_word[(a & 63) | (b & 63) << 6] != dh_poker_card_word[a] + dh_poker_card_word[b];
    CHECK_EQ(bad, 0);
  }
  {  /* each slot's category is its value's */
    int i, bad = 0;
    for (i = 0; i < DH_POKER_NSLOTS; i++) bad += dh_poker_slot_category[i] != dh_poker_value[i] >> 12;
    CHECK_EQ(bad, 0);
  }
  /* every category's values are counted in cat_base */
  CHECK_EQ(dh_poker_cat_base[DH_NCATEGORIES], DH_POKER_DISTINCT);
  /* the tables stay small: they must sit in L2 beside everything else
  ** (the bound is the one the evaluator was designed to: 512 KB) */
  CHECK(sizeof dh_poker_card_key + sizeof dh_poker_card_word + sizeof dh_poker_pair_word +
        sizeof dh_poker_lane +
        sizeof dh_poker_lane_part +
        sizeof dh_poker_cat_base + sizeof dh_poker_shape + sizeof dh_poker_offset +
        sizeof dh_poker_value + sizeof dh_poker_slot_category <= 512 * 1024);
  gen_free(&t);
  return check_done();
}
