/*
** test_equity_enum.c -- Hold'em enumeration against a plain loop written
** here: every assignment of the players' combinations, every board, each
** hand valued by dh_poker_eval on its seven cards, the pot shared in
** DH_EQ_UNIT.  The questions are chosen to reach what the enumeration does
** to save work (equity_enum.c): suits no player can flush in dealt by rank
** with weights, assignments alike up to suits counted once (with board and
** dead cards that some renamings of suits keep in place, and that none
** do), flushes possible on the river, two to four players, a full board.
*/
#include <string.h>

#include "check.h"
#include "equity.h"
#include "equity_fixture.h"
#include "poker.h"

static dh_range ranges[DH_EQ_MAXPLAYERS];

typedef struct tally { uint64_t trials, wins[4], ties[4], units[4]; } tally;

/* every board completing `board` from the cards not in used */
static void loop_boards(int n, const dh_cardset *hole, dh_cardset board, dh_cardset used,
                        int from, tally *t) {
  int c;
  if (dh_set_count(board) == 5) {
    dh_hand_value v[4], best = 0;
    int p, k = 0;
    for (p = 0; p < n; p++) {
      v[p] = dh_poker_eval(hole[p] | board);
      if (v[p] > best) best = v[p];
    }
    for (p = 0; p < n; p++) k += v[p] == best;
    for (p = 0; p < n; p++)
      if (v[p] == best) {
        if (k == 1) t->wins[p]++; else t->ties[p]++;
        t->units[p] += DH_EQ_UNIT / (uint64_t)k;
      }
    t->trials++;
    return;
  }
  for (c = from; c < 64; c++)
    if ((DH_FRENCH52 >> c & 1) && !(used >> c & 1))
      loop_boards(n, hole, board | dh_set_of((dh_card)c), used | dh_set_of((dh_card)c), c + 1, t);
}

/* every assignment of players p.. */
static void loop_assign(int n, int p, dh_cardset *hole, dh_cardset board, dh_cardset used,
                        tally *t) {
  int i;
  if (p == n) { loop_boards(n, hole, board, used, 0, t); return; }
  for (i = 0; i < ranges[p].n; i++)
    if (!(ranges[p].combo[i] & used)) {
      hole[p] = ranges[p].combo[i];
      loop_assign(n, p + 1, hole, board, used | hole[p], t);
    }
}

/* dh_equity's exhaustive answer and the loop's, the same to the trial */
static void same(int n, const char *const *text, const char *board, const char *dead) {
  dh_equity_req q;
  dh_equity_result r;
  dh_cardset hole[4];
  tally t;
  const char *why;
  size_t where, wlen;
  int p;
  memset(&q, 0, sizeof q);
  memset(&t, 0, sizeof t);
  q.nplayers = n;
  q.board = cards(board);
  q.dead = cards(dead);
  q.force = 1;
  for (p = 0; p < n; p++) {
    CHECK(dh_range_parse(text[p], strlen(text[p]), DH_GAME_HOLDEM, &ranges[p], &why, &where, &wlen));
    dh_range_remove(&ranges[p], q.board | q.dead);
    q.player[p] = &ranges[p];
  }
  loop_assign(n, 0, hole, q.board, q.board | q.dead, &t);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK(r.exact);
  CHECK(t.trials > 0);
  CHECK_EQ(r.trials, t.trials);
  for (p = 0; p < n; p++) {
    CHECK_EQ(r.wins[p], t.wins[p]);
    CHECK_EQ(r.ties[p], t.ties[p]);
    CHECK_EQ(r.units[p], t.units[p]);
  }
}

int main(void) {
  static const char *const hu[] = { "AsKs", "QQ" };
  static const char *const three_pre[] = { "AsKs", "QsJs", "Th9h" };
  static const char *const three_flop[] = { "KK", "QQ", "JJ" };
  static const char *const four_flop[] = { "AhKh", "QQ+", "T9s, 98s", "22, 33" };
  static const char *const turn[] = { "AA, KK", "AKs", "QQ-TT" };
  static const char *const river[] = { "AhQh, KK", "JTs, 99" };
  static const char *const flushes[] = { "Ah5h, AsQs", "KhQh, 7c7d" };
  check_init();
  /* preflop: six combos against one hand, in two classes of suits */
  same(2, hu, "", "");
  /* preflop, three known hands, two of them sharing spades */
  same(3, three_pre, "", "");
  /* a flop whose clubs and diamonds may be swapped (2c 2d), dead cards
  ** in the other suits: assignments pair up */
  same(3, three_flop, "2c 2d 7h", "As Ah");
  /* the same with a dead club: clubs and diamonds may no longer be swapped */
  same(3, three_flop, "2c 2d 7h", "5c");
  /* preflop with dead cards: only the renamings keeping them */
  same(2, hu, "", "Qh 2c");
  /* a flop with three suits of different ranks: no renaming keeps it */
  same(4, four_flop, "Ks 9h 2h", "");
  /* a turn: the river alone */
  same(3, turn, "9s 8s 2d 3c", "Jd");
  /* a full board: one showdown per assignment */
  same(2, river, "2c 7d 9h Jc 3s", "");
  /* two hearts on the flop and hearts in both hands: flushes come on the
  ** turn or river */
  same(2, flushes, "2h 3h 9s", "");
  return check_done();
}
