/* test_card.c -- card identities and names in every spelling */
#include <string.h>

#include "card.h"
#include "check.h"

static int parses_to(const char *s, dh_card want) {
  dh_card c = DH_NO_CARD;
  const char *why = NULL;
  size_t n = dh_card_parse(s, strlen(s), &c, &why);
  return n == strlen(s) && c == want;
}

static const char *rejects(const char *s) {
  dh_card c;
  const char *why = NULL;
  return dh_card_parse(s, strlen(s), &c, &why) ? NULL : why;
}

static void test_layout(void) {
  /* position = suit * 16 + rank - 2, suits c d h s */
  CHECK_EQ(dh_card_make(2, DH_CLUBS), 0);
  CHECK_EQ(dh_card_make(14, DH_CLUBS), 12);
  CHECK_EQ(dh_card_make(10, DH_DIAMONDS), 16 + 8);
  CHECK_EQ(dh_card_make(14, DH_SPADES), 48 + 12);
  CHECK_EQ(dh_card_rank(dh_card_make(12, DH_HEARTS)), 12);
  CHECK_EQ(dh_card_suit(dh_card_make(12, DH_HEARTS)), DH_HEARTS);
  CHECK(dh_card_is_joker(DH_BIG_JOKER) && dh_card_is_joker(DH_LITTLE_JOKER));
  CHECK_EQ(dh_card_suit(DH_BIG_JOKER), DH_NOSUIT);
  CHECK_EQ(dh_card_rank(DH_LITTLE_JOKER), DH_RANK_JOKER);
  /* second copies: same rank and suit, another position */
  dh_card twin = dh_card_make_copy(9, DH_SPADES);
  CHECK_EQ(dh_card_rank(twin), 9);
  CHECK_EQ(dh_card_suit(twin), DH_SPADES);
  CHECK(dh_card_pos(twin) != dh_card_pos(dh_card_make(9, DH_SPADES)));
  CHECK_EQ(dh_card_at(dh_card_pos(twin), DH_LAYOUT_DOUBLE), twin);
  CHECK_EQ(dh_card_at(dh_card_pos(twin), DH_LAYOUT_STANDARD), dh_card_make(2, DH_SPADES));
  /* exactly 52 + 2 jokers + 24 second copies are valid values */
  int valid = 0, v;
  for (v = 0; v < 256; v++) valid += dh_card_valid((dh_card)v);
  CHECK_EQ(valid, 52 + 2 + 24);
  CHECK(!dh_card_valid(DH_NO_CARD));
}

/* every card in every spelling: rank {X, x, and 10 for ten} x suit {letter
** either case, symbol, outlined symbol}; then canonical and display names */
static void test_round_trip(void) {
  static const char *ranks_upper = "23456789TJQKA";
  static const char *letters = "cdhs";
  static const char *symbols[4] = { "\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5", "\xE2\x99\xA0" };
  static const char *outlined[4] = { "\xE2\x99\xA7", "\xE2\x99\xA2", "\xE2\x99\xA1", "\xE2\x99\xA4" };
  int rank, suit, bad = 0, checked = 0;
  for (suit = 0; suit < 4; suit++)
    for (rank = 2; rank <= 14; rank++) {
      dh_card want = dh_card_make(rank, suit);
      char rk[3][4], st[4][8], name[64], canon[DH_CARD_NAMELEN], disp[DH_CARD_NAMELEN], expect[16];
      int nr = 2, i, j;
      rk[0][0] = ranks_upper[rank - 2]; rk[0][1] = 0;
      rk[1][0] = (char)(ranks_upper[rank - 2] | 32); rk[1][1] = 0;
      if (rank == 10) { strcpy(rk[2], "10"); nr = 3; }
      st[0][0] = letters[suit]; st[0][1] = 0;
      st[1][0] = (char)(letters[suit] - 32); st[1][1] = 0;
      strcpy(st[2], symbols[suit]);
      strcpy(st[3], outlined[suit]);
      for (i = 0; i < nr; i++)
        for (j = 0; j < 4; j++) {
          snprintf(name, sizeof name, "%s%s", rk[i], st[j]);
          if (!parses_to(name, want)) { bad++; printf("     no round trip: %s\n", name); }
          checked++;
        }
      dh_card_name(want, canon);
      snprintf(expect, sizeof expect, "%c%c", ranks_upper[rank - 2], letters[suit]);
      if (strcmp(canon, expect) != 0) bad++;
      dh_card_display(want, disp);
      snprintf(expect, sizeof expect, "%c%s", ranks_upper[rank - 2], symbols[suit]);
      if (strcmp(disp, expect) != 0) bad++;
      if (!parses_to(canon, want) || !parses_to(disp, want)) bad++;
    }
  CHECK_EQ(checked, 52 * 8 + 4 * 4);
  CHECK_EQ(bad, 0);
}

static void test_named_examples(void) {
  dh_card td = dh_card_make(10, DH_DIAMONDS);
  char buf[DH_CARD_NAMELEN];
  CHECK(parses_to("Td", td));
  CHECK(parses_to("td", td));
  CHECK(parses_to("TD", td));
  CHECK(parses_to("10d", td));
  CHECK(parses_to("10\xE2\x99\xA6", td));  /* 10♦ */
  CHECK(parses_to("T\xE2\x99\xA6", td));   /* T♦ */
  CHECK(parses_to("As", dh_card_make(14, DH_SPADES)));
  CHECK(parses_to("A\xE2\x99\xA0", dh_card_make(14, DH_SPADES)));
  CHECK(parses_to("BJ", DH_BIG_JOKER));
  CHECK(parses_to("rj", DH_BIG_JOKER));
  CHECK(parses_to("LJ", DH_LITTLE_JOKER));
  CHECK(parses_to("sj", DH_LITTLE_JOKER));
  CHECK(parses_to("J\xE2\x98\x85", DH_BIG_JOKER));     /* J★, the display form */
  CHECK(parses_to("j\xE2\x98\x86", DH_LITTLE_JOKER));  /* J☆ */
  dh_card_name(DH_BIG_JOKER, buf);
  CHECK_STR(buf, "BJ");
  dh_card_name(DH_LITTLE_JOKER, buf);
  CHECK_STR(buf, "LJ");
  dh_card_display(td, buf);
  CHECK_STR(buf, "T\xE2\x99\xA6");
  /* a second copy has a name of its own, "#2" after its twin's, which
  ** reads back, in both forms */
  dh_card_name(dh_card_make_copy(13, DH_HEARTS), buf);
  CHECK_STR(buf, "Kh#2");
  dh_card_display(dh_card_make_copy(13, DH_HEARTS), buf);
  CHECK_STR(buf, "K\xE2\x99\xA5#2");
  {
    dh_card c = 0;
    const char *why = "";
    CHECK_EQ(dh_card_parse("Kh#2", 4, &c, &why), 4);
    CHECK_EQ(c, dh_card_make_copy(13, DH_HEARTS));
    CHECK_EQ(dh_card_parse("kH#1", 4, &c, &why), 4);
    CHECK_EQ(c, dh_card_make(13, DH_HEARTS));
    CHECK_EQ(dh_card_parse("9\xE2\x99\xA0#2", 6, &c, &why), 6);
    CHECK_EQ(c, dh_card_make_copy(9, DH_SPADES));
    CHECK_EQ(dh_card_parse("5h#2", 4, &c, &why), 0);
    CHECK_STR(why, "only ranks 9 to ace have a second copy");
    CHECK_EQ(dh_card_parse("Kh#3", 4, &c, &why), 0);
    CHECK_EQ(dh_card_parse("LJ#2", 4, &c, &why), 0);   /* jokers come once */
    CHECK_STR(why, "only ranks 9 to ace have a second copy");
    CHECK_EQ(dh_card_parse("BJ#1", 4, &c, &why), 4);
    CHECK_EQ(c, DH_BIG_JOKER);
  }
}

static void test_rejections(void) {
  const char *why;
  CHECK_STR((why = rejects("")) ? why : "", "empty card name");
  CHECK_STR((why = rejects("x1")) ? why : "", "unknown rank");
  CHECK_STR((why = rejects("1d")) ? why : "", "unknown rank");
  CHECK_STR((why = rejects("0d")) ? why : "", "unknown rank");
  CHECK_STR((why = rejects("T")) ? why : "", "missing suit");
  CHECK_STR((why = rejects("10")) ? why : "", "missing suit");
  CHECK_STR((why = rejects("Tx")) ? why : "", "unknown suit");
  CHECK_STR((why = rejects("Tdd")) ? why : "", "trailing characters");
  CHECK_STR((why = rejects("11d")) ? why : "", "unknown rank");
  CHECK_STR((why = rejects(" Td")) ? why : "", "unknown rank");
  CHECK_STR((why = rejects("Td ")) ? why : "", "trailing characters");
  CHECK(rejects("\xE2\x99\xA6T") != NULL);      /* suit first */
  CHECK(rejects("T\xE2\x99") != NULL);          /* cut symbol */
  CHECK(rejects("T\xE2\x99\xA8") != NULL);      /* U+2668 is not a suit */
  CHECK(rejects("BJJ") != NULL);
  CHECK(rejects("J") != NULL);
  /* bytes after a NUL are part of the input, not ignored */
  dh_card c;
  CHECK_EQ(dh_card_parse("Td\0x", 4, &c, &why), 0);
}

/* card lists: every failure sets its reason, even with a byte left over */
static void test_card_lists(void) {
  dh_card out[8], dup = DH_NO_CARD;
  const char *why = NULL;
  size_t where = 99;
  CHECK_EQ(dh_cards_parse("Q", 1, out, 8, &why, &where, &dup), -1);
  CHECK_STR(why ? why : "", "missing suit");
  CHECK_EQ(where, 0);
  why = NULL;
  CHECK_EQ(dh_cards_parse("As Kd 7", 7, out, 8, &why, &where, &dup), -1);
  CHECK_STR(why ? why : "", "missing suit");
  CHECK_EQ(where, 6);
  CHECK_EQ(dh_cards_parse("As Kd", 5, out, 8, &why, &where, &dup), 2);
  CHECK_EQ(out[1], dh_card_make(13, DH_DIAMONDS));
  CHECK_EQ(dh_cards_parse("AsAs", 4, out, 8, &why, &where, &dup), -1);
  CHECK_STR(why, "twice");
  CHECK_EQ(dup, dh_card_make(14, DH_SPADES));
}

int main(void) {
  check_init();
  test_card_lists();
  test_layout();
  test_round_trip();
  test_named_examples();
  test_rejections();
  return check_done();
}
