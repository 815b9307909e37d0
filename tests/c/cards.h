/*
** cards.h -- shorthands for tests: C("Td") is a card, S("2c 3c Td") a set.
** A name that does not parse gives DH_NO_CARD (and an empty contribution
** to a set), which the checks then catch.
*/
#ifndef DH_TEST_CARDS_H
#define DH_TEST_CARDS_H

#include <string.h>

#include "card.h"
#include "cardset.h"

static dh_card C(const char *name) {
  dh_card c = DH_NO_CARD;
  const char *why;
  dh_card_parse(name, strlen(name), &c, &why);
  return c;
}

static dh_cardset S(const char *names) {
  dh_cardset s = 0;
  char buf[8];
  while (*names) {
    int n = 0;
    while (*names == ' ') names++;
    while (*names && *names != ' ' && n < 7) buf[n++] = *names++;
    buf[n] = 0;
    if (n && C(buf) != DH_NO_CARD) s |= dh_set_of(C(buf));
  }
  return s;
}

#endif
