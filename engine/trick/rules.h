/*
** rules.h -- the rules of a trick-taking variant, and the builders that
** make them.
**
** A dh_rules is built once per variant and then shared, read only, by
** every match played by it (match.h).  Building is four steps:
**
**     dh_rules r;
**     dh_rules_init(&r);                         a 4-seat French-deck start
**     r.nseats = ...; r.trump_mode = ...;        the settings below
**     dh_rules_set(&r, DH_RULE_HAND,             the rules a variant changes,
**                  dh_rule_and(&r, dh_rule_follow_suit(&r),
**                                  dh_rule_break_suit(&r, DH_SPADES, 0)));
**     const char *why = dh_rules_check(&r);      NULL, or what does not fit
**
** The five rule kinds ask: may this seat play this card now (hand), who
** takes the trick (play), what did the hand score (points), is the match
** over and who won (win), may this seat bid this (bid).  A kind left unset
** keeps its default: follow suit, the highest card of the led suit, a
** point a trick, the highest total once every hand size listed was
** played, any bid from 0 to the hand size.
**
** A builder appends a node to r and returns its index, a rule to pass to
** another builder or to dh_rules_set.  A builder that fails (no room, a
** bad argument, a failed operand) returns -1 and records the first reason,
** which dh_rules_check (or dh_rules_error) returns: a chain of builders
** needs one check at the end.  The nodes themselves are the engine's
** (rules_impl.h): built rules are read through these calls only.
*/
#ifndef DH_RULES_H
#define DH_RULES_H

#include <stdint.h>

#include "card.h"
#include "cardset.h"
#include "deck.h"
#include "trick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_MAX_NODES  64   /* rule nodes per dh_rules */
#define DH_MAX_SIZES  64   /* hand sizes listed per hand */
#define DH_MAX_PASSES 8    /* pass directions in a cycle */
#define DH_MAX_MODES  5    /* card tables besides the base one (one per trump suit and no trump) */

/* result codes of the engine's actions and of the rules' answers
** (match.h, phase.h); dh_error_name gives the Lua-side code */
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


/* the rule kinds; a callback may be built before its kind is known
** (DH_RULE_ANY): it takes the kind of the rules it is combined with or
** set as */
enum { DH_RULE_HAND, DH_RULE_PLAY, DH_RULE_POINTS, DH_RULE_WIN, DH_RULE_BID, DH_RULE_NKINDS,
       DH_RULE_ANY = DH_RULE_NKINDS };
const char *dh_rule_kind_name(int kind);   /* "hand", ..., "any" */

/* bids: 0 is Nil; blind Nil has its own code; DH_NO_BID before bidding */
#define DH_BID_BLIND_NIL (-1)
#define DH_NO_BID        (-128)

/* how trump is fixed for a hand: none, a fixed suit, the card turned up
** under the talon (drawn last), the card on top of the talon after the
** deal, or the dealer's own last card, turned for all to see and kept in
** the dealer's hand until played (Whist) */
enum { DH_TRUMP_NONE, DH_TRUMP_FIXED, DH_TRUMP_TURN_UNDER, DH_TRUMP_TURN_TOP, DH_TRUMP_DEALER,
/* the card on top of the talon shown to all, no trump until a phase script
** makes one (Euchre) */
       DH_TRUMP_SHOW_TOP };
/* who leads the first trick */
enum { DH_LEAD_LEFT, DH_LEAD_HOLDER };
/* shooting the moon under card points: none, the others score, the shooter loses */
enum { DH_MOON_NONE, DH_MOON_OTHERS, DH_MOON_SELF };

struct dh_position;

/*
** A callback rule, built by dh_rule_call(r, kind, ref).  It answers for
** the rule built with ref, of kind `kind`:
**   hand:   a = seat, b = card;       *out = 1 allowed, 0 not
**   play:   (trick in m->trick);      *out = winning index or -1
**           (a trick still being played, or one a policy or a view's
**           question imagines, in a copy of the match holding it)
**   bid:    a = seat, b = bid;        *out = 1 allowed, 0 not
**   points: a = number of sides;      out[0..a) = points of the hand
**           (m->bags may be read; out[DH_MAX_SEATS..] the new bags)
**   win:    a = number of sides, out[2..2+a) the totals;
**                                      out[0] = 1 over, out[1] winners mask
** Returns 0, or nonzero when the rule failed (the caller keeps the reason).
*/
typedef int (*dh_rule_fn)(void *ud, int ref, int kind, const struct dh_position *m, int a, int b,
                          int32_t *out);

/* room for the engine's part of a dh_rules: the rule nodes and the forms
** dh_rules_check derives from them (rules_impl.h) */
#define DH_RULES_PRIVATE 5632
typedef union dh_rules_private {
  unsigned char bytes[DH_RULES_PRIVATE];
  uint64_t align;
} dh_rules_private;

/*
** A card table: the suit each card counts as, its strength, and the cards
** of each suit.  The rules' own fields are the base table; a hand whose
** trump changes what cards count as (Euchre's bowers, Skat's jacks) plays
** by the table its trump names (dh_rules.trump_table), which a phase
** script chooses when it makes trump (dh_match_set_trump).
*/
typedef struct dh_card_table {
  int8_t suit_of[64];
  uint8_t strength[64];
  dh_cardset suit_set[5];
} dh_card_table;

typedef struct dh_rules {
  /* the settings: dh_rules_init gives each its default */
  dh_deck deck;                     /* the unshuffled deck */
  int8_t suit_of[64];               /* the suit each card counts as (by position) */
  uint8_t strength[64];             /* each card's strength in tricks (0: never wins) */
  uint8_t nseats, nsides, side_of[DH_MAX_SEATS];
  uint8_t sizes[DH_MAX_SIZES], nsizes;  /* cards per seat, hand by hand (cycling) */
  uint8_t trump_mode, trump_suit;   /* DH_TRUMP_*; the suit for FIXED */
  uint8_t draw;                     /* deal from the talon after each trick */
  uint8_t lead, lead_card;          /* DH_LEAD_*; the card for HOLDER */
  uint8_t pass_count, npasses;
  int8_t pass_dir[DH_MAX_PASSES];   /* seats to the left per hand (0: no pass) */
  uint8_t bidding;                  /* 1: a bid phase */
  uint8_t blind_exchange;           /* cards a blind Nil bidder and its partner give each
                                       other after the bids (DH_PHASE_EXCHANGE); 0: none */
  uint8_t trump_exchange;           /* the holder of the lowest trump may swap it for the
                                       turned card under the talon (dh_match_exchange):
                                       0 never, 1 on any turn, 2 during the first trick only */
  uint8_t low_wins;                 /* the side with the lowest score wins at the hands cap */
  uint8_t scripted;                 /* 1: after the deal (and passes) a phase script acts
                                       (DH_PHASE_SCRIPT) until it starts the play */
  uint8_t bid_step;                 /* scripted with bidding: the bids come before the phase of
                                       this step (a script going to it, or step 1 at the deal);
                                       0: after the phases, when the script starts the play */
  uint8_t opener;                   /* who acts first in the script phase: seats left of the
                                       dealer (1, the default; 0 the dealer: Bridge's auction;
                                       2 Skat's middlehand) */
  uint8_t phase, phase_flags;       /* a prefab phase (phase.h: DH_PREFAB_*) and its options:
                                       the script phase played in C; 0 none (dh_rules_check
                                       then sets scripted) */
  int16_t phase_args[4];            /* a prefab's parameters the binding resolves when the
                                       rules are built (Skat's grand: its card table) */
  uint8_t ntables;                  /* card tables in tables[] */
  uint8_t trump_table[5];           /* per trump suit (DH_NOSUIT too): 0 the base table,
                                       k tables[k - 1] */
  dh_card_table tables[DH_MAX_MODES];
  uint16_t max_hands;               /* the cap: every match ends */
  dh_rule_fn call;                  /* what callback rules call, and its data */
  void *call_ud;
  /* derived: suit_set by dh_rules_finish, the rest by dh_rules_check */
  dh_cardset suit_set[5];           /* cards counting as each suit (DH_NOSUIT: none) */
  dh_cardset deck_set;              /* the cards of the deck */
  uint8_t has_calls;                /* a rule calls back */
  dh_rules_private priv;            /* the engine's: rule trees and their fast forms */
  int (*phase_start)(struct dh_position *m);  /* set by dh_rules_check: the prefab phase's own
                                       start of a hand (phase.h), which the match calls when
                                       the phase begins without knowing the prefabs; NULL none */
} dh_rules;

/* fills r with a 4-seat French-deck match of one hand, every rule at its
** default; a start for building rules */
void dh_rules_init(dh_rules *r);
/* recomputes suit_set[] (and strength[] from o, when o is not NULL) after
** suit_of or the order changed */
void dh_rules_finish(dh_rules *r, const dh_order *o);
/* makes rule the rules' rule of its kind (a DH_RULE_ANY callback takes
** kind); 0, or -1 when rule is not a rule of that kind */
int dh_rules_set(dh_rules *r, int kind, int rule);
/* checks that the rules fit together and fills in what is derived from
** them (call it last, before any match uses the rules); NULL or a reason */
const char *dh_rules_check(dh_rules *r);
/* the first reason a builder failed, or NULL */
const char *dh_rules_error(const dh_rules *r);

/* adds a card table made from the base one (suit_of, strength, suit_set as
** they are now), for the hands whose trump is suit (-1: none, a mode a
** phase script picks with dh_match_set_table: Skat's grand): its index
** (1..), to change in place before dh_rules_check; -1 when there is no room
** or the suit is bad.  dh_rules_finish_table recomputes a table's suit_set. */
int dh_rules_add_table(dh_rules *r, int suit);
void dh_rules_finish_table(dh_card_table *t);

/* the kind of a built rule (DH_RULE_ANY: a callback not placed yet), or -1 */
int dh_rule_kind(const dh_rules *r, int rule);
/* copies rule (built in src) into dst, each callback's ref increased by
** ref_offset; the copy's index, or -1.  Rules built apart combine so. */
int dh_rule_copy(dh_rules *dst, const dh_rules *src, int rule, int ref_offset);

/*
** The builders.  Combinators: hand and bid rules are predicates, and
** combine as and / or / not; a play rule names the winning card or
** declines, and `and` and `or` alike make a chain (a, else b); a win rule
** `or` ends the match when either does, `and` when both do (a's winners);
** points rules add with sum.
*/
int dh_rule_and(dh_rules *r, int a, int b);
int dh_rule_or(dh_rules *r, int a, int b);
int dh_rule_not(dh_rules *r, int a);
int dh_rule_sum(dh_rules *r, int a, int b);
/* a rule answered by r->call(r->call_ud, ref, ...), see dh_rule_fn */
int dh_rule_call(dh_rules *r, int kind, int ref);

/* hand rules: the cards of the hand each allows.  When a hand rule allows
** no card at all, any card goes (a match never stalls). */
int dh_rule_free_play(dh_rules *r);       /* any card */
int dh_rule_free_start(dh_rules *r);      /* any card when leading, none otherwise */
int dh_rule_follow_suit(dh_rules *r);     /* a card of the led suit when holding one */
int dh_rule_must_trump(dh_rules *r);      /* void in the led suit and holding trump: a trump */
int dh_rule_must_overtrump(dh_rules *r);  /* ... one beating the trick's best trump when held */
/* following, a card of the led suit stronger than every one in the trick
** when held, unless the trick is trumped (Pinochle's "head the trick") */
int dh_rule_must_beat(dh_rules *r);
/* suit is not led until a card of suit or of breakers was played, unless
** the leader holds nothing else */
int dh_rule_break_suit(dh_rules *r, int suit, dh_cardset breakers);
/* cards not played to the first trick unless nothing else is held */
int dh_rule_no_first_trick(dh_rules *r, dh_cardset cards);
/* the first lead of a hand is card when held */
int dh_rule_lead_card(dh_rules *r, dh_card card);

/* play rules (suits are those cards count as, strengths r->strength; among
** equal cards the first played wins) */
int dh_rule_highest_of_led(dh_rules *r);  /* the strongest card of the led suit */
int dh_rule_trump_wins(dh_rules *r);      /* the strongest trump, when one was played */
int dh_rule_highest_of(dh_rules *r, dh_cardset cards);  /* the strongest of cards, if played */

/* points rules, per side */
typedef struct dh_card_points_opts {
  int8_t values[64];     /* points per card won, by set position */
  uint8_t moon;          /* DH_MOON_*: a seat taking every card of positive value */
  int32_t last_trick;    /* points for taking the last trick */
} dh_card_points_opts;
void dh_card_points_defaults(dh_card_points_opts *o);   /* all 0, no moon */
int dh_rule_card_points(dh_rules *r, const dh_card_points_opts *o);
int dh_rule_tricks(dh_rules *r, int32_t per_trick);

/* Spades' partnership contract: a side's contract is the sum of its
** non-Nil bids, made with the tricks of its non-Nil players: per_trick per
** bid trick and overtrick per trick over (each a bag), or -set per bid
** trick when set.  A Nil scores +-nil (blind Nil +-blind_nil) on whether
** its player took no trick; its tricks are bags, or with
** nil_tricks_to_partner count toward the partner's contract (when the
** partner bid Nil too, as overtricks, scored and bagged).  Every
** `bags` bags (0: none counted) cost bag_penalty and are removed. */
typedef struct dh_contract_opts {
  int32_t per_trick, overtrick, set, nil, blind_nil, bags, bag_penalty;
  uint8_t nil_tricks_to_partner;
} dh_contract_opts;
void dh_contract_defaults(dh_contract_opts *o);  /* 10, 1, 10, 100, 200, 10, 100, no */
int dh_rule_contract(dh_rules *r, const dh_contract_opts *o);

/* Oh Hell: an exact bid scores base + per_bid * bid, anything else miss
** per trick off */
typedef struct dh_exact_bid_opts { int32_t base, per_bid, miss; } dh_exact_bid_opts;
void dh_exact_bid_defaults(dh_exact_bid_opts *o);  /* 10, 1, 0 */
int dh_rule_exact_bid(dh_rules *r, const dh_exact_bid_opts *o);

/* Whist's odd tricks: to each side the tricks it took over book (six),
** none below it; with honours, 4 more to a side whose players held all
** four honours of trumps (ace, king, queen, jack: the cards they played),
** 2 for three of them */
typedef struct dh_odd_tricks_opts { int32_t book; uint8_t honours; } dh_odd_tricks_opts;
int dh_rule_odd_tricks(dh_rules *r, const dh_odd_tricks_opts *o);

/* Euchre's makers: the declarer's side (the match's declarer, set by a
** phase script) scores made for need tricks or more, march for all of
** them (alone_march when a seat sat out), else the other sides score
** euchred (alone_euchred instead when a defender played alone, if not 0;
** euchred each.  A hand without a declarer scores nothing. */
typedef struct dh_makers_opts { int32_t need, made, march, alone_march, euchred, alone_euchred; } dh_makers_opts;
void dh_makers_defaults(dh_makers_opts *o);  /* 3, 1, 2, 4, 2 */
int dh_rule_makers(dh_rules *r, const dh_makers_opts *o);

/* Contract Bridge's duplicate score (Law 77) for the contract the auction
** prefab (phase.h) leaves in its vars, to the side that earned it: the
** declarer's side when made, the defenders' when defeated; vulnerable as
** the hand's board number (hand 1 is board 1) says.  A hand passed out
** scores nothing.  Only with that phase: dh_rules_check refuses it under
** any other. */
int dh_rule_duplicate(dh_rules *r);
/* the score of one contract: level 1..7, strain 0 clubs, 1 diamonds,
** 2 hearts, 3 spades, 4 no trump, doubled 0, 1 doubled, 2 redoubled,
** vulnerable 0 or 1, tricks 0..13 taken by declarer's side; to declarer's
** side, negative to the defenders */
int32_t dh_duplicate_score(int level, int strain, int doubled, int vulnerable, int tricks);
/* 1 when side (0 North-South, seats 0 and 2; 1 East-West) is vulnerable
** on board (1..; the cycle of 16), else 0 */
int dh_duplicate_vulnerable(int board, int side);
/* Skat's game value (rule_skat.c): the declarer's score for the game its
** phase named (the vars of phase.h's Skat bidding: the bid, the game,
** hand and announcements): a suit or grand game's base times its
** matadors with the skat plus one for game, hand, schneider, schwarz and
** each announcement; a null's fixed value; overbid, the next multiple of
** the base reaching the bid; lost, twice the value off.  The defenders
** score nothing; a deal without a declarer, nothing.  Three seats and the
** 32-card deck (7 to ace), phases of the Skat prefab or in Lua. */
int dh_rule_skat_value(dh_rules *r);

/* win rules: over when a side reaches target, the highest wins (a tie at
** the top plays on); over when a side reaches target, the lowest wins;
** over after hands hands (0: as many as the sizes list), the highest
** wins; a side at or below floor loses */
int dh_rule_first_to(dh_rules *r, int32_t target);
int dh_rule_lowest_when(dh_rules *r, int32_t target);
int dh_rule_highest_after(dh_rules *r, int hands);
int dh_rule_loss_floor(dh_rules *r, int32_t floor);

/* bid rules: min..max (max -1: the hand size), Nil (0) always allowed
** when nil; blind Nil (DH_BID_BLIND_NIL); the hook: the last bidder may
** not make the bids total the hand size */
int dh_rule_bid_range(dh_rules *r, int min, int max, int nil);
int dh_rule_blind_nil(dh_rules *r);
int dh_rule_hook(dh_rules *r);

/*
** The rules' answers on a position (position.h; a match is one), each in
** the rule_*.c file of its kind.  Each returns DH_OK, DH_E_RULE (a
** callback failed), or DH_E_BAD_SEAT for a seat outside 0..nseats-1
** (then *out is 0): the cards seat may play now; the code refusing card c;
** the winner (index in t) of trick t; the points (and new bags) per side
** of the hand just played; whether the match is over with these totals,
** and who won; whether seat may bid bid.
*/
int dh_hand_allowed(const struct dh_position *p, int seat, dh_cardset *out);
int dh_hand_why(const struct dh_position *p, int seat, dh_card c);
int dh_play_winner(const struct dh_position *p, const dh_trick *t, int *winner);
int dh_points_eval(const struct dh_position *p, int32_t *points, int32_t *bags);
int dh_win_eval(const struct dh_position *p, const int32_t *score, int *over, int *winners);
int dh_bid_allowed(const struct dh_position *p, int seat, int bid, int *ok);

#ifdef __cplusplus
}
#endif

#endif
