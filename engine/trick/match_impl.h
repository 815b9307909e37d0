/*
** match_impl.h -- what match.c shares with the other files of the match
** (match_exchange.c).  Private to engine/trick.
*/
#ifndef DH_MATCH_IMPL_H
#define DH_MATCH_IMPL_H

#include "match.h"

#if defined(__GNUC__)
#define DH_MATCH_HIDDEN __attribute__((visibility("hidden")))
#else
#define DH_MATCH_HIDDEN
#endif

/* DH_OK when seat may act now in phase, else the code saying why not */
DH_MATCH_HIDDEN int dh_match_check_turn(const dh_match *m, int seat, int phase);

#endif
