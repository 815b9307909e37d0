/*
** deckhand.h -- the whole public C API of libdeckhand in one include.
**
**     #include <deckhand/deckhand.h>       cc ... $(pkg-config --cflags --libs deckhand)
**
** Conventions every header follows, stated once here:
**
** Ownership.  Every engine object (dh_rng, dh_deck, dh_trick, dh_order,
**   dh_pattern, ...) is a flat struct with no pointers inside.  The caller
**   owns it and puts it wherever it likes (stack, array, malloc); the
**   library never allocates, never frees, and never keeps a pointer it was
**   given once the call returns.  Copying the struct copies the object.
**   Strings the library returns (reasons, names) are static and read-only.
**
** Errors.  Nothing in the library prints, exits, aborts or raises.  A call
**   that can fail on its input says how in its header: it returns 0 or -1
**   (or DH_NO_CARD), leaves its output objects unchanged unless stated,
**   and where useful sets a `const char **why` to a short static reason.
**   Passing pointers that are NULL or objects never initialised (rules
**   that dh_rules_check did not accept among them) is a programming error
**   and is not checked: no build of the library tests for it.
**
** Threads.  The library has no mutable global state: its tables are
**   static const.  Any number of threads may use it at once as long as no
**   object is used by two threads at the same time without a lock.  Each
**   random stream is an explicit dh_rng; dh_rng_split gives one per thread.
**
** Layout.  The sources sit in one folder per layer, each built on core
**   alone (solve on trick too):
**     engine/core       cards, sets, decks, the generator, tricks, the clock
**     engine/trick      the trick-taking engine: rules and their builders,
**                       the position they read, the match, prefab phases,
**                       views, playouts, policies
**     engine/solve      double-dummy solving of a trick position (trick)
**     engine/poker      evaluation, Omaha hands, patterns, ranges, equity
**     engine/rummy      melds and Gin's playouts
**     engine/scopa      Scopa's captures
**     engine/blackjack  the shoe, the hand and basic-strategy play
**   The headers install flat, so every one is <deckhand/name.h>.
**
** Numbering.  Seats are 0-based in C (the Lua layer shows them 1-based);
**   suits are clubs 0, diamonds 1, hearts 2, spades 3 (card.h).
**
** Versions.  DH_VERSION_* are the headers' version, dh_version() the
**   library's (version.h).
*/
#ifndef DH_DECKHAND_H
#define DH_DECKHAND_H

#include "version.h"
#include "card.h"
#include "cardset.h"
#include "rng.h"
#include "clock.h"
#include "deck.h"
#include "trick.h"
#include "pattern.h"
#include "rules.h"
#include "position.h"
#include "match.h"
#include "view.h"
#include "playout.h"
#include "policy.h"
#include "prefab.h"
#include "phase.h"
#include "solve.h"
#include "poker.h"
#include "omaha.h"
#include "range.h"
#include "equity.h"
#include "meld.h"
#include "gin_playout.h"
#include "capture.h"
#include "blackjack.h"
#include "shoe.h"
#include "bjplay.h"

#endif
