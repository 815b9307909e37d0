/*
** equity_fixture.h -- what the equity tests share: cards("AsKd Qh") is the
** set of the cards named, written together or apart, by the engine's own
** card-list parser (a list that does not parse gives the empty set, which
** the checks then catch).
*/
#ifndef DH_EQUITY_FIXTURE_H
#define DH_EQUITY_FIXTURE_H

#include <string.h>

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

#endif
