/* test_card.c -- card names in every spelling, and card identities */
#include <string.h>

#include "card.h"
#include "check.h"

int main(void) {
  check_init();
  dh_card c = 0;
  const char *why = NULL;
  CHECK_EQ(dh_card_parse("Td", 2, &c, &why), 2);
  CHECK_EQ(dh_card_rank(c), 10);
  CHECK_EQ(dh_card_suit(c), DH_DIAMONDS);
  return check_done();
}
