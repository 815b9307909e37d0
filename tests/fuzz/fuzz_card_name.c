/* fuzz_card_name.c -- libFuzzer target for dh_card_parse.
** Properties: never reads past len; a parsed card is valid, and its
** canonical name parses back to the same card. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dh_card c = DH_NO_CARD, back = DH_NO_CARD;
  const char *why = NULL;
  char name[DH_CARD_NAMELEN], shown[DH_CARD_NAMELEN];
  char *copy = malloc(size ? size : 1);  /* exact-size buffer: ASan sees overreads */
  size_t n;
  memcpy(copy, data, size);
  n = dh_card_parse(copy, size, &c, &why);
  if (n == 0) {
    if (why == NULL) abort();  /* a rejection always has a reason */
  } else {
    if (n != size || !dh_card_valid(c)) abort();
    dh_card_name(c, name);
    if (!dh_card_parse(name, strlen(name), &back, &why) || back != c) abort();
    dh_card_display(c, shown);
    if (!dh_card_parse(shown, strlen(shown), &back, &why) || back != c) abort();
  }
  free(copy);
  return 0;
}
