/*
** rule_skat.c -- Skat's game value: the points rule of the deal a Skat
** bidding phase (phase.h) led to.
**
** What the phase decided is in the vars (the bid's index, the game, hand
** and the announcements); what the play made is in the match: the
** declarer's tricks (taken), the cards it played (played_by) and the skat,
** the two cards nobody took (laid away, or untouched in a hand game).  The
** values are the International Skat Order's (rules/skat.lua says them in
** prose and keeps the same computation in Lua, which this is tested
** against).
*/
#include "prefab.h"
#include "rules_impl.h"

/* the game values a bid may name: every suit and grand value from 18 up
** with the nulls' 23, 35, 46 and 59 */
static const int16_t bid_values[DH_SKAT_NVALUES] = {
  18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70,
  72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140,
  143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216,
  240, 264
};

int dh_skat_bid_value(int k) { return k >= 1 && k <= DH_SKAT_NVALUES ? bid_values[k - 1] : 0; }

/* by game 1..5: diamonds, hearts, spades, clubs, grand */
static const int base_of[6] = { 0, 9, 10, 11, 12, 24 };
static const int suit_of_game[5] = { 0, DH_DIAMONDS, DH_HEARTS, DH_SPADES, DH_CLUBS };
/* a null by hand + 2 * ouvert */
static const int null_value[4] = { 23, 35, 46, 59 };

int dh_skat_null_value(int hand, int ouvert) { return null_value[(hand != 0) + (ouvert ? 2 : 0)]; }

/* a card's points: ace 11, ten 10, king 4, queen 3, jack 2 (by rank);
** 0 for the rest, and for a rank outside the table (no card of Skat's deck) */
static int card_value(dh_card c) {
  static const int8_t by_rank[15] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11 };
  int rank = dh_card_rank(c);
  return rank >= 0 && rank < 15 ? by_rank[rank] : 0;
}

int dh_skat_card_value(dh_card c) { return card_value(c); }

static int points_of(dh_cardset s, int layout) {
  int p = 0;
  for (; s; s &= s - 1) p += card_value(dh_card_at(dh_set_first(s), layout));
  return p;
}

/* the matadors of a game in cards: the run from the top trump (the jack
** of clubs) of trumps all held ("with") or all lacking ("without") */
static int matadors(dh_cardset cards, int game) {
  static const int run[7] = { 14, 10, 13, 12, 9, 8, 7 };   /* the trump suit below the jacks */
  static const int jack_suits[4] = { DH_CLUBS, DH_SPADES, DH_HEARTS, DH_DIAMONDS };
  dh_card list[11];
  int n = 0, i, with;
  for (i = 0; i < 4; i++) list[n++] = dh_card_make(11, jack_suits[i]);
  if (game <= DH_SKAT_CLUBS)
    for (i = 0; i < 7; i++) list[n++] = dh_card_make(run[i], suit_of_game[game]);
  with = dh_set_has(cards, list[0]);
  for (i = 0; i < n && dh_set_has(cards, list[i]) == with; i++) {}
  return i;
}

/* the declarer's score (skat.lua's value and points) */
static int64_t declarer_score(const dh_position *p, int d) {
  const dh_rules *r = p->rules;
  int game = p->vars[DH_SKAT_VAR_GAME], flags = p->vars[DH_SKAT_VAR_FLAGS];
  int bid = dh_skat_bid_value(p->vars[DH_SKAT_VAR_VALUE]), s, v, mult, base, mine, ann_schneider, ann_schwarz;
  int hand = (flags & DH_SKAT_FLAG_HAND) != 0, all = p->tricks[d] == 10, none = p->tricks[d] == 0;
  dh_cardset skat = r->deck_set;
  for (s = 0; s < p->nseats; s++) skat &= ~p->taken[s];
  if (game == DH_SKAT_NULL) {
    v = null_value[hand + ((flags & DH_SKAT_FLAG_OUVERT) ? 2 : 0)];
    if (v < bid) return -2 * (int64_t)v;
    return none ? v : -2 * (int64_t)v;
  }
  if (game < DH_SKAT_DIAMONDS || game > DH_SKAT_GRAND) return 0;   /* no game named */
  mine = points_of(p->taken[d] | skat, r->deck.layout);
  base = base_of[game];
  /* an announced level counts every level below it, reached or not (ISkO
  ** 5.2.5: a game short of what was announced is lost at least at that
  ** level); ouvert is schwarz announced and one more (5.2.6) */
  ann_schwarz = (flags & (DH_SKAT_FLAG_SCHWARZ | DH_SKAT_FLAG_OUVERT)) != 0;
  ann_schneider = ann_schwarz || (flags & DH_SKAT_FLAG_SCHNEIDER) != 0;
  mult = matadors(p->played_by[d] | skat, game) + 1 + hand;
  mult += mine >= 90 || mine <= 30 || ann_schneider;    /* schneider */
  mult += ann_schneider;
  mult += all || none || ann_schwarz;                   /* schwarz */
  mult += ann_schwarz;
  mult += (flags & DH_SKAT_FLAG_OUVERT) != 0;
  v = base * mult;
  if (v < bid) return -2 * (int64_t)base * ((bid + base - 1) / base);   /* overbid */
  if (mine >= 61 && (!ann_schneider || mine >= 90) && (!ann_schwarz || all))
    return v;
  return -2 * (int64_t)v;
}

/* Ramsch (rules/skat.lua says whence): the most card points lose them,
** the skat's with them (or the last trick's taker counts them), doubled
** when a player took no trick; ties all lose; all ten tricks win 120 */
static void ramsch_score(const dh_position *p, int64_t *pts) {
  const dh_rules *r = p->rules;
  dh_cardset skat = r->deck_set;
  int got[3], s, most = 0, virgin = 0, to_loser = (r->phase_flags & DH_SKAT_RAMSCH_LOSER) != 0, skat_pts;
  for (s = 0; s < 3; s++) skat &= ~p->taken[s];
  skat_pts = points_of(skat, r->deck.layout);
  for (s = 0; s < 3; s++) {
    if (p->tricks[s] == 10) {   /* Durchmarsch */
      pts[r->side_of[s]] += 120;
      return;
    }
    got[s] = points_of(p->taken[s], r->deck.layout);
    virgin |= p->tricks[s] == 0;
  }
  if (!to_loser && p->last_winner < 3) got[p->last_winner] += skat_pts;
  for (s = 0; s < 3; s++) if (got[s] > most) most = got[s];
  for (s = 0; s < 3; s++)
    if (got[s] == most) {
      int64_t loss = got[s] + (to_loser ? skat_pts : 0);
      if (virgin && (r->phase_flags & DH_SKAT_JUNGFRAU)) loss *= 2;
      pts[r->side_of[s]] -= loss;
    }
}

void dh_skat_value(const dh_position *p, int64_t *pts) {
  if (p->vars[DH_SKAT_VAR_GAME] == DH_SKAT_RAMSCH_GAME) {
    ramsch_score(p, pts);
    return;
  }
  if (p->declarer >= p->nseats) return;   /* thrown in */
  pts[p->rules->side_of[p->declarer]] += declarer_score(p, p->declarer);
}

/* does the points tree at node i use the game value? */
static int uses(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_SKAT_VALUE) return 1;
  return n->op == DH_OP_SUM && (uses(r, n->a) || uses(r, n->b));
}

const char *dh_skat_value_check(const dh_rules *r) {
  static const int ranks[8] = { 7, 8, 9, 10, 11, 12, 13, 14 };
  dh_cardset want = 0, deck = dh_deck_set(&r->deck);
  int root = dh_rules_root(r, DH_RULE_POINTS), s, i;
  if (root == DH_NO_NODE || !uses(r, root)) return NULL;
  for (s = DH_CLUBS; s <= DH_SPADES; s++)
    for (i = 0; i < 8; i++) want |= dh_set_of(dh_card_make(ranks[i], s));
  if (r->nseats != 3 || deck != want || r->deck.layout != DH_LAYOUT_STANDARD)
    return "skat_value needs three seats and the 32-card deck (7 to ace)";
  if (r->phase && r->phase != DH_PREFAB_SKAT_BIDDING)
    return "skat_value reads the Skat bidding's vars: phases of dh.phase.skat_bidding or in Lua";
  return NULL;
}
