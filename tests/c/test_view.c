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

/* what is wrong with a world sampled from a view: hand sizes, this seat's
** hand, shown voids, exclusions, known cards, cards from nowhere or twice */
static int faults(const dh_view *v, const dh_match *w) {
  int s, suit, bad = 0;
  dh_cardset all = w->played;
  for (s = 0; s < 4; s++) {
    dh_cardset h = w->hand[s];
    if (dh_set_count(h) != v->count[s]) bad++;
    if (all & h) bad++;
    all |= h;
    if (s == v->seat) {
      if (h != v->m.hand[s]) bad++;
      continue;
    }
    if (h & v->m.excluded[s]) bad++;
    if ((h & v->m.known[s]) != v->m.known[s]) bad++;
    if (h & ~(v->unseen | v->m.known[s])) bad++;
    for (suit = 0; suit < 4; suit++)
      if (((v->m.voids[s] >> suit) & 1) && dh_set_suit(h, suit)) bad++;
  }
  if (all != v->m.rules->deck_set) bad++;
  return bad;
}

/* deals a match's hidden hands again so that they are as tight as a view
** can make them, keeping the sizes: the cards other than 'seat's in suit
** order (so seats end up with one or two suits), each seat then shown void
** in every suit it lacks; mode 1: also shown not to hold half the other
** cards it lacks; mode 2: all seats but one shown to hold exactly their
** cards; mode 3: one card of each hidden hand known (as a pass shows it) */
static void tighten(dh_match *m, int seat, dh_rng *rng, int mode) {
  dh_cardset hidden = 0, deck = m->rules->deck_set;
  int s, k, first = (int)dh_rng_below(rng, 4), loose = -1;
  for (s = 0; s < 4; s++)
    if (s != seat) hidden |= m->hand[s];
  for (k = 0; k < 4; k++) {
    int n;
    s = (first + k) % 4;
    if (s == seat) continue;
    if (loose < 0) loose = s;
    n = dh_set_count(m->hand[s]);
    m->hand[s] = 0;
    while (n-- > 0) {
      dh_cardset low = hidden & (0 - hidden);
      m->hand[s] |= low;
      hidden &= ~low;
    }
  }
  for (s = 0; s < 4; s++) {
    int suit;
    dh_cardset it;
    if (s == seat) continue;
    m->known[s] = 0;
    m->excluded[s] = 0;
    m->voids[s] = 0;
    for (suit = 0; suit < 4; suit++)
      if (!dh_set_suit(m->hand[s], suit)) {
        m->voids[s] |= (uint8_t)(1 << suit);
        m->excluded[s] |= dh_suit_mask(suit) & deck;
      }
    for (it = deck & ~m->hand[s] & ~m->excluded[s]; it; it &= it - 1)
      if ((mode == 1 && dh_rng_below(rng, 2)) || (mode == 2 && s != loose))
        m->excluded[s] |= it & (0 - it);
    if (mode == 3 && m->hand[s]) {
      dh_cardset it2 = m->hand[s];
      int pick = (int)dh_rng_below(rng, (uint32_t)dh_set_count(it2));
      while (pick-- > 0) it2 &= it2 - 1;
      m->known[s] = it2 & (0 - it2);
    }
  }
}

/* tight views of many positions, each sampled many times: every sample
** is found and fits */
static void tight_views(const dh_rules *r) {
  dh_rng rng;
  int i, mode, views = 0, failed = 0, bad = 0, samples = 0;
  dh_rng_seed(&rng, 7);
  for (mode = 0; mode < 4; mode++)
    for (i = 0; i < 60; i++) {
      dh_match m, world;
      dh_view v;
      int steps = 4 + (int)dh_rng_below(&rng, 52), k, j;
      dh_match_init(&m, r, (uint64_t)(1000 + i), i % 4);
      for (k = 0; k < steps; k++) dh_playout_step(&m, &rng);
      if (m.phase != DH_PHASE_PLAY) continue;
      tighten(&m, m.turn, &rng, mode);
      dh_view_make(&m, m.turn, &v);
      views++;
      for (j = 0; j < 100; j++, samples++) {
        if (!dh_view_sample(&v, &rng, &world)) { failed++; continue; }
        bad += faults(&v, &world);
      }
    }
  CHECK(views > 150);
  CHECK(samples > 15000);
  CHECK_EQ(failed, 0);
  CHECK_EQ(bad, 0);
}

/* the reported case: five cards each left, one hidden seat void in three
** suits holds exactly the five unseen diamonds; and two seats each held
** to one suit */
static void forced_suits(const dh_rules *r) {
  dh_rng rng;
  dh_match m, world;
  dh_view v;
  int j, failed = 0, bad = 0, tries;
  dh_cardset deck = r->deck_set;
  dh_rng_seed(&rng, 11);
  /* a position with five cards each, seat 3 to play */
  for (tries = 0; tries < 10000; tries++) {
    dh_match_init(&m, r, (uint64_t)tries, 0);
    while (m.phase != DH_PHASE_OVER && !(m.phase == DH_PHASE_PLAY && m.trick.n == 0 &&
                                         dh_set_count(m.hand[3]) == 5))
      if (dh_playout_step(&m, &rng) != DH_OK || m.hand_no > 0) break;
    if (m.phase == DH_PHASE_PLAY && m.trick.n == 0 && dh_set_count(m.hand[3]) == 5) break;
  }
  CHECK(m.phase == DH_PHASE_PLAY && dh_set_count(m.hand[3]) == 5);
  {
    /* the 15 cards the others hold: seat 2 gets five of one suit */
    dh_cardset hidden = m.hand[0] | m.hand[1] | m.hand[2], one = 0;
    int suit, s;
    for (suit = 0; suit < 4 && !one; suit++)
      if (dh_set_count(dh_set_suit(hidden, suit)) >= 5) {
        dh_cardset it = dh_set_suit(hidden, suit);
        int n = 5;
        for (; n > 0; n--, it &= it - 1) one |= it & (0 - it);
      }
    if (!one) {  /* fewer than five of any suit: take them from the other hands */
      one = hidden;
      while (dh_set_count(one) > 5) one &= one - 1;
    }
    hidden &= ~one;
    m.hand[2] = one;
    for (s = 0; s < 3; s++) { m.excluded[s] = 0; m.voids[s] = 0; m.known[s] = 0; }
    /* the rest of that suit shown not to be there (as leads can show) */
    for (suit = 0; suit < 4; suit++)
      if (dh_set_suit(one, suit)) m.excluded[2] |= dh_set_suit(hidden, suit);
    m.hand[0] = 0;
    for (j = 0; j < 5; j++) { m.hand[0] |= hidden & (0 - hidden); hidden &= hidden - 1; }
    m.hand[1] = hidden;
    for (suit = 0; suit < 4; suit++)
      if (!dh_set_suit(m.hand[2], suit)) {
        m.voids[2] |= (uint8_t)(1 << suit);
        m.excluded[2] |= dh_suit_mask(suit) & deck;
      }
  }
  dh_view_make(&m, 3, &v);
  for (j = 0; j < 2000; j++) {
    if (!dh_view_sample(&v, &rng, &world)) { failed++; continue; }
    bad += faults(&v, &world);
    if (world.hand[2] != m.hand[2]) bad++;
  }
  CHECK_EQ(failed, 0);
  CHECK_EQ(bad, 0);
  /* and seat 1 held to what it has too, if that is one or two suits */
  {
    int suit;
    for (suit = 0; suit < 4; suit++)
      if (!dh_set_suit(m.hand[0], suit)) {
        m.voids[0] |= (uint8_t)(1 << suit);
        m.excluded[0] |= dh_suit_mask(suit) & deck;
      }
  }
  dh_view_make(&m, 3, &v);
  failed = bad = 0;
  for (j = 0; j < 2000; j++) {
    if (!dh_view_sample(&v, &rng, &world)) { failed++; continue; }
    bad += faults(&v, &world);
  }
  CHECK_EQ(failed, 0);
  CHECK_EQ(bad, 0);
}

/* a view with no constraints but hand sizes: every hidden card goes to
** each hidden seat about a third of the time */
static void spread(const dh_rules *r) {
  dh_rng rng;
  dh_match m, world;
  dh_view v;
  int hits[64][4], j, s, n = 4000, worst_lo = n, worst_hi = 0;
  dh_cardset it;
  dh_rng_seed(&rng, 5);
  dh_match_init(&m, r, 3, 0);
  while (m.phase != DH_PHASE_PLAY) dh_playout_step(&m, &rng);
  dh_view_make(&m, m.turn, &v);
  memset(hits, 0, sizeof hits);
  for (j = 0; j < n; j++) {
    if (!dh_view_sample(&v, &rng, &world)) continue;
    for (s = 0; s < 4; s++)
      for (it = world.hand[s] & v.unseen; it; it &= it - 1) hits[dh_set_first(it)][s]++;
  }
  for (it = v.unseen; it; it &= it - 1)
    for (s = 0; s < 4; s++) {
      int h = hits[dh_set_first(it)][s];
      if (s == v.seat) { CHECK_EQ(h, 0); continue; }
      if (h < worst_lo) worst_lo = h;
      if (h > worst_hi) worst_hi = h;
    }
  /* n / 3 = 1333; the spread of a binomial is about 30 */
  CHECK(worst_lo > 1150);
  CHECK(worst_hi < 1520);
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
  tight_views(&r);
  forced_suits(&r);
  spread(&r);
  return check_done();
}
