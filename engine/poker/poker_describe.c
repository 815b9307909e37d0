/*
** poker_describe.c -- reading a hand value back: its ranks, its five cards,
** and the words a player would say.  None of this is on a hot path; it
** reads the shape table the generator wrote (category << 20 | ranks).
*/
#include <stdio.h>

#include "poker_impl.h"

int dh_poker_value_valid(dh_hand_value v) {
  int cat = (int)(v >> 12);
  if (cat >= DH_NCATEGORIES) return 0;
  return (int)(v & 0xFFF) < dh_poker_cat_base[cat + 1] - dh_poker_cat_base[cat];
}

int dh_poker_ranks(dh_hand_value v, int ranks[5]) {
  uint32_t shape;
  int i, n = 0;
  if (!dh_poker_value_valid(v)) return 0;
  shape = dh_poker_shape[dh_poker_cat_base[v >> 12] + (v & 0xFFF)];
  for (i = 0; i < 5; i++) {
    int r = (int)(shape >> (16 - 4 * i)) & 15;
    if (r) ranks[n++] = r;
  }
  return n;
}

/* --- the five cards ------------------------------------------------------ */

/* up to `count` cards of rank r from hand, highest suit first */
static dh_cardset take(dh_cardset hand, int r, int count) {
  dh_cardset got = 0;
  int suit;
  for (suit = DH_SPADES; suit >= DH_CLUBS && count > 0; suit--) {
    dh_cardset b = dh_set_of(dh_card_make(r, suit));
    if (hand & b) { got |= b; count--; }
  }
  return got;
}

/* the five ranks of a straight with top card `top` (5 for the wheel) */
static void straight_ranks(int top, int r[5]) {
  int i;
  for (i = 0; i < 5; i++) r[i] = top - i;
  if (top == 5) r[4] = DH_RANK_ACE;
}

dh_cardset dh_poker_best5(dh_cardset hand) {
  static const uint8_t uses[DH_NCATEGORIES][5] = {  /* cards per rank compared */
    { 1, 1, 1, 1, 1 }, { 2, 1, 1, 1 }, { 2, 2, 1 }, { 3, 1, 1 }, { 1 },
    { 1, 1, 1, 1, 1 }, { 3, 2 }, { 4, 1 }, { 1 }
  };
  dh_hand_value v = dh_poker_eval_inline(hand);
  int cat = dh_poker_category((dh_hand_value)v), r[5], n = dh_poker_ranks(v, r), i;
  dh_cardset best = 0;
  hand &= DH_FRENCH52;
  if (cat == DH_FLUSH || cat == DH_STRAIGHT_FLUSH) {
    int suit;
    for (suit = 0; suit < 4; suit++)
      if (dh_set_count(dh_set_suit(hand, suit)) >= 5) hand = dh_set_suit(hand, suit);
  }
  if (cat == DH_STRAIGHT || cat == DH_STRAIGHT_FLUSH) {
    straight_ranks(r[0], r);
    for (i = 0; i < 5; i++) best |= take(hand, r[i], 1);
    return best;
  }
  for (i = 0; i < n; i++) best |= take(hand, r[i], uses[cat][i]);
  return best;
}

/* --- words ------------------------------------------------------------ */

static const char *const rank_word[15] = {
  "", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "jack", "queen", "king", "ace"
};
static const char *const rank_plural[15] = {
  "", "", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
  "jacks", "queens", "kings", "aces"
};

/* snprintf that keeps count past the end of the buffer */
typedef struct text { char *buf; size_t size; int len; } text;

static void put(text *t, const char *s) {
  int n = snprintf(t->len >= 0 && (size_t)t->len < t->size ? t->buf + t->len : NULL,
                   t->len >= 0 && (size_t)t->len < t->size ? t->size - (size_t)t->len : 0,
                   "%s", s);
  t->len += n;
}

/* "ace-king-nine" */
static void put_list(text *t, const int *r, int n) {
  int i;
  for (i = 0; i < n; i++) {
    if (i) put(t, "-");
    put(t, rank_word[r[i]]);
  }
}

static void put_kickers(text *t, const int *r, int n) {
  if (n == 0) return;
  put(t, ", ");
  put_list(t, r, n);
  put(t, n == 1 ? " kicker" : " kickers");
}

int dh_poker_describe(dh_hand_value v, char *buf, size_t size) {
  int r[5], n = dh_poker_ranks(v, r), cat = dh_poker_category(v);
  text t = { buf, size, 0 };
  if (n == 0) {
    if (size) buf[0] = '\0';
    return -1;
  }
  if (size) buf[0] = '\0';
  if (cat == DH_STRAIGHT_FLUSH && r[0] == DH_RANK_ACE) {
    put(&t, "royal flush");
    return t.len;
  }
  put(&t, dh_poker_category_name(cat));
  put(&t, ", ");
  switch (cat) {
    case DH_HIGH_CARD: case DH_FLUSH:
      put(&t, rank_word[r[0]]);
      put(&t, " high, ");
      put_list(&t, r + 1, 4);
      break;
    case DH_PAIR: case DH_THREE_OF_A_KIND: case DH_FOUR_OF_A_KIND:
      put(&t, rank_plural[r[0]]);
      put_kickers(&t, r + 1, n - 1);
      break;
    case DH_TWO_PAIR:
      put(&t, rank_plural[r[0]]);
      put(&t, " and ");
      put(&t, rank_plural[r[1]]);
      put_kickers(&t, r + 2, 1);
      break;
    case DH_STRAIGHT: case DH_STRAIGHT_FLUSH:
      put(&t, rank_word[r[0]]);
      put(&t, " high");
      break;
    case DH_FULL_HOUSE:
      put(&t, rank_plural[r[0]]);
      put(&t, " over ");
      put(&t, rank_plural[r[1]]);
      break;
  }
  return t.len;
}
