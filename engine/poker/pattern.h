/*
** pattern.h -- the poker hand pattern language.
**
** A pattern describes a set of cards to look for inside a hand, one symbol
** per card: a pair is "1{2}", a straight "?>?>?>?>?".  Grammar (spaces between items are ignored):
**
**   pattern := item+                      at most 7 cards in all
**   item    := ['>'] element              no '>' before the first element
**   element := atom [ '{' count '}' ]     count 1..7: the atom, count times
**   atom    := symbol | '[' symbol [rank]
**   symbol  := '?'                        any card
**            | '0'..'9'                   a rank variable (any suit)
**            | 'a'..'z'                   a suit variable (any rank)
**   rank    := 'A' 'K' 'Q' 'J' 'T' '9'..'2'   (upper case only)
**
** Meaning.
**  - Every element stands for a different card of the hand.
**  - Equal digits are equal ranks, different digits different ranks;
**    equal letters are equal suits, different letters different suits (so
**    at most four letters).  '?', a digit and a letter constrain nothing
**    else: "1{2}?" is a pair and any third card.
**  - 'x>y': y's rank is directly below x's (patterns read high to low, as
**    in K Q J T 9).  In such a run an ace is high (A K Q) or low (3 2 A)
**    but a run never wraps (2 A K is not a run).
**  - '[' pins the rank of the symbol after it: to the ace, or to the rank
**    written right after the symbol.  "[a>a>a>a>a" is A K Q J T of one suit
**    (the royal flush), "[?K>?>?>?>?" a king-high straight, "[1{2}" a pair
**    of aces, "[?5" any five.  A rank character directly after a pinned
**    symbol always belongs to it ("[a9" is a nine); write "[a 9" for an ace
**    of suit a followed by rank variable 9.  A pinned ace in a run may play
**    low, like any ace: "?>[?" is 2 A (nothing is above an ace).
**  - 'x{n}' is x written n times and nothing more: "a>a{3}" is "a>aaa".
**  - A pattern never names a suit: it finds the same hands in every suit.
**
** Examples: pair 1{2}, two pair 1{2}2{2}, three 1{3}, four 1{4}, full house
** 1{3}2{2}, straight ?>?>?>?>?, flush a{5}, straight flush a>a>a>a>a,
** royal flush [a>a>a>a>a.
**
** A hand is any set of the 52 standard cards (jokers and other positions
** are ignored); the pattern matches when some subset of the hand fits it.
** Matching searches ranks from the top, so the cards returned are the
** highest fit in that order (the highest straight, the highest pair with
** the highest kickers for '?'), not necessarily the best poker hand.
**
** The compiled pattern is a flat struct: copy it freely, no allocation.
*/
#ifndef DH_PATTERN_H
#define DH_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_PATTERN_MAXCARDS 7
#define DH_PATTERN_FREE     0xFF   /* element with no rank component */
#define DH_PATTERN_NOSUIT   0xFF   /* element with no suit letter */

typedef struct dh_pattern {
  uint8_t n;          /* elements (cards) */
  uint8_t ncomp;      /* rank components: elements whose ranks are tied */
  uint8_t nletters;   /* distinct suit letters, 0..4 */
  uint8_t never;      /* constraints contradict (only while compiling) */
  /* per element, in matching order (most constrained first) */
  uint8_t comp[DH_PATTERN_MAXCARDS];    /* component, or DH_PATTERN_FREE */
  uint8_t off[DH_PATTERN_MAXCARDS];     /* ranks below the component's top */
  uint8_t letter[DH_PATTERN_MAXCARDS];  /* 0..3, or DH_PATTERN_NOSUIT */
  /* per component, searched in this order */
  uint16_t tops[DH_PATTERN_MAXCARDS];   /* allowed top values, bit v-1 (v 1..14, 1 = ace low) */
  uint8_t span[DH_PATTERN_MAXCARDS];    /* highest offset + 1 */
  uint8_t need[DH_PATTERN_MAXCARDS][DH_PATTERN_MAXCARDS];  /* cards at each offset */
  uint8_t digits[DH_PATTERN_MAXCARDS];  /* bit o: offset o holds a digit */
  /* per letter: how many elements carry it; the same counts largest first */
  uint8_t letter_need[4];
  uint8_t letter_sorted[4];
} dh_pattern;

/*
** Compiles src (len bytes).  Returns 1, or 0 with *errpos set to the
** 1-based byte position of the fault and *why to a short reason:
**   "empty pattern", "unknown character", "'>' at the start",
**   "'>' at the end", "'>' not followed by a symbol",
**   "'[' not followed by a symbol", "'{' without a symbol before it",
**   "unbalanced '{'", "unbalanced '}'", "repeat count missing",
**   "repeat count must be a number", "repeat count out of range (1-7)",
**   "more than 7 cards", "more than 4 suit letters",
**   "pattern can never match"
** The position is the offending character; for a construct left open at
** the end of the text, its opening character ('{', '>', '[').  A repeat
** that goes past 7 cards is reported at its '{'; a pattern that no hand
** can satisfy ("1>1", "[a>[a") at the first card that makes it so.
*/
int dh_pattern_compile(dh_pattern *p, const char *src, size_t len, int *errpos,
                       const char **why);

/*
** Does some subset of hand fit p?  Returns 1 and, when out is not NULL,
** stores the matched cards in *out; returns 0 (and *out = 0) otherwise.
*/
int dh_pattern_match(const dh_pattern *p, dh_cardset hand, dh_cardset *out);

/* the number of cards a match has */
static inline int dh_pattern_size(const dh_pattern *p) { return p->n; }

#ifdef __cplusplus
}
#endif

#endif
