/*
** solve.h -- double-dummy solving: the value of a hand's play from any
** point to its end with every card visible and best play by everyone.
**
** The solver plays the variant's own rules (dh_match_legal and
** dh_match_play_legal on copies of the match, so prefab and callback
** rules alike), as a two-sided game: the side of the seat to move at the
** start maximizes, every other seat minimizes (in a game of more than two
** sides the others play together against it).  Sides are the hand's teams
** (m->team: the rules' sides, or a script's, Skat's declarer against the
** two defenders).  Alpha-beta search with a transposition table at the
** start of each trick (tricks objective), in memory the caller gives (the
** library allocates nothing).
**
** The common case -- tricks of a hand played by follow suit with an
** optional trump (and perhaps a suit not led until broken, Spades'),
** four seats or fewer -- goes to a faster search of its
** own (solve_fast.c: equivalent cards, relative-rank table keys, quick
** tricks, move ordering, zero-window probes), which gives the same values.
** Its table's entries hold for any position of the same trump, seats and sides
** whatever deal they came from, so they are kept between solves (the four
** leaders of a deal share them; a large table is not cleared each time);
** dh_solve_table_reset forgets them.
*/
#ifndef DH_SOLVE_H
#define DH_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "match.h"

#ifdef __cplusplus
extern "C" {
#endif

/* what is counted: the tricks the side takes from now to the end of the
** hand; the points the variant's points rule gives the side for the
** hand (minimized instead when the variant's low score wins); or the
** side's margin over the others, (sides - 1) times its points less the
** other sides' points summed (the difference from their mean, scaled to
** stay whole; two sides: its points less theirs), which counts what the
** others score too (Euchre's defenders, Spades' other contract) */
enum { DH_SOLVE_TRICKS, DH_SOLVE_POINTS, DH_SOLVE_MARGIN };

/* how the seats of the other sides play: their best (double dummy, the
** default), or each its greedy card (policy.h: a policy that reads only
** the seat's own hand and the trick, so the root side is searched against
** others who cannot see its cards; the generic search, slower) */
enum { DH_SOLVE_OTHERS_BEST, DH_SOLVE_OTHERS_GREEDY };

typedef struct dh_solve_opts {
  int objective;        /* DH_SOLVE_TRICKS (default), DH_SOLVE_POINTS or DH_SOLVE_MARGIN */
  long max_nodes;       /* a node budget (0: none); past it the answer is not exact */
  double seconds;       /* a time budget (0: none), the same: the clock is read every
                           1024 positions, so the search stops at most that many
                           positions past it (a host's time limit for a caller it
                           does not trust: a search without a budget may take hours) */
  void *table;          /* the transposition table's memory (NULL: none; slower) */
  size_t table_bytes;   /* its size: dh_solve_table_bytes(bits) for 2^bits entries */
  int generic;          /* 1: the generic search even where the fast one applies (tests) */
  int guess;            /* 1 + a likely value (0: none: the table's last value for the same
                           cards and trump with another leader, else an estimate): the fast
                           search asks first for one trick more, then steps towards the
                           value; a right guess saves probes (a wrong one costs a little) */
  int others;           /* DH_SOLVE_OTHERS_BEST (default) or DH_SOLVE_OTHERS_GREEDY */
} dh_solve_opts;
void dh_solve_defaults(dh_solve_opts *o);   /* tricks, no budgets, no table */
/* the bytes of a table of 2^bits entries (bits 4..26; others are clamped) */
size_t dh_solve_table_bytes(int bits);

typedef struct dh_solve_result {
  int32_t value;        /* for the side of the seat to move */
  long nodes;           /* positions searched */
  int exact;            /* 0 when a budget ran out first */
} dh_solve_result;

/* makes a table empty (bytes: its size): the fast search keeps its
** entries from solve to solve on the same table (each holds for every
** position it matches, whatever deal it came from), which a caller timing
** deals one by one may not want */
void dh_solve_table_reset(void *table, size_t bytes);

/* the value of m's position: DH_OK, DH_E_WRONG_PHASE when m is not in
** the play phase, DH_E_RULE when a callback rule failed.  m is not
** changed; the table's earlier entries, if any, are not used. */
int dh_solve(const dh_match *m, const dh_solve_opts *o, dh_solve_result *out);

/* the value after each legal card of the seat to move: the cards into
** cards[], their values into values[] (room for `room`); the count, or a
** negated error as dh_solve returns.  The cards share o's budgets: once
** one runs out, the values from there on are not exact.  stats (may be
** NULL) gets the positions searched and whether every value is exact; its
** value is the best of the values for the seat to move (the fewest points
** where the variant's low score wins), 0 when there is no card. */
int dh_solve_moves(const dh_match *m, const dh_solve_opts *o, dh_card *cards, int32_t *values,
                   int room, dh_solve_result *stats);

/* Contract Bridge's double-dummy table (solve_table.c): into
** tricks[strain][declarer] (strains clubs, diamonds, hearts, spades,
** notrump; declarers North, East, South, West: seats 0..3 of hands) the
** tricks declarer's side takes from the opening lead on its left, -1
** where o's node budget ran out (each problem has that budget) or its
** time budget did (the twenty share it).  The twenty problems share o's
** table.
** DH_OK, or DH_E_BAD_OP when hands are not four hands of 13 different
** cards. */
int dh_solve_bridge_table(const dh_cardset hands[4], const dh_solve_opts *o, int tricks[5][4]);
/* Bridge's card play as rules (solve_table.c): four seats, North-South
** against East-West, `size` cards a hand, trump `suit` (DH_NOSUIT: none),
** one hand; 1 when they check, 0 otherwise (dh_rules_error says why) */
int dh_bridge_rules(dh_rules *r, int size, int suit);

#ifdef __cplusplus
}
#endif

#endif
