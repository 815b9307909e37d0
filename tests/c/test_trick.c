/* test_trick.c -- who takes the trick: follow, trump, orders, twins */
#include <string.h>

#include "cards.h"
#include "check.h"
#include "trick.h"

/* plays the names in order (seats 0, 1, 2...) and returns the winner index */
static int winner(const char *a, const char *b, const char *c, const char *d, int trump,
                  const dh_order *o) {
  dh_trick t;
  const char *names[4] = { a, b, c, d };
  int i;
  dh_trick_clear(&t);
  for (i = 0; i < 4 && names[i]; i++) dh_trick_add(&t, i, C(names[i]));
  return dh_trick_winner(&t, trump, o);
}

int main(void) {
  dh_order nat, bris;
  static const int briscola[10] = { 14, 3, 13, 12, 11, 7, 6, 5, 4, 2 };
  check_init();
  dh_order_natural(&nat, DH_LAYOUT_STANDARD);
  dh_order_from_ranks(&bris, briscola, 10, DH_LAYOUT_STANDARD);
  /* no trumps: the highest of the led suit; off-suit aces do not win */
  CHECK_EQ(winner("Td", "Ad", "2s", "Kd", DH_NOSUIT, &nat), 1);
  CHECK_EQ(winner("5h", "As", "Ac", "4h", DH_NOSUIT, &nat), 0);
  /* spades trump: the only trump wins, the highest trump among several */
  CHECK_EQ(winner("Td", "Ad", "2s", "Kd", DH_SPADES, &nat), 2);
  CHECK_EQ(winner("Td", "3s", "2s", "Qs", DH_SPADES, &nat), 3);
  /* trump led */
  CHECK_EQ(winner("4s", "Ah", "5s", "Kh", DH_SPADES, &nat), 2);
  /* Briscola strength: the three beats the king, the ace beats the three */
  CHECK_EQ(winner("Kh", "3h", NULL, NULL, DH_CLUBS, &bris), 1);
  CHECK_EQ(winner("3h", "Ah", NULL, NULL, DH_CLUBS, &bris), 1);
  CHECK_EQ(winner("Ah", "2c", NULL, NULL, DH_CLUBS, &bris), 1);   /* lowest trump */
  CHECK_EQ(winner("Ah", "3d", NULL, NULL, DH_CLUBS, &bris), 0);   /* off suit */
  /* the trick records seats and the led suit */
  {
    dh_trick t;
    dh_trick_clear(&t);
    CHECK_EQ(t.led, DH_NOSUIT);
    dh_trick_add(&t, 2, C("9c"));
    dh_trick_add(&t, 3, C("Jc"));
    CHECK_EQ(t.led, DH_CLUBS);
    CHECK_EQ(t.seats[dh_trick_winner(&t, DH_NOSUIT, &nat)], 3);
  }
  /* pinochle twins: the first played of two equal cards wins */
  {
    dh_order pin;
    dh_trick t;
    dh_order_natural(&pin, DH_LAYOUT_DOUBLE);
    dh_trick_clear(&t);
    dh_trick_add(&t, 0, C("Kh"));
    dh_trick_add(&t, 1, dh_card_make_copy(14, DH_HEARTS));
    dh_trick_add(&t, 2, C("Ah"));
    CHECK_EQ(dh_trick_winner(&t, DH_NOSUIT, &pin), 1);
  }
  /* a joker lead sets no suit; a later joker never wins */
  {
    dh_trick t;
    dh_trick_clear(&t);
    dh_trick_add(&t, 0, DH_BIG_JOKER);
    CHECK_EQ(t.led, DH_NOSUIT);
    dh_trick_add(&t, 1, C("2h"));
    CHECK_EQ(dh_trick_winner(&t, DH_HEARTS, &nat), 1);
    CHECK_EQ(dh_trick_winner(&t, DH_NOSUIT, &nat), 0);
  }
  /* bad input: a ninth card and seats out of range are refused and change
  ** nothing; an empty trick has no winner; a trump out of range is none */
  {
    dh_trick t;
    int i;
    dh_trick_clear(&t);
    CHECK_EQ(dh_trick_winner(&t, DH_HEARTS, &nat), -1);
    CHECK_EQ(dh_trick_add(&t, -1, C("2h")), -1);
    CHECK_EQ(dh_trick_add(&t, DH_MAX_SEATS, C("2h")), -1);
    CHECK_EQ(t.n, 0);
    for (i = 0; i < DH_MAX_SEATS; i++) CHECK_EQ(dh_trick_add(&t, i, (dh_card)(i + 2)), 0);
    CHECK_EQ(dh_trick_add(&t, 0, C("As")), -1);
    CHECK_EQ(t.n, DH_MAX_SEATS);
    CHECK_EQ(dh_trick_winner(&t, -7, &nat), 7);     /* 9c, the highest club */
    CHECK_EQ(dh_trick_winner(&t, 1000, &nat), 7);
  }
  return check_done();
}
