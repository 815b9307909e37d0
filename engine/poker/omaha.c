/*
** omaha.c -- Omaha's two-from-the-hand, three-from-the-board hands: the
** high by the plain evaluator over every such five, the low by ranks alone.
*/
#include <stdio.h>

#include "omaha.h"

int dh_omaha_valid(dh_cardset hole, dh_cardset board) {
  int h = dh_set_count(hole), b = dh_set_count(board);
  return ((hole | board) & ~DH_FRENCH52) == 0 && (hole & board) == 0 &&
         h >= 2 && h <= 6 && b >= 3 && b <= 5;
}

/* the cards of s as single-card sets, in out[]; returns how many */
static int singles(dh_cardset s, dh_cardset out[6]) {
  int n = 0;
  for (; s && n < 6; s &= s - 1) out[n++] = s & (~s + 1);
  return n;
}

/* calls back every two-card subset of hole with every three-card subset
** of board: at most 15 * 10 fives, so no cleverness */
typedef struct best_hi { dh_hand_value value; dh_cardset five; } best_hi;

static best_hi search_hi(dh_cardset hole, dh_cardset board) {
  dh_cardset h[6], b[6];
  int nh = singles(hole, h), nb = singles(board, b), i, j, k, l, m;
  best_hi best = { 0, 0 };
  int found = 0;
  for (i = 0; i < nh; i++)
    for (j = i + 1; j < nh; j++)
      for (k = 0; k < nb; k++)
        for (l = k + 1; l < nb; l++)
          for (m = l + 1; m < nb; m++) {
            dh_cardset five = h[i] | h[j] | b[k] | b[l] | b[m];
            dh_hand_value v = dh_poker_eval(five);
            if (!found || v > best.value) { best.value = v; best.five = five; found = 1; }
          }
  return best;
}

dh_hand_value dh_omaha_eval(dh_cardset hole, dh_cardset board) {
  return search_hi(hole, board).value;
}

dh_cardset dh_omaha_best5(dh_cardset hole, dh_cardset board) {
  return search_hi(hole, board).five;
}

/* --- the low -------------------------------------------------------------- */

/* the low ranks held, as bits 1..8 (the ace is 1): a low cares for ranks
** alone, and a rank held twice is no help */
static unsigned low_ranks_of(dh_cardset s) {
  dh_cardset lanes = (s | s >> 16 | s >> 32 | s >> 48) & DH_LANE_MASK;   /* bit r - 2 */
  unsigned bits = (unsigned)(lanes & 0x7F) << 2;                        /* 2..8 */
  if (lanes & (1u << (14 - 2))) bits |= 1u << 1;                        /* the ace */
  return bits;
}

/* five distinct ranks (bits 1..8) as a key: highest rank in the top
** nibble, so a smaller key is the better low */
static uint32_t low_key(unsigned bits) {
  uint32_t key = 0;
  int r;
  for (r = 8; r >= 1; r--)
    if (bits & (1u << r)) key = key << 4 | (uint32_t)r;
  return key;
}

/* a value from a key: 0x90000 is above every key (the worst is 0x87654) */
#define LOW_TOP 0x90000u

dh_low_value dh_omaha_low(dh_cardset hole, dh_cardset board) {
  unsigned h = low_ranks_of(hole), b = low_ranks_of(board), p, t;
  uint32_t best = 0;
  /* every two ranks of the hand with every three of the board, all apart */
  for (p = h; p; p = (p - 1) & h) {
    if (__builtin_popcount(p) != 2) continue;
    for (t = b & ~p; t; t = (t - 1) & (b & ~p)) {
      uint32_t key;
      if (__builtin_popcount(t) != 3) continue;
      key = low_key(p | t);
      if (!best || key < best) best = key;
    }
  }
  return best ? LOW_TOP - best : DH_NO_LOW;
}

int dh_low_ranks(dh_low_value v, int ranks[5]) {
  uint32_t key;
  int i, prev = 9;
  if (v == DH_NO_LOW || v >= LOW_TOP) return 0;
  key = LOW_TOP - v;
  for (i = 0; i < 5; i++) {
    int r = (int)(key >> (16 - 4 * i)) & 15;
    if (r < 1 || r >= prev) return 0;   /* not five falling ranks: not a low */
    ranks[i] = prev = r;
  }
  return key >> 20 ? 0 : 5;
}

int dh_low_describe(dh_low_value v, char *buf, size_t size) {
  static const char names[] = "?A2345678";
  int r[5];
  if (dh_low_ranks(v, r) != 5) return -1;
  return snprintf(buf, size, "%c-%c-%c-%c-%c low", names[r[0]], names[r[1]], names[r[2]],
                  names[r[3]], names[r[4]]);
}
