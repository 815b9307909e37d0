/*
** match.h -- one trick-taking match: the rules it is played by and the
** state machine that runs it.
**
** A match is played by a dh_rules (built once per variant, never changed
** while games use it) and lives in a dh_match, one flat struct: copying it
** clones the game, and nothing is allocated while it is played.
**
** Per hand the phases are deal -> [pass] -> [bid] -> play -> score; the
** deal and the score are instantaneous, so a caller only ever sees PASS,
** BID, PLAY or OVER.  Seats are 0-based and go round to the left:
** (seat + 1) % n.
**
** The rules a variant may change are expression trees of small nodes
** (rule_*.c): a prefab op with its parameters, and/or/not nodes over
** children, or a callback -- a C function pointer plus a void * that the
** Lua binding points at a trampoline calling a Lua function.  An engine
** call that reaches a callback may fail (DH_E_RULE); it then leaves the
** match exactly as it was.
*/
#ifndef DH_MATCH_H
#define DH_MATCH_H

#include <stdint.h>

#include "card.h"
#include "cardset.h"
#include "deck.h"
#include "rng.h"
#include "trick.h"

#define DH_MAX_NODES  64
#define DH_MAX_SIZES  64   /* hand sizes listed per hand */
#define DH_MAX_CALLS  32   /* callback rules per variant */
#define DH_MAX_PASSES 8    /* pass directions in a cycle */

/* phases */
enum { DH_PHASE_PASS, DH_PHASE_BID, DH_PHASE_PLAY, DH_PHASE_OVER };

/* result codes of the actions; dh_error_name gives the Lua-side code */
enum {
  DH_OK = 0,
  DH_E_GAME_OVER, DH_E_WRONG_PHASE, DH_E_NOT_YOUR_TURN, DH_E_CARD_NOT_IN_HAND,
  DH_E_MUST_FOLLOW_SUIT, DH_E_SUIT_NOT_BROKEN, DH_E_MUST_TRUMP, DH_E_MUST_OVERTRUMP,
  DH_E_FIRST_TRICK, DH_E_MUST_LEAD, DH_E_ILLEGAL_CARD, DH_E_BAD_BID, DH_E_BAD_PASS,
  DH_E_RULE,   /* a callback failed: the binding holds the reason */
  DH_E_NCODES
};
const char *dh_error_name(int code);

/* bids: 0 is Nil; blind Nil has its own code; DH_NO_BID before bidding */
#define DH_BID_BLIND_NIL (-1)
#define DH_NO_BID        (-128)

/* the five rule kinds */
enum { DH_RULE_HAND, DH_RULE_PLAY, DH_RULE_POINTS, DH_RULE_WIN, DH_RULE_BID, DH_RULE_NKINDS };
const char *dh_rule_kind_name(int kind);

/* node ops.  Hand rules are predicates "may seat play card now?"
** evaluated for a whole hand at once; play rules return the winning index
** of a trick or "no decision"; points rules the points of a hand; win
** rules whether the match is over and who won; bid rules whether a bid is
** allowed. */
enum {
  /* combinators, valid in every kind */
  DH_OP_AND, DH_OP_OR, DH_OP_NOT, DH_OP_CALL,
  /* hand */
  DH_OP_FREE_PLAY,      /* any card */
  DH_OP_FREE_START,     /* any card when leading, none otherwise */
  DH_OP_FOLLOW_SUIT,    /* a card of the led suit when holding one */
  DH_OP_MUST_TRUMP,     /* void in the led suit and holding trump: trump */
  DH_OP_MUST_OVERTRUMP, /* ... and a trump that beats the trick's best trump if held */
  DH_OP_BREAK_SUIT,     /* set: suit cards not led until one of set (suit + breakers) was
                           played, unless the leader holds nothing else */
  DH_OP_FIRST_TRICK,    /* set: not played on the first trick unless nothing else is held */
  DH_OP_LEAD_CARD,      /* p[0]: the first lead of a hand is this card when held */
  /* play */
  DH_OP_HIGHEST_OF_LED, /* the strongest card of the led suit */
  DH_OP_TRUMP_WINS,     /* the strongest trump, when one was played */
  DH_OP_HIGHEST_OF,     /* set: the strongest card of the set, when one was played */
  /* points */
  DH_OP_CARD_POINTS,    /* values[]: per card won; p[0] moon mode, p[1] last-trick bonus */
  DH_OP_TRICKS,         /* p[0] per trick */
  DH_OP_CONTRACT,       /* Spades-style partnership contract, see rule_points.c */
  DH_OP_EXACT_BID,      /* Oh Hell: p[0] base + p[1] per bid trick when exact, else p[2] per trick missed */
  DH_OP_SUM,            /* a + b (children) */
  /* win */
  DH_OP_FIRST_TO,       /* p[0] target: over when some side reaches it; highest wins, a tie plays on */
  DH_OP_LOWEST_AT,      /* p[0]: over when some side reaches it; lowest wins */
  DH_OP_AFTER_HANDS,    /* p[0] hands (0: the length of the sizes list); highest wins */
  DH_OP_FLOOR,          /* p[0]: a side at or below it loses */
  /* bid */
  DH_OP_BID_RANGE,      /* p[0] min, p[1] max (-1: hand size); 0 (Nil) always allowed if p[2] */
  DH_OP_BLIND_NIL,      /* allows DH_BID_BLIND_NIL */
  DH_OP_HOOK,           /* the last bidder may not make the bids total the hand size */
  DH_OP_NCODES
};

/* moon modes of DH_OP_CARD_POINTS */
enum { DH_MOON_NONE, DH_MOON_OTHERS, DH_MOON_SELF };

typedef struct dh_node {
  uint8_t op, a, b;        /* children by index */
  uint8_t kind;
  int32_t p[8];
  dh_cardset set;
  int8_t values[64];       /* card points by set position */
} dh_node;

struct dh_match;

/*
** A callback rule.  It answers for node `ref` of kind `kind`:
**   hand:   a = seat, b = card;       *out = 1 allowed, 0 not
**   play:   (trick in m->trick);      *out = winning index or -1
**   bid:    a = seat, b = bid;        *out = 1 allowed, 0 not
**   points: a = number of sides;      out[0..a) = points of the hand
**           (m->bags may be read; out[DH_MAX_SEATS..] new bags)
**   win:    a = number of sides, out[2..2+a) the totals;
**                                      out[0] = 1 over, out[1] winners mask
** Returns 0, or nonzero when the rule failed (the caller keeps the reason).
*/
typedef int (*dh_rule_fn)(void *ud, int ref, int kind, const struct dh_match *m, int a, int b,
                          int32_t *out);

/* how trump is fixed for a hand */
enum { DH_TRUMP_NONE, DH_TRUMP_FIXED, DH_TRUMP_TURN_UNDER, DH_TRUMP_TURN_TOP };
/* who leads the first trick */
enum { DH_LEAD_LEFT, DH_LEAD_HOLDER };

typedef struct dh_rules {
  dh_deck deck;                     /* the unshuffled deck */
  int8_t suit_of[64];               /* the suit each card counts as */
  uint8_t strength[64];             /* each card's strength in tricks (0: never wins) */
  dh_cardset suit_set[5];           /* cards counting as each suit */
  uint8_t nseats, nsides, side_of[DH_MAX_SEATS];
  uint8_t sizes[DH_MAX_SIZES], nsizes;  /* cards per seat, hand by hand (cycling) */
  uint8_t trump_mode, trump_suit;   /* DH_TRUMP_*; the suit for FIXED */
  uint8_t draw;                     /* deal from the talon after each trick */
  uint8_t lead, lead_card;          /* DH_LEAD_*; the card for HOLDER */
  uint8_t pass_count, npasses;
  int8_t pass_dir[DH_MAX_PASSES];   /* seats to the left per hand (0: no pass) */
  uint8_t bidding;                  /* 1: a bid phase */
  uint8_t low_wins;                 /* the side with the lowest score wins at the hands cap */
  uint8_t shows_voids;              /* derived: playing off the led suit shows a void */
  uint8_t shows_trump_voids;        /* derived: ... and not trumping then, a void in trumps */
  dh_cardset deck_set;              /* derived: the cards of the deck */
  uint8_t nflat, flat[8];           /* derived: the hand rule as an AND of these leaves */
  uint8_t nchain, chain[8];         /* derived: the play rule as a chain of these leaves */
  uint16_t fast_ops;                /* derived: bit op set when the flat AND holds each leaf
                                       once and only these prefabs: straight-line code */
  uint8_t fast_break_suit, fast_lead;
  dh_cardset fast_break, fast_first;
  uint16_t max_hands;               /* the cap: every match ends */
  uint8_t root[DH_RULE_NKINDS];
  uint8_t nnodes, has_calls;
  dh_node nodes[DH_MAX_NODES];
  dh_rule_fn call;                  /* the callback trampoline, and its data */
  void *call_ud;
} dh_rules;

/* fills r with a 4-seat French-deck match: follow suit, highest of the
** led suit, tricks counted, one hand; a start for building rules */
void dh_rules_init(dh_rules *r);
/* appends a node, returning its index or -1 when full */
int dh_rules_node(dh_rules *r, int kind, int op, int a, int b);
/* recomputes suit_set[] and strength[] after suit_of or the order changed */
void dh_rules_finish(dh_rules *r, const dh_order *o);
/* checks the rules fit together and fills in what is derived from them
** (call it last, before any match uses the rules); NULL or a reason */
const char *dh_rules_check(dh_rules *r);

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
} dh_match;

/* starts a match with the first hand shuffled from seed */
void dh_match_init(dh_match *m, const dh_rules *r, uint64_t seed, int dealer);
/* starts a match with the first hand stacked: hands[seat], then the talon
** top first; later hands are shuffled from seed.  0 on a bad deal. */
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
** turned under); the talon's length */
int dh_match_deal(const dh_match *m, dh_cardset *hands, dh_card *talon);
/* out = the match as it was when its current hand was dealt (scores,
** dealer, hand number, generator as now; the hand dealt by
** dh_match_deal).  m and out may be the same. */
void dh_match_rewind(const dh_match *m, dh_match *out);

/* the seat to act, or -1 when the match is over */
int dh_match_next(const dh_match *m);
/* the legal cards of the seat to act (its hand when passing) */
int dh_match_legal(const dh_match *m, dh_cardset *out);
/* legal bids of the seat to act into out (room for 2 + max hand size); count or -1 */
int dh_match_legal_bids(const dh_match *m, int *out, int room);

/* the actions: DH_OK, or an error code with m unchanged */
int dh_match_play(dh_match *m, int seat, dh_card c);
int dh_match_bid(dh_match *m, int seat, int bid);
int dh_match_pass(dh_match *m, int seat, dh_cardset cards);

/* an action, as chosen by a playout or read from a record */
enum { DH_ACT_PLAY = 1, DH_ACT_BID, DH_ACT_PASS };
typedef struct dh_action {
  uint8_t kind, seat;
  dh_card card;
  int bid;
  dh_cardset cards;
} dh_action;
int dh_match_apply(dh_match *m, const dh_action *a);

/* plays a card known to be legal for the seat to act (playouts) */
int dh_match_play_legal(dh_match *m, dh_card c);

/* the seat that receives a pass from seat this hand (seat itself: none) */
int dh_match_pass_target(const dh_match *m, int seat);

/* rule evaluations (rule_*.c); each returns DH_OK or DH_E_RULE */
int dh_hand_allowed(const dh_match *m, int seat, dh_cardset *out);
int dh_hand_why(const dh_match *m, int seat, dh_card c);   /* the error code for a refused card */
int dh_play_winner(const dh_match *m, const dh_trick *t, int *winner);
int dh_points_eval(const dh_match *m, int32_t *points, int32_t *bags);
int dh_win_eval(const dh_match *m, const int32_t *score, int *over, int *winners);
int dh_bid_allowed(const dh_match *m, int seat, int bid, int *ok);

/* the effective suit of a card and the cards of a suit under the rules */
static inline int dh_rules_suit(const dh_rules *r, dh_card c) { return r->suit_of[c & 63]; }

/*
** The hand rule in straight-line code, for rules whose hand rule is an AND
** of distinct prefab leaves (r->fast_ops != 0): the same sets as the tree
** (rule_hand.c), inline because playouts call it for every card.
*/
#define DH_FAST(r, op) ((r)->fast_ops & (1u << ((op) - DH_OP_FREE_PLAY)))

static inline dh_cardset dh_hand_fast(const dh_match *m, const dh_rules *r, dh_cardset hand) {
  dh_cardset s = hand;
  if (m->trick.n == 0) {
    if (DH_FAST(r, DH_OP_BREAK_SUIT)) {  /* with masks: random hands defeat branches */
      dh_cardset suit = r->suit_set[r->fast_break_suit];
      unsigned cut = (unsigned)!(m->played & r->fast_break) & (unsigned)((hand & ~suit) != 0);
      s &= ~(suit & (0 - (dh_cardset)cut));
    }
    if (DH_FAST(r, DH_OP_LEAD_CARD) && m->trick_no == 0 && dh_set_has(hand, r->fast_lead))
      s &= dh_set_of(r->fast_lead);
  } else {
    if (DH_FAST(r, DH_OP_FREE_START)) return 0;
    if (DH_FAST(r, DH_OP_FOLLOW_SUIT)) {
      dh_cardset led = hand & r->suit_set[m->trick.led < 5 ? m->trick.led : 4];
      s &= led | (0 - (dh_cardset)(led == 0));  /* led cards when held: whether is random */
    }
  }
  if (DH_FAST(r, DH_OP_FIRST_TRICK) && m->trick_no == 0 && (hand & ~r->fast_first)) s &= ~r->fast_first;
  return s;
}

#endif
