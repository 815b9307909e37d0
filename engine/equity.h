/*
** equity.h -- showdown equity for Texas Hold'em and Omaha.
**
** Each of 2..10 players holds either known hole cards or a range (a list
** of possible hole-card combinations, or for Omaha a union of patterns,
** range.c).  Given a board of 0, 3, 4
** or 5 cards and some dead cards, dh_equity deals the rest of the board
** every possible way (exhaustive) or at random (Monte Carlo), evaluates
** every player's hand with the evaluator (poker.h) and tallies who wins.
**
** A "trial" is one assignment of a combination to every player together
** with one complete board.  Exhaustive enumeration visits every trial in
** which no card is used twice, each once; Monte Carlo draws trials from
** that same set uniformly (ranges by rejection; Omaha patterns as in
** equity.c's monte_carlo_items), so both estimate the same number.  Omaha hands are four hole cards of which exactly two are used,
** with exactly three of the board.
**
** No I/O and no global state: the only randomness is a dh_rng seeded from
** the request, and the only outside reads are the monotonic clock (for the
** time budget) and the caller's progress callback.
*/
#ifndef DH_EQUITY_H
#define DH_EQUITY_H

#include <stddef.h>
#include <stdint.h>

#include "cardset.h"

#define DH_EQ_MAXPLAYERS 10
#define DH_RANGE_MAX     1326   /* every two-card combination */

enum { DH_GAME_HOLDEM, DH_GAME_OMAHA };

/*
** An Omaha item that stands for many four-card hands: the hands that hold
** every card of `known`, at least need[i] more cards of rank rank[i]
** (besides the known cards) for each of the nrank ranks, and whose suits
** are spread as `suits` asks.  The rest are wildcards.
*/
enum { DH_SUITS_ANY, DH_SUITS_DOUBLE, DH_SUITS_SINGLE };   /* -, ds (2+2), ss (2+1+1) */

typedef struct dh_range_item {
  dh_cardset known;
  unsigned char nrank, rank[4], need[4];
  unsigned char suits;
} dh_range_item;

#define DH_RANGE_ITEMS 64

/*
** A range is one of two things.  A list: n combinations, each a card set of
** 2 (Hold'em) or 4 (Omaha) cards, without repeats (nitems is 0).  Or, for
** Omaha ranges written with wildcards or rank patterns, a union of nitems
** items (n is 0): the hands matching at least one item.  A list never holds
** more than DH_RANGE_MAX hands, an item list up to every four-card hand
** (270,725) without storing them.
*/
typedef struct dh_range {
  int n, nitems;
  dh_range_item item[DH_RANGE_ITEMS];
  dh_cardset combo[DH_RANGE_MAX];
} dh_range;

/*
** Range notation, items separated by commas or spaces, explicit cards
** written together (AcQc, not Ac Qc); rank and suit letters in either case:
**   AcQc          explicit hole cards (2 for Hold'em, 4 for Omaha: AsKsQdJd)
**   QQ  AKs  AKo  AK      a pair (6 combos), suited (4), offsuit (12), both (16)
**   QQ+           QQ, KK, AA              (pairs from QQ up)
**   A5s+  KTo+  QT+       kicker up to one below the first rank (A5s..AKs)
**   QQ-88         pairs from QQ down to 88
**   A9s-A6s       first rank fixed, kicker from 9 down to 6
**   76s-54s       both ranks step down together: 76s, 65s, 54s (the gap kept)
**   *  or  random every combination (Hold'em 1326, Omaha 270,725)
** Ranks: 2-9, T (or 10), J, Q, K, A.  Hold'em items above are Hold'em only.
** Omaha items are four symbols, each a card (As), a rank (A: a card of that
** rank) or a wildcard (x or *: any card), optionally followed by ds
** (double-suited: two suits, two cards each) or ss (single-suited: suits
** 2+1+1).  A hand matches when its four cards can be given one to each
** symbol: AsAhxx holds As and Ah, AAxx at least two aces, AKxxds an ace
** and a king and two suits twice.  An Omaha range whose items are all four
** explicit cards is a list; any other is a union of items (dh_range).
** Returns 1, or 0 with *why (a reason), *where and *wlen set: the offending
** item's byte offset, and its length up to the character found wrong
** ("QX+" gives "QX").  Repeated combinations count once.
*/
int dh_range_parse(const char *s, size_t len, int game, dh_range *r,
                   const char **why, size_t *where, size_t *wlen);
/* drops the combinations that hold a card of dead; returns how many remain
** (for a union of items: drops the items whose known cards are dead, and
** counts the hands left) */
int dh_range_remove(dh_range *r, dh_cardset dead);
/* 1 when hand (2 or 4 cards) is one of the range's combinations */
int dh_range_has(const dh_range *r, dh_cardset hand);
int dh_range_item_has(const dh_range_item *it, dh_cardset hand);
/* how many of the range's hands hold no card of dead */
uint64_t dh_range_count(const dh_range *r, dh_cardset dead);
/*
** Every four-card hand of the cards in `from`, in a fixed order: each call
** of dh_quads_next returns the next, or 0 when there are no more.  For
** walking a union of items (with dh_range_has) without a list.
*/
typedef struct dh_quads { dh_cardset c[52]; int n, i[4]; } dh_quads;
void dh_quads_start(dh_quads *q, dh_cardset from);
dh_cardset dh_quads_next(dh_quads *q);

/*
** Cards written one after another ("2c7d", "2c 7d Th", "2c,7d"): up to max
** of them into out.  Returns how many, or -1 with *why and *where set (a bad
** name, too many); a card given twice is reported with *why "twice" and
** *dup set to it.
*/
int dh_cards_parse(const char *s, size_t len, dh_card *out, int max, const char **why,
                   size_t *where, dh_card *dup);

/* called every `every` trials with the trials done and the total planned;
** a nonzero return stops the run */
typedef int (*dh_equity_progress)(void *ud, uint64_t done, uint64_t total);

typedef struct dh_equity_req {
  int game;                                /* DH_GAME_HOLDEM or DH_GAME_OMAHA */
  int nplayers;                            /* 2..DH_EQ_MAXPLAYERS */
  const dh_range *player[DH_EQ_MAXPLAYERS];
  dh_cardset board, dead;                  /* board: 0, 3, 4 or 5 cards */
  uint64_t max_exact;   /* enumerate when the trials are at most this (0: DH_EQ_MAX_EXACT) */
  int force;            /* 0: choose; 1: always enumerate; 2: always Monte Carlo */
  uint64_t samples;     /* Monte Carlo trials (0: DH_EQ_SAMPLES) */
  uint64_t seed;
  double seconds;       /* time budget, 0 for none */
  dh_equity_progress progress;             /* may be NULL */
  void *ud;
  uint64_t every;       /* progress interval in trials (0: 65536) */
} dh_equity_req;

#define DH_EQ_MAX_EXACT UINT64_C(20000000)
#define DH_EQ_SAMPLES   UINT64_C(1000000)

/* why a run ended early */
enum { DH_EQ_DONE, DH_EQ_STOPPED, DH_EQ_TIMEOUT };

/* the units of an equity share: ties among k players give each 2520 / k
** (2520 is divisible by every k up to 10), so sums stay exact integers */
#define DH_EQ_UNIT 2520

typedef struct dh_equity_result {
  int exact;            /* 1 when every trial was visited */
  int sampled;          /* 1 for Monte Carlo; an enumeration stopped early
                        ** has neither flag: its trials come in enumeration
                        ** order, no sample, so no error estimate */
  int ended;            /* DH_EQ_DONE, DH_EQ_STOPPED or DH_EQ_TIMEOUT */
  uint64_t trials;      /* trials done */
  uint64_t total;       /* trials planned (exhaustive: all of them) */
  uint64_t wins[DH_EQ_MAXPLAYERS];   /* trials won alone */
  uint64_t ties[DH_EQ_MAXPLAYERS];   /* trials shared with others */
  uint64_t units[DH_EQ_MAXPLAYERS];  /* equity in DH_EQ_UNIT per trial */
  double win[DH_EQ_MAXPLAYERS], tie[DH_EQ_MAXPLAYERS], equity[DH_EQ_MAXPLAYERS];
  double stderr_eq[DH_EQ_MAXPLAYERS];   /* standard error of equity (Monte Carlo only) */
  double ci95[DH_EQ_MAXPLAYERS];        /* half width of the 95% interval */
  /* on error: the card used twice, or the player whose range is empty */
  dh_card bad_card;
  int bad_player;
} dh_equity_result;

/* errors (dh_equity returns 0 on success) */
enum {
  DH_EQ_EPLAYERS = -1,   /* nplayers out of range, or an unknown game */
  DH_EQ_EBOARD = -2,     /* board not 0, 3, 4 or 5 cards, or not standard cards */
  DH_EQ_ETWICE = -3,     /* a card twice among fixed hands, board, dead (bad_card) */
  DH_EQ_EEMPTY = -4,     /* a range empty once board and dead are removed (bad_player) */
  DH_EQ_ENODEAL = -5,    /* no way to give every player a hand at once (with Omaha
                         ** patterns: found by a bounded search, or by the
                         ** first 2^20 Monte Carlo assignments all clashing) */
  DH_EQ_EHAND = -6       /* a combination of the wrong size (bad_player) */
};

int dh_equity(const dh_equity_req *req, dh_equity_result *res);
/* the number of trials an exhaustive run would visit (an upper bound when
** ranges overlap), saturating at UINT64_MAX */
uint64_t dh_equity_trials(const dh_equity_req *req);

#endif
