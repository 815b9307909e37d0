/*
** test_poker.c -- golden hands: the rules at their edges (the wheel, kickers,
** the board playing, seven cards holding two trips or three pairs), the five
** cards, descriptions, and the API's answers to bad input.
*/
#include <string.h>

#include "check.h"
#include "poker.h"

/* "As Kd Td 9c 8h" -> a set; a bad name fails the test */
static dh_cardset hand(const char *s) {
  dh_cardset set = 0;
  while (*s) {
    size_t n = strcspn(s, " ");
    dh_card c;
    const char *why;
    if (n == 0) { s++; continue; }
    if (!CHECK(dh_card_parse(s, n, &c, &why) == n)) printf("     bad card in \"%s\"\n", s);
    set |= dh_set_of(c);
    s += n;
  }
  return set;
}

static dh_hand_value val(const char *s) { return dh_poker_eval(hand(s)); }

static const char *describe(const char *s) {
  static char buf[128];
  dh_poker_describe(val(s), buf, sizeof buf);
  return buf;
}

static void categories(void) {
  CHECK_EQ(dh_poker_category(val("2c 3d 4s 5h 7c")), DH_HIGH_CARD);
  CHECK_EQ(dh_poker_category(val("2c 2d 4s 5h 7c")), DH_PAIR);
  CHECK_EQ(dh_poker_category(val("2c 2d 4s 4h 7c")), DH_TWO_PAIR);
  CHECK_EQ(dh_poker_category(val("2c 2d 2s 4h 7c")), DH_THREE_OF_A_KIND);
  CHECK_EQ(dh_poker_category(val("Ac 2d 3s 4h 5c")), DH_STRAIGHT);
  CHECK_EQ(dh_poker_category(val("2c 9c 4c 5c 7c")), DH_FLUSH);
  CHECK_EQ(dh_poker_category(val("2c 2d 2s 4h 4c")), DH_FULL_HOUSE);
  CHECK_EQ(dh_poker_category(val("2c 2d 2s 2h 4c")), DH_FOUR_OF_A_KIND);
  CHECK_EQ(dh_poker_category(val("Ac 2c 3c 4c 5c")), DH_STRAIGHT_FLUSH);
  CHECK_STR(dh_poker_category_name(DH_HIGH_CARD), "high card");
  CHECK_STR(dh_poker_category_name(DH_TWO_PAIR), "two pair");
  CHECK_STR(dh_poker_category_name(DH_THREE_OF_A_KIND), "three of a kind");
  CHECK_STR(dh_poker_category_name(DH_STRAIGHT_FLUSH), "straight flush");
  CHECK(dh_poker_category_name(-1) == NULL);
  CHECK(dh_poker_category_name(DH_NCATEGORIES) == NULL);
  CHECK_EQ(dh_poker_category_of("full house"), DH_FULL_HOUSE);
  CHECK_EQ(dh_poker_category_of("quads"), DH_FOUR_OF_A_KIND);
  CHECK_EQ(dh_poker_category_of("royal"), -1);
}

static void order(void) {
  /* the wheel is the lowest straight, and beats nothing higher */
  CHECK(val("Ac 2d 3s 4h 5c") < val("2c 3d 4s 5h 6c"));
  CHECK(val("Ac 2d 3s 4h 5c") > val("Ac Ad As Kh Qc"));
  CHECK(val("Tc Jd Qs Kh Ac") > val("9c Td Js Qh Kc"));
  CHECK(val("Ac 2c 3c 4c 5c") < val("2h 3h 4h 5h 6h"));
  CHECK(val("Ac 2c 3c 4c 5c") > val("Ac Ad Ah As Kc"));
  CHECK(val("Kc Ac 2c 3c 4d") < val("2c 3d 4s 5h 7c") + 0x1000);  /* no wrap-around: K-A-2-3-4 is nothing */
  CHECK_EQ(dh_poker_category(val("Kc Ac 2c 3h 4d")), DH_HIGH_CARD);
  CHECK_EQ(dh_poker_category(val("Qc Kd Ac 2h 3d")), DH_HIGH_CARD);
  /* kickers */
  CHECK(val("Ah Ad Kc 9s 4d") > val("Ah Ad Qc Js Td"));
  CHECK(val("Ah Ad Kc 9s 4d") > val("Ac As Kd 9h 3c"));
  CHECK(val("Ah Ad Kc 9s 4d") == val("Ac As Kd 9h 4c"));  /* suits never break ties */
  CHECK(val("Kh Kd 7c 7s Ah") > val("Kh Kd 7c 7s Qh"));
  CHECK(val("Kh Kd 7c 7s 2h") > val("Qh Qd Jc Js Ah"));
  CHECK(val("9h 9d 9c Ks 2h") > val("9h 9d 9c Qs Jh"));
  CHECK(val("9h 9d 9c 9s 2h") > val("8h 8d 8c 8s Ah"));
  CHECK(val("Th Td Tc 4s 4h") > val("9h 9d 9c As Ah"));
  CHECK(val("Th Td Tc 5s 5h") > val("Th Td Tc 4s 4h"));
  CHECK(val("Ah Qh 9h 6h 3h") > val("Ah Qh 9h 6h 2h"));
  CHECK(val("Ac Kd Qs Jh 9c") > val("Ac Kd Qs Jh 8c"));
  /* seven cards */
  CHECK(val("Kh Kd 7c 7s 5h 5d 2c") == val("Kh Kd 7c 7s 5h 3d 2c"));  /* third pair: a kicker */
  CHECK(val("Kh Kd 7c 7s 5h 5d Ac") > val("Kh Kd 7c 7s 5h 5d Qc"));
  CHECK_EQ(dh_poker_category(val("9h 9d 9c 4s 4h 4d Ac")), DH_FULL_HOUSE);
  CHECK(val("9h 9d 9c 4s 4h 4d Ac") == val("9h 9d 9c 4s 4h 2d Ac"));
  CHECK_EQ(dh_poker_category(val("9h 9d 9c 9s 4h 4d 4c")), DH_FOUR_OF_A_KIND);
  CHECK(val("9h 9d 9c 9s 4h 4d 4c") < val("9h 9d 9c 9s 5h 2d 3c"));
  CHECK_EQ(dh_poker_category(val("2h 3h 4d 5h 6h 9h Kc")), DH_FLUSH);  /* flush over straight */
  CHECK_EQ(dh_poker_category(val("2h 3h 4h 5h 6h 9h 7h")), DH_STRAIGHT_FLUSH);
  CHECK(val("2h 3h 4h 5h 6h 9h 7h") == val("3s 4s 5s 6s 7s 2c 2d"));
  CHECK(val("Ah Kh 2h 3h 4h 5h 9c") > val("Ah Kh 2h 3h 9h 5d 4c"));  /* wheel flush */
  /* the board plays: both players tie */
  CHECK(val("Ac Kd Qs Jh Tc 2d 3d") == val("Ac Kd Qs Jh Tc 2h 4s"));
  /* six cards */
  CHECK(val("Ac Ad Kc Ks Qc 2d") == val("Ac Ad Kc Ks Qd 3d"));
  CHECK(val("Ac Ad Kc Ks 2c 2d") < val("Ac Ad Kc Ks 2c 3d"));
  CHECK(val("Ac 2d 3s 4h 5c 6c") == val("2c 3d 4s 5h 6h 9c"));
}

static void five_cards(void) {
  CHECK_EQ(dh_poker_best5(hand("Kh Kd 7c 7s 5h 5d Ac")), hand("Kh Kd 7c 7s Ac"));
  CHECK_EQ(dh_poker_best5(hand("Kh Kd 7c 7s 5h 5d 2c")), hand("Kh Kd 7c 7s 5h"));
  CHECK_EQ(dh_poker_best5(hand("9h 9d 9c 4s 4h 4d Ac")), hand("9h 9d 9c 4s 4h"));
  CHECK_EQ(dh_poker_best5(hand("Ac 2d 3s 4h 5c 5s Kd")), hand("Ac 2d 3s 4h 5s"));
  CHECK_EQ(dh_poker_best5(hand("2h 3h 4h 5h 6h 9h 7h")), hand("3h 4h 5h 6h 7h"));
  CHECK_EQ(dh_poker_best5(hand("Ah Kh 2h 3h 9h 5d 4c")), hand("Ah Kh 2h 3h 9h"));
  CHECK_EQ(dh_poker_best5(hand("Ah 2h 3h 4h 5h Kh Qc")), hand("Ah 2h 3h 4h 5h"));
  CHECK_EQ(dh_poker_best5(hand("Ac Kd Qs Jh 9c 2d 3d")), hand("Ac Kd Qs Jh 9c"));
  CHECK_EQ(dh_poker_best5(hand("9h 9d 9c 9s 4h 4d 4c")), hand("9h 9d 9c 9s 4h"));
  CHECK_EQ(dh_poker_best5(hand("Ac Kd Qs Jh 9c")), hand("Ac Kd Qs Jh 9c"));
}

static void ranks(void) {
  int r[5];
  CHECK_EQ(dh_poker_ranks(val("Kh Kd 7c 7s Ah"), r), 3);
  CHECK(r[0] == 13 && r[1] == 7 && r[2] == 14);
  CHECK_EQ(dh_poker_ranks(val("Ac 2d 3s 4h 5c"), r), 1);
  CHECK_EQ(r[0], 5);
  CHECK_EQ(dh_poker_ranks(val("Th Td Tc 4s 4h"), r), 2);
  CHECK(r[0] == 10 && r[1] == 4);
  CHECK_EQ(dh_poker_ranks(val("Ah Qh 9h 6h 3h"), r), 5);
  CHECK_EQ(dh_poker_ranks(0xFFFF, r), 0);
  CHECK(!dh_poker_value_valid(0xFFFF));
  CHECK(!dh_poker_value_valid((DH_HIGH_CARD << 12) | 1277));
  CHECK(dh_poker_value_valid((DH_HIGH_CARD << 12) | 1276));
  CHECK(dh_poker_value_valid((DH_STRAIGHT_FLUSH << 12) | 9));
  CHECK(!dh_poker_value_valid((DH_STRAIGHT_FLUSH << 12) | 10));
}

static void words(void) {
  char buf[64];
  CHECK_STR(describe("Kh Kd 7c 7s Ah"), "two pair, kings and sevens, ace kicker");
  CHECK_STR(describe("Ac 2d 3s 4h 5c"), "straight, five high");
  CHECK_STR(describe("Tc Jd Qs Kh Ac"), "straight, ace high");
  CHECK_STR(describe("Ah Qh 9h 6h 3h"), "flush, ace high, queen-nine-six-three");
  CHECK_STR(describe("Th Td Tc 4s 4h"), "full house, tens over fours");
  CHECK_STR(describe("6h 6d 6c 6s Kh"), "four of a kind, sixes, king kicker");
  CHECK_STR(describe("9h 9d 9c Ks 2h"), "three of a kind, nines, king-two kickers");
  CHECK_STR(describe("Jh Jd Ac 7s 2h"), "pair, jacks, ace-seven-two kickers");
  CHECK_STR(describe("Ac Kd 9s 7h 4c"), "high card, ace high, king-nine-seven-four");
  CHECK_STR(describe("Ac 2c 3c 4c 5c"), "straight flush, five high");
  CHECK_STR(describe("9s Ts Js Qs Ks"), "straight flush, king high");
  CHECK_STR(describe("As Ks Qs Js Ts"), "royal flush");
  CHECK_STR(describe("7c 7s 5h 5d 2c 2d"), "two pair, sevens and fives, two kicker");
  /* snprintf's contract */
  CHECK_EQ(dh_poker_describe(val("Ac 2d 3s 4h 5c"), buf, 9), 19);
  CHECK_STR(buf, "straight");
  CHECK_EQ(dh_poker_describe(val("Ac 2d 3s 4h 5c"), NULL, 0), 19);
  CHECK_EQ(dh_poker_describe(0xFFFF, buf, sizeof buf), -1);
  CHECK_STR(buf, "");
}

static void api(void) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  dh_card cards[7];
  dh_cardset h = hand("Ac Kd Qs Jh 9c 2d 3d"), it;
  dh_cardset many[3] = { hand("Ac 2d 3s 4h 5c"), h, hand("2h 3h 4h 5h 6h 9h 7h") };
  dh_hand_value out[3];
  int n = 0, i;
  for (it = h; it; it &= it - 1) cards[n++] = (dh_card)dh_set_first(it);
  CHECK_EQ(dh_poker_eval_cards(cards, 7), dh_poker_eval(h));
  CHECK_EQ(dh_poker_eval_cards(cards, 5), val("9c Ac 2d 3d Kd"));  /* by position */
  dh_poker_eval_many(many, 3, out);
  for (i = 0; i < 3; i++) CHECK_EQ(out[i], dh_poker_eval(many[i]));
  dh_poker_count_many(many, 3, counts);
  CHECK_EQ(counts[DH_STRAIGHT], 1);
  CHECK_EQ(counts[DH_HIGH_CARD], 1);
  CHECK_EQ(counts[DH_STRAIGHT_FLUSH], 1);
  CHECK(dh_poker_valid(h));
  CHECK(!dh_poker_valid(hand("Ac Kd Qs Jh")));
  CHECK(!dh_poker_valid(h | hand("4c")));
  CHECK(!dh_poker_valid(hand("Ac Kd Qs Jh") | dh_set_of(DH_BIG_JOKER)));
  /* bad requests to the bulk counter */
  CHECK_EQ(dh_poker_count(0, 0, 4, counts), -1);
  CHECK_EQ(dh_poker_count(0, 0, 8, counts), -1);
  CHECK_EQ(dh_poker_count(h, 0, 5, counts), -1);
  CHECK_EQ(dh_poker_count(hand("Ac"), hand("Ac Kd"), 5, counts), -1);
  CHECK_EQ(dh_poker_count(dh_set_of(DH_BIG_JOKER), 0, 5, counts), -1);
  CHECK_EQ(dh_poker_count(0, dh_set_of(DH_LITTLE_JOKER), 5, counts), -1);
  /* the hand itself, and one card to come */
  memset(counts, 0, sizeof counts);
  CHECK_EQ(dh_poker_count(h, 0, 7, counts), 1);
  CHECK_EQ(counts[DH_HIGH_CARD], 1);
  memset(counts, 0, sizeof counts);
  CHECK_EQ(dh_poker_count(hand("Ac Kd Qs Jh 9c 2d"), hand("Tc Td Ts"), 7, counts), 43);
  CHECK_EQ(counts[DH_STRAIGHT], 1);   /* only Th */
  CHECK_EQ(counts[DH_PAIR], 18);      /* six ranks paired, three cards left each */
  CHECK_EQ(counts[DH_HIGH_CARD], 24);
  /* more dead cards than there are: no hands */
  memset(counts, 0, sizeof counts);
  CHECK_EQ(dh_poker_count(hand("Ac Kd"), DH_FRENCH52 & ~hand("Ac Kd Qs Jh"), 7, counts), 0);
  CHECK_EQ(counts[DH_HIGH_CARD] + counts[DH_PAIR], 0);
}

int main(void) {
  check_init();
  categories();
  order();
  five_cards();
  ranks();
  words();
  api();
  return check_done();
}
