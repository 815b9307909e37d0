/*
** match.h -- one trick-taking match: the state machine that plays it by
** a dh_rules (rules.h).
**
** A match is played by a dh_rules (built once per variant, never changed
** while games use it) and lives in a dh_match, its position (position.h):
** one flat struct, so copying it clones the game, and nothing is
** allocated while it is played.  The rules (rule_*.c) answer on the
** position; they know nothing of the calls below.
**
** Per hand the phases are deal -> [pass] -> [bid] -> play -> score; the
** deal and the score are instantaneous, so a caller only ever sees PASS,
** BID, PLAY or OVER.  Seats are 0-based and go round to the left:
** (seat + 1) % n.  Scores are 32-bit and saturate at INT32_MIN and
** INT32_MAX rather than wrap.
**
** An engine call that reaches a callback rule may fail (DH_E_RULE); it
** then leaves the match exactly as it was.
*/
#ifndef DH_MATCH_H
#define DH_MATCH_H

#include <stdint.h>

#include "card.h"
#include "cardset.h"
#include "deck.h"
#include "position.h"
#include "rng.h"
#include "rules.h"
#include "trick.h"

#ifdef __cplusplus
extern "C" {
#endif

/* a match is its position (position.h): the calls below move it on */
typedef struct dh_position dh_match;

/* phases */
enum { DH_PHASE_PASS, DH_PHASE_BID, DH_PHASE_PLAY, DH_PHASE_OVER,
       DH_PHASE_SCRIPT,    /* a phase script acts (rules->scripted): the ops below */
       DH_PHASE_EXCHANGE };/* after the bids, a blind Nil bidder and its partner
                              give each other cards (rules->blind_exchange) */

/* starts a match with the first hand shuffled from seed */
void dh_match_init(dh_match *m, const dh_rules *r, uint64_t seed, int dealer);
/* starts a match with the first hand stacked: hands[seat], then the talon
** top first; later hands are shuffled from seed.  Under the dealer's trump
** card (DH_TRUMP_DEALER) the talon's first card is that card, one of the
** dealer's.  0 on a bad deal. */
int dh_match_init_deal(dh_match *m, const dh_rules *r, uint64_t seed, int dealer,
                       const dh_cardset *hands, const dh_card *talon, int ntalon);

/*
** The hand being played, as it was dealt.  The public history (the order
** of play, who won each trick) says who drew each card from the talon;
** the cards are read from the talon, so for a sampled world they are the
** draws its sampler chose.
*/
/* the seats that drew from the talon this hand, in order of the draws
** (room for 64); the count */
int dh_match_drawers(const dh_match *m, uint8_t *who);
/* the current hand's deal: each seat's hand before passes and draws, and
** the talon top first as dh_match_init_deal takes it (before a trump was
** turned under; the dealer's turned card first); the talon's length */
int dh_match_deal(const dh_match *m, dh_cardset *hands, dh_card *talon);
/* out = the match as it was when its current hand was dealt (scores,
** dealer, hand number, generator as now; the hand dealt by
** dh_match_deal).  m and out may be the same. */
void dh_match_rewind(const dh_match *m, dh_match *out);

/* the seat to act (the controller of the seat whose turn it is), or -1
** when the match is over */
int dh_match_next(const dh_match *m);
/* the legal cards of the seat to act (its hand when passing) */
int dh_match_legal(const dh_match *m, dh_cardset *out);
/* legal bids of the seat to act into out (room for 2 + max hand size); count or -1 */
int dh_match_legal_bids(const dh_match *m, int *out, int room);

/* the actions: DH_OK, or an error code with m unchanged.  seat is the
** seat to act (dh_match_next); a card it plays comes from the hand of the
** seat whose turn it is (m->turn: its own, or one it controls) */
int dh_match_play(dh_match *m, int seat, dh_card c);
int dh_match_bid(dh_match *m, int seat, int bid);
int dh_match_pass(dh_match *m, int seat, dh_cardset cards);
/* trump_exchange: seat, to play, gives the lowest trump of the deck for
** the turned card under the talon, once a hand, while another card lies
** above it (rules->trump_exchange 2: during the first trick only);
** DH_E_CANNOT_EXCHANGE when it may not */
int dh_match_exchange(dh_match *m, int seat);
/* may the seat to act exchange now?  1 or 0 */
int dh_match_can_exchange(const dh_match *m);

/* an action, as chosen by a playout or read from a record */
enum { DH_ACT_PLAY = 1, DH_ACT_BID, DH_ACT_PASS, DH_ACT_EXCHANGE,
       DH_ACT_PHASE };  /* a move of the rules' prefab phase (phase.h) */
typedef struct dh_action {
  uint8_t kind, seat;
  dh_card card;
  int bid;
  int move;             /* DH_ACT_PHASE: the prefab's move code */
  dh_cardset cards;
} dh_action;
/* applies a (action.c): the match's own move, or the prefab phase's */
int dh_match_apply(dh_match *m, const dh_action *a);

/*
** The phase ops: what a phase script (DH_PHASE_SCRIPT) does to the match.
** Each checks everything first and returns DH_OK, or an error code with
** the match unchanged: DH_E_WRONG_PHASE outside the script phase,
** DH_E_BAD_SEAT, DH_E_CARD_NOT_IN_HAND, or DH_E_BAD_OP as each says.
*/
/* the seat to act next (a seat sitting out may not) */
int dh_match_set_turn(dh_match *m, int seat);
/* the script's phase = step (1..255), seat (left of the dealer, -1) to act */
int dh_match_set_step(dh_match *m, int step, int seat);
/* var i (0..7) of the script's state = v */
int dh_match_set_var(dh_match *m, int i, int v);
/* trump = suit (DH_NOSUIT: none), with the card table the rules give it */
int dh_match_set_trump(dh_match *m, int suit);
/* the declarer (-1: none) */
int dh_match_set_declarer(dh_match *m, int seat);
/* seat takes the talon's top n cards into its hand; the shown top card
** (the upcard) becomes known to be in the hand, the others are seen by
** the taker alone.  DH_E_BAD_OP: fewer than n cards in the talon. */
int dh_match_take(dh_match *m, int seat, int n);
/* seat sets cards of its hand aside, face down.  Cards everyone knew it
** held are then known to be in its hand or its discard; no other seat's
** hand (DH_E_BAD_OP for an empty set). */
int dh_match_discard(dh_match *m, int seat, dh_cardset cards);
/* seat sits this hand out: its cards stay hidden and are not played.
** DH_E_BAD_OP when fewer than two seats would play. */
int dh_match_sit_out(dh_match *m, int seat);
/* seat's cards are chosen by seat by (by == seat: by itself again), for
** the rest of the hand: a dummy played by declarer.  DH_E_BAD_OP when by
** sits out. */
int dh_match_control(dh_match *m, int seat, int by);
/* the card table in force = k (0 the base one, k rules->tables[k - 1]),
** after set_trump chose the trump's: a mode whose cards count otherwise
** (Skat's grand: the jacks alone are trumps).  DH_E_BAD_OP: no table k. */
int dh_match_set_table(dh_match *m, int k);
/* seat plays for team (0..DH_MAX_SEATS-1) this hand: the seats of a
** team are partners in the tricks (greedy play, a view's partners, the
** makers' tricks); the score still goes to the rules' sides */
int dh_match_set_team(dh_match *m, int seat, int team);
/* seat's hand is shown to everyone: at once (after_lead 0), or once the
** first card of the hand is led (1: a dummy).  Shown cards are known to
** be in the hand (m->known) until played. */
int dh_match_expose(dh_match *m, int seat, int after_lead);
/* seat shows cards of its hand to everyone (Pinochle's melds): known to
** be in the hand until played.  DH_E_CARD_NOT_IN_HAND when one is not. */
int dh_match_show(dh_match *m, int seat, dh_cardset cards);
/* the tricks begin, led by leader (-1: the first seat playing left of
** the dealer, or the holder of the lead card when the rules say so).
** DH_E_BAD_OP: the playing seats' hands differ in size. */
int dh_match_start_play(dh_match *m, int leader);
/* the hand ends unplayed (every seat passed): it is scored as is (a
** points rule sees no declarer and no tricks) and the next one dealt.
** May return DH_E_RULE (a callback rule failed; the match unchanged). */
int dh_match_end_hand(dh_match *m);

/* plays a card known to be legal for the seat to act (playouts) */
int dh_match_play_legal(dh_match *m, dh_card c);

/* the seat that receives a pass from seat this hand (seat itself: none;
** -1 for a seat out of range): the rules' pass direction, or under
** blind_exchange the partner of a blind Nil bidder and that bidder */
int dh_match_pass_target(const dh_match *m, int seat);
/* the cards seat passes this hand: blind_exchange for a seat of a blind
** exchange, the rules' pass_count when it passes, else 0 */
int dh_match_pass_count(const dh_match *m, int seat);
/* is seat a blind Nil bidder who gives cards to its partner (blind_exchange
** on, a partner, and the partner did not bid blind Nil too)?  1 or 0 */
int dh_match_blind_giver(const dh_match *m, int seat);
/* the first other seat of seat's team this hand, or -1 */
int dh_match_partner(const dh_match *m, int seat);


/* what a card counts as in this match (position.h) */
static inline int dh_match_suit(const dh_match *m, dh_card c) { return dh_position_suit(m, c); }
static inline int dh_match_strength(const dh_match *m, dh_card c) { return dh_position_strength(m, c); }
static inline dh_cardset dh_match_suit_cards(const dh_match *m, int suit) {
  return dh_position_suit_cards(m, suit);
}

#ifdef __cplusplus
}
#endif

#endif
