/*
** rules_fixture.h -- the rules of standard Spades for the C tests and the
** bench, which run without Lua: built with the rule builders by the
** embedding example (examples/embed/spades_rules.h), so that they test
** what the example shows.
*/
#ifndef DH_RULES_FIXTURE_H
#define DH_RULES_FIXTURE_H

#include "match.h"
#include "spades_rules.h"

static void fixture_spades(dh_rules *r, int target) {
  spades_rules(r, target);
}

#endif
