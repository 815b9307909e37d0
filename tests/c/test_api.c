/* test_api.c -- the public API as a whole: the umbrella header, the
** version, and one engine per thread giving the same answers as one
** thread alone (no hidden shared state) */
#include <string.h>
#include <threads.h>

#include "check.h"
#include "deckhand.h"

#define THREADS 4
#define DEALS 3000

/* a digest of many seeded deals: shuffles, deals, trick winners and
** pattern matches, all on objects local to the call */
static int work(void *arg) {
  uint64_t *digest = (uint64_t *)arg, h = 0;
  dh_rng rng;
  dh_pattern pair;
  int errpos, i, k;
  const char *why;
  dh_rng_seed(&rng, *digest);
  if (!dh_pattern_compile(&pair, "1{2}", 4, &errpos, &why)) return 1;
  for (i = 0; i < DEALS; i++) {
    dh_deck d;
    dh_trick t;
    dh_cardset hands[4] = { 0 }, found;
    dh_deck_init(&d, DH_DECK_FRENCH52);
    dh_deck_shuffle(&d, &rng);
    dh_deck_deal(&d, 4, 3, NULL, 0, 13, hands);
    dh_trick_clear(&t);
    for (k = 0; k < 4; k++)
      dh_trick_add(&t, k, dh_card_at(dh_set_first(hands[k]), DH_LAYOUT_STANDARD));
    h = h * 31 + hands[0] + (uint64_t)dh_trick_winner(&t, DH_SPADES, &d.natural);
    h = h * 31 + (uint64_t)dh_pattern_match(&pair, hands[1], &found) + found;
  }
  *digest = h;
  return 0;
}

int main(void) {
  thrd_t th[THREADS];
  uint64_t serial[THREADS], parallel[THREADS];
  char buf[32];
  int i;
  check_init();

  /* versions: the macros, the string and the library agree */
  snprintf(buf, sizeof buf, "%d.%d.%d", DH_VERSION_MAJOR, DH_VERSION_MINOR, DH_VERSION_PATCH);
  CHECK_STR(DH_VERSION_STRING, buf);
  CHECK_STR(dh_version(), DH_VERSION_STRING);
  CHECK_EQ(dh_version_num(), DH_VERSION_NUM);
  CHECK_EQ(DH_VERSION_NUM, DH_VERSION_MAJOR * 10000 + DH_VERSION_MINOR * 100 + DH_VERSION_PATCH);

  for (i = 0; i < THREADS; i++) {
    serial[i] = parallel[i] = (uint64_t)i + 1;
    CHECK_EQ(work(&serial[i]), 0);
  }
  for (i = 0; i < THREADS; i++) CHECK_EQ(thrd_create(&th[i], work, &parallel[i]), thrd_success);
  for (i = 0; i < THREADS; i++) {
    int rc = -1;
    thrd_join(th[i], &rc);
    CHECK_EQ(rc, 0);
    CHECK(parallel[i] == serial[i]);
  }
  CHECK(serial[0] != serial[1]);
  return check_done();
}
