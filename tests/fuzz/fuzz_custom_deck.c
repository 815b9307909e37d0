/* fuzz_custom_deck.c -- libFuzzer target for dh_deck_custom.
** Properties: no overread; a failure names a position inside the input
** and a reason; a success holds 1..64 valid, pairwise distinct cards. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dh_deck d;
  const char *why = NULL;
  size_t where = (size_t)-1;
  char *copy = malloc(size ? size : 1);
  memcpy(copy, data, size);
  if (!dh_deck_custom(&d, copy, size, &why, &where)) {
    if (why == NULL || (where > size)) abort();
  } else {
    dh_cardset seen = 0;
    int i;
    if (d.n < 1 || d.n > 64) abort();
    for (i = 0; i < d.n; i++) {
      if (!dh_card_valid(d.cards[i]) || dh_set_has(seen, d.cards[i])) abort();
      if (dh_card_at(dh_card_pos(d.cards[i]), d.layout) != d.cards[i]) abort();
      seen |= dh_set_of(d.cards[i]);
    }
  }
  free(copy);
  return 0;
}
