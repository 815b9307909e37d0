/*
** trick.c -- who takes a trick.
**
** Each card is mapped to a bit in "strength space": lane = its suit,
** bit = its strength under the game's order.  The winning strength is then
** the top bit of the trump lane, or of the led lane when no trump fell,
** and the winner the first card played with that suit and strength.
*/
#include "trick.h"

int dh_trick_add(dh_trick *t, int seat, dh_card c) {
  if (t->n >= DH_MAX_SEATS || seat < 0 || seat >= DH_MAX_SEATS) return -1;
  if (t->n == 0) t->led = (int8_t)dh_card_suit(c);
  t->cards[t->n] = c;
  t->seats[t->n] = (uint8_t)seat;
  t->n++;
  return 0;
}

int dh_trick_winner(const dh_trick *t, int trump, const dh_order *o) {
  uint64_t space = 0;
  unsigned lane;
  int i, suit, strength;
  if (t->n == 0) return -1;
  for (i = 0; i < t->n && i < DH_MAX_SEATS; i++) {
    suit = dh_card_suit(t->cards[i]);
    strength = dh_order_strength(o, t->cards[i]);
    if (suit != DH_NOSUIT && strength) space |= UINT64_C(1) << (16 * suit + strength - 1);
  }
  suit = trump;
  lane = suit >= 0 && suit < DH_NOSUIT ? (unsigned)(space >> (16 * suit)) & 0xFFFF : 0;
  if (lane == 0) {
    suit = t->led;
    lane = suit >= 0 && suit < DH_NOSUIT ? (unsigned)(space >> (16 * suit)) & 0xFFFF : 0;
  }
  if (lane == 0) return 0;
  strength = 32 - __builtin_clz(lane);  /* strengths are 1-based */
  for (i = 0; i < t->n && i < DH_MAX_SEATS; i++)
    if (dh_card_suit(t->cards[i]) == suit && dh_order_strength(o, t->cards[i]) == strength)
      return i;
  return 0;
}
