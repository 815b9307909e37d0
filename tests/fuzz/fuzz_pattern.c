/* fuzz_pattern.c -- libFuzzer target for dh_pattern_compile and
** dh_pattern_match.  Properties: never reads past len; a rejection has a
** reason and a position inside the text (or just after it); a compiled
** pattern matches the whole deck (that is what compiling checks), and a
** match is a subset of the hand, as many cards as the pattern, and is
** itself matched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cardset.h"
#include "pattern.h"
#include "rng.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dh_pattern p;
  int pos = -1, i;
  const char *why = NULL;
  char *copy = malloc(size ? size : 1);  /* exact-size buffer: ASan sees overreads */
  memcpy(copy, data, size);
  if (!dh_pattern_compile(&p, copy, size, &pos, &why)) {
    if (why == NULL || pos < 1 || (size_t)pos > size + 1) abort();
  } else {
    dh_rng r;
    dh_cardset out;
    uint64_t seed = 0;
    if (!dh_pattern_match(&p, DH_FRENCH52, &out) || dh_set_count(out) != dh_pattern_size(&p)) abort();
    for (i = 0; (size_t)i < size; i++) seed = seed * 131 + data[i];
    dh_rng_seed(&r, seed);
    for (i = 0; i < 64; i++) {
      dh_cardset hand = dh_rng_next(&r) & dh_rng_next(&r) & DH_FRENCH52, again;
      if (dh_pattern_match(&p, hand, &out)) {
        if ((out & ~hand) || dh_set_count(out) != dh_pattern_size(&p)) abort();
        if (!dh_pattern_match(&p, out, &again) || again != out) abort();
      } else if (out != 0) {
        abort();
      }
    }
  }
  free(copy);
  return 0;
}
