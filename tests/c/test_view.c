/* test_view.c -- views hide what a seat may not know; samples fit the view */
#include <string.h>

#include "check.h"
#include "match.h"
#include "playout.h"
#include "rules_fixture.h"
#include "view.h"

/* the parts of a view that must not depend on hidden cards */
static int same_view(const dh_view *a, const dh_view *b) {
  int s, ok = a->unseen == b->unseen && a->m.played == b->m.played && a->m.phase == b->m.phase &&
              a->m.turn == b->m.turn && a->m.trick_no == b->m.trick_no;
  for (s = 0; s < 4; s++)
    ok = ok && a->m.hand[s] == b->m.hand[s] && a->count[s] == b->count[s] &&
         a->m.voids[s] == b->m.voids[s] && a->m.bid[s] == b->m.bid[s];
  ok = ok && memcmp(&a->m.rng, &b->m.rng, sizeof a->m.rng) == 0;
  ok = ok && memcmp(a->m.talon.cards, b->m.talon.cards, sizeof a->m.talon.cards) == 0;
  return ok;
}

int main(void) {
  dh_rules r;
  dh_rng rng;
  int i, leaks = 0, bad_samples = 0, checked = 0;
  check_init();
  fixture_spades(&r, 500);
  dh_rng_seed(&rng, 99);
  for (i = 0; i < 500; i++) {
    dh_match m, world;
    dh_view v, w;
    int steps = (int)dh_rng_below(&rng, 56), k, s;
    dh_match_init(&m, &r, (uint64_t)i, i % 4);
    for (k = 0; k < steps; k++) dh_playout_step(&m, &rng);
    if (m.phase != DH_PHASE_PLAY) continue;
    dh_view_make(&m, m.turn, &v);
    if (!dh_view_sample(&v, &rng, &world)) { bad_samples++; continue; }
    /* the sampled world differs from the game only in hidden cards */
    dh_view_make(&world, m.turn, &w);
    if (!same_view(&v, &w)) leaks++;
    for (s = 0; s < 4; s++) {
      int suit;
      if (dh_set_count(world.hand[s]) != dh_set_count(m.hand[s])) bad_samples++;
      for (suit = 0; suit < 4; suit++)
        if (((m.voids[s] >> suit) & 1) && dh_set_suit(world.hand[s], suit)) bad_samples++;
    }
    if (world.hand[m.turn] != m.hand[m.turn]) bad_samples++;
    /* the world plays on to the end of the hand */
    if (dh_playout_hand(&world, &rng) != DH_OK) bad_samples++;
    checked++;
  }
  CHECK(checked > 300);
  CHECK_EQ(leaks, 0);
  CHECK_EQ(bad_samples, 0);
  return check_done();
}
