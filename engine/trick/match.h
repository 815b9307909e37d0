/*
** match.h -- one trick-taking match: the state machine that plays it by
** a dh_rules (rules.h).
**
** A match is played by a dh_rules (built once per variant, never changed
** while games use it) and lives in a dh_match, one flat struct: copying it
** clones the game, and nothing is allocated while it is played.
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
#include "rng.h"
#include "rules.h"
#include "trick.h"

/* phases */
enum { DH_PHASE_PASS, DH_PHASE_BID, DH_PHASE_PLAY, DH_PHASE_OVER,
       DH_PHASE_SCRIPT,    /* a phase script acts (rules->scripted): the ops below */
       DH_PHASE_EXCHANGE };/* after the bids, a blind Nil bidder and its partner
                              give each other cards (rules->blind_exchange) */

/* result codes of the actions; dh_error_name gives the Lua-side code */
enum {
  DH_OK = 0,
  DH_E_GAME_OVER, DH_E_WRONG_PHASE, DH_E_NOT_YOUR_TURN, DH_E_CARD_NOT_IN_HAND,
  DH_E_MUST_FOLLOW_SUIT, DH_E_SUIT_NOT_BROKEN, DH_E_MUST_TRUMP, DH_E_MUST_OVERTRUMP,
  DH_E_FIRST_TRICK, DH_E_MUST_LEAD, DH_E_ILLEGAL_CARD, DH_E_BAD_BID, DH_E_BAD_PASS,
  DH_E_RULE,   /* a callback failed: the binding holds the reason */
  DH_E_BAD_SEAT,  /* a seat number outside 0..nseats-1 */
  DH_E_BAD_OP,    /* a phase op that does not fit the match (its comment says when) */
  DH_E_MUST_BEAT, /* must_beat: a card of the led suit beating the trick was held */
  DH_E_CANNOT_EXCHANGE, /* trump_exchange: the seat may not exchange now */
  DH_E_ILLEGAL_MOVE,    /* a prefab phase's move that is not legal now (phase.h) */
  DH_E_NCODES
};
const char *dh_error_name(int code);

typedef struct dh_match {
  const dh_rules *rules;
  dh_rng rng;
  dh_deck talon;                     /* what the deal left: cards[top..n) */
  dh_cardset hand[DH_MAX_SEATS];
  dh_cardset taken[DH_MAX_SEATS];    /* cards won this hand */
  dh_cardset played_by[DH_MAX_SEATS];/* cards played this hand */
  dh_cardset passed[DH_MAX_SEATS];   /* cards passed this hand, by the passer */
  dh_cardset received[DH_MAX_SEATS];
  dh_cardset known[DH_MAX_SEATS];    /* cards everyone knows are in a hand */
  dh_cardset excluded[DH_MAX_SEATS]; /* cards everyone knows are not (what play showed) */
  dh_cardset played;                 /* every card played this hand */
  dh_trick trick, last;
  dh_card hist[64];                  /* the cards played this hand, in order (public) */
  int32_t score[DH_MAX_SEATS];       /* match totals per side */
  int32_t hand_points[DH_MAX_SEATS]; /* what the last scored hand gave each side */
  int32_t bags[DH_MAX_SEATS];        /* per side, for contract scoring */
  int8_t bid[DH_MAX_SEATS];
  uint8_t tricks[DH_MAX_SEATS];
  uint8_t last_tricks[DH_MAX_SEATS]; /* tricks of the last scored hand */
  uint8_t voids[DH_MAX_SEATS];       /* bit s: shown void in suit s (all of it excluded) */
  uint8_t phase, nseats, dealer, turn, leader, trump;
  uint8_t hand_size, trick_no, last_winner, upcard, pass_mask, winners;
  uint16_t hand_no;                  /* 0-based */
  uint8_t stacked;                   /* the hand being played was dealt by the caller */
  /* what phase scripts set, per hand (all public but discard and took) */
  uint8_t table;                     /* the card table in force: 0 base, k rules->tables[k-1] */
  uint8_t nplaying;                  /* seats that play to each trick */
  uint8_t out_mask;                  /* bit s: seat s sits this hand out */
  uint8_t declarer;                  /* the seat that made trump or won the auction (DH_MAX_SEATS: none) */
  uint8_t step;                      /* which of the variant's phases acts (1..) in DH_PHASE_SCRIPT */
  uint8_t next_seat[DH_MAX_SEATS];   /* the next seat that plays, to the left */
  int16_t vars[8];                   /* the script's own public state (0 at each deal) */
  dh_cardset discard[DH_MAX_SEATS];  /* set aside by each seat, seen by it alone */
  dh_cardset took[DH_MAX_SEATS];     /* taken from the talon into each hand by an op */
  uint8_t controller[DH_MAX_SEATS];  /* the seat that chooses each seat's cards (a dummy's: declarer) */
  uint8_t show_at_lead;              /* bit s: seat s's hand is shown to all once the first card is led */
  uint8_t team[DH_MAX_SEATS];        /* who plays with whom this hand: the rules' sides, or a
                                        script's (Skat's declarer against the other two) */
  uint8_t swapped, swap_seat;        /* trump_exchange: the turned card swap_seat took for the
                                        lowest trump (now m->upcard); DH_NO_CARD: none */
} dh_match;

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

/* the rules on a match (rule_*.c); each returns DH_OK, DH_E_RULE, or
** DH_E_BAD_SEAT for a seat outside 0..nseats-1 (then *out is 0): the
** cards seat may play now; the code refusing card c; the winner (index in
** t) of trick t; the points (and new bags) per side of the hand just
** played; whether the match is over with these totals, and who won; whether
** seat may bid bid */
int dh_hand_allowed(const dh_match *m, int seat, dh_cardset *out);
int dh_hand_why(const dh_match *m, int seat, dh_card c);
int dh_play_winner(const dh_match *m, const dh_trick *t, int *winner);
int dh_points_eval(const dh_match *m, int32_t *points, int32_t *bags);
int dh_win_eval(const dh_match *m, const int32_t *score, int *over, int *winners);
int dh_bid_allowed(const dh_match *m, int seat, int bid, int *ok);

/*
** What a card counts as in this match: its suit (DH_NOSUIT: none), its
** strength in tricks (0: never wins), and the cards that count as a suit
** (0..DH_NOSUIT).  Every rule reads them through these, so that a hand's
** mode (a trump that changes suits and orders) can choose the tables.
*/
static inline int dh_match_suit(const dh_match *m, dh_card c) {
  return m->table ? m->rules->tables[m->table - 1].suit_of[c & 63] : m->rules->suit_of[c & 63];
}
static inline int dh_match_strength(const dh_match *m, dh_card c) {
  return m->table ? m->rules->tables[m->table - 1].strength[c & 63] : m->rules->strength[c & 63];
}
static inline dh_cardset dh_match_suit_cards(const dh_match *m, int suit) {
  return m->table ? m->rules->tables[m->table - 1].suit_set[suit] : m->rules->suit_set[suit];
}

#endif
