/*
** equity_fixture.h -- what the equity tests share: cards("AsKd Qh") is the
** set of the cards named, written together or apart, by the engine's own
** card-list parser (a list that does not parse gives the empty set, which
** the checks then catch); equity_request(...) a request whose players
** hold range texts, each parsed (and checked) into the fixture's ranges.
*/
#ifndef DH_EQUITY_FIXTURE_H
#define DH_EQUITY_FIXTURE_H

#include <string.h>

#include "check.h"
#include "equity.h"

static dh_cardset cards(const char *s) {
  dh_card c[16];
  const char *why;
  size_t where;
  dh_card dup;
  dh_cardset set = 0;
  int i, n = dh_cards_parse(s, strlen(s), c, 16, &why, &where, &dup);
  for (i = 0; i < n; i++) set |= dh_set_of(c[i]);
  return set;
}

/* the ranges of equity_request's players */
static dh_range fixture_ranges[DH_EQ_MAXPLAYERS];

/* a request of game for n players, player p holding the range text[p], on
** board, force as dh_equity_req has it; every other field its default */
static inline dh_equity_req equity_request(int game, int n, const char *const *text, const char *board,
                                           int force) {
  dh_equity_req q;
  const char *why;
  size_t where, wlen;
  int p;
  memset(&q, 0, sizeof q);
  q.game = game;
  q.nplayers = n;
  q.board = cards(board);
  q.force = force;
  for (p = 0; p < n; p++) {
    CHECK(dh_range_parse(text[p], strlen(text[p]), game, &fixture_ranges[p], &why, &where, &wlen));
    q.player[p] = &fixture_ranges[p];
  }
  return q;
}

#endif
