/* test_cardset.c -- set algebra, suits, orders, highest and lowest */
#include <string.h>

#include "cardset.h"
#include "cards.h"
#include "check.h"

static void test_algebra(void) {
  dh_cardset a = S("As Kd Td 2c"), b = S("Kd 3h 2c");
  CHECK(dh_set_union(a, b) == S("As Kd Td 2c 3h"));
  CHECK(dh_set_inter(a, b) == S("Kd 2c"));
  CHECK(dh_set_minus(a, b) == S("As Td"));
  CHECK_EQ(dh_set_count(a), 4);
  CHECK_EQ(dh_set_count(0), 0);
  CHECK_EQ(dh_set_count(DH_FRENCH52), 52);
  CHECK(dh_set_has(a, C("Td")));
  CHECK(!dh_set_has(a, C("Th")));
  CHECK(dh_set_add(0, C("Qs")) == S("Qs"));
  CHECK(dh_set_remove(a, C("As")) == S("Kd Td 2c"));
  CHECK(dh_set_suit(a, DH_DIAMONDS) == S("Kd Td"));
  CHECK(dh_set_suit(a, DH_HEARTS) == 0);
  CHECK(dh_set_suit(DH_FRENCH52 | DH_JOKERS, DH_CLUBS) == S("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"));
  /* iteration: suit by suit, ranks ascending */
  {
    dh_card want[4] = { C("2c"), C("Td"), C("Kd"), C("As") }, got[4];
    int n = 0;
    dh_cardset it;
    for (it = a; it && n < 4; it &= it - 1) got[n++] = (dh_card)dh_set_first(it);
    CHECK_EQ(n, 4);
    CHECK(memcmp(want, got, sizeof want) == 0);
  }
}

static void test_orders(void) {
  dh_order nat, bris, pin;
  static const int briscola[10] = { 14, 3, 13, 12, 11, 7, 6, 5, 4, 2 };
  static const int dup[2] = { 14, 14 }, bad[1] = { 15 };
  dh_order_natural(&nat, DH_LAYOUT_STANDARD);
  CHECK(nat.natural);
  CHECK_EQ(dh_set_highest(S("9h Ts 2c"), &nat), C("Ts"));
  CHECK_EQ(dh_set_lowest(S("9h Ts 2c"), &nat), C("2c"));
  /* ties across suits: the lowest lane (clubs before spades) */
  CHECK_EQ(dh_set_highest(S("Ks Kc 4d"), &nat), C("Kc"));
  CHECK_EQ(dh_set_highest(0, &nat), -1);
  CHECK_EQ(dh_set_highest(DH_JOKERS, &nat), -1);  /* jokers are outside the order */
  CHECK(dh_order_from_ranks(&bris, briscola, 10, DH_LAYOUT_STANDARD));
  CHECK(!bris.natural);
  CHECK_EQ(dh_set_highest(S("Kh 3h 7h"), &bris), C("3h"));
  CHECK_EQ(dh_set_lowest(S("Kh 3h 7h"), &bris), C("7h"));
  CHECK_EQ(dh_set_highest(S("2c Ac"), &bris), C("Ac"));
  CHECK_EQ(dh_set_lowest(S("2c Ac 4c"), &bris), C("2c"));
  CHECK_EQ(dh_order_strength(&bris, C("8h")), 0);  /* not a Briscola rank */
  CHECK(dh_order_strength(&bris, C("Jd")) > dh_order_strength(&bris, C("7d")));
  CHECK(!dh_order_from_ranks(&bris, dup, 2, DH_LAYOUT_STANDARD));
  CHECK(!dh_order_from_ranks(&bris, bad, 1, DH_LAYOUT_STANDARD));
  /* pinochle natural order: twins rank together, A 10 K Q J 9 works too */
  dh_order_natural(&pin, DH_LAYOUT_DOUBLE);
  CHECK_EQ(dh_order_strength(&pin, dh_card_make_copy(14, DH_SPADES)), dh_order_strength(&pin, C("As")));
  CHECK_EQ(dh_set_highest(dh_set_of(dh_card_make_copy(13, 3)) | S("Qs"), &pin),
           dh_card_pos(dh_card_make_copy(13, 3)));
  {
    static const int pinochle[6] = { 14, 10, 13, 12, 11, 9 };
    CHECK(dh_order_from_ranks(&pin, pinochle, 6, DH_LAYOUT_DOUBLE));
    CHECK_EQ(dh_set_highest(S("Ks Qs") | dh_set_of(dh_card_make_copy(10, 3)), &pin),
             dh_card_pos(dh_card_make_copy(10, 3)));
  }
}

int main(void) {
  check_init();
  test_algebra();
  test_orders();
  return check_done();
}
