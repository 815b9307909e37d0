/*
** match.c -- the state machine of a trick-taking match.
**
** Every action checks everything first and changes the match only once it
** is sure to succeed.  Only a callback rule can fail after the checks (it
** may raise while the trick or the hand is being scored), so when the
** rules have callbacks the action is applied to a copy that replaces the
** match on success: the state is one flat struct, so that is a memcpy.
**
** Calls go one way: the match asks the rules (rule_*.c) about its
** position (position.h), and nothing below calls back.  The prefab phases
** (phase.h) sit above it, scripts on the ops at the end of this file; the
** match starts one only through rules->phase_start, and action.c, not
** this file, hands a record's phase move to it.
*/
#include <string.h>

#include "match.h"
#include "match_impl.h"
#include "rules_impl.h"

/* no division: it runs for every card, and an idiv costs more than the rest of a play */
static int left_of(const dh_match *m, int seat) { return seat + 1 == m->nseats ? 0 : seat + 1; }

/* leader -1: the rules' first leader */
static void enter_play(dh_match *m, int leader) {
  const dh_rules *r = m->rules;
  int s;
  if (leader < 0) {
    leader = m->next_seat[m->dealer];
    if (r->lead == DH_LEAD_HOLDER)
      for (s = 0; s < m->nseats; s++)
        if (dh_set_has(m->hand[s], r->lead_card) && !(m->out_mask >> s & 1)) leader = s;
  }
  m->phase = DH_PHASE_PLAY;
  m->leader = m->turn = (uint8_t)leader;
  dh_trick_clear(&m->trick);
}

/* have the seats playing this hand all bid? */
static int bids_made(const dh_match *m) {
  int s;
  for (s = 0; s < m->nseats; s++)
    if (m->bid[s] == DH_NO_BID && !(m->out_mask >> s & 1)) return 0;
  return 1;
}

/* the bids of a scripted hand (rules->bidding), from the dealer's left:
** a script's phases come before them, after them, or both, so what
** follows them is kept: step then (0: the tricks) with seat (-1: the
** rules' leader) to act */
static void enter_bids(dh_match *m, int then, int seat) {
  m->bid_then = (uint8_t)then;
  m->bid_seat = (uint8_t)(seat < 0 ? DH_MAX_SEATS : seat);
  m->phase = DH_PHASE_BID;
  m->step = 0;
  m->turn = m->next_seat[m->dealer];
}

/* the bids are made (and any blind exchange): the play, or in a scripted
** hand what enter_bids kept */
static void after_bids(dh_match *m) {
  if (!m->rules->scripted) { enter_play(m, -1); return; }
  if (m->bid_then) {
    m->phase = DH_PHASE_SCRIPT;
    m->step = m->bid_then;
    m->turn = m->bid_seat;
    return;
  }
  enter_play(m, m->bid_seat == DH_MAX_SEATS ? -1 : m->bid_seat);
}

/* after the deal and the passes: the script phase, the bids or the play */
static void enter_bid(dh_match *m) {
  if (m->rules->scripted) {
    int first = (m->dealer + m->rules->opener) % m->nseats;
    if (m->rules->bidding && m->rules->bid_step == 1) { enter_bids(m, 1, first); return; }
    m->phase = DH_PHASE_SCRIPT;
    m->step = 1;
    m->turn = (uint8_t)first;
    /* a prefab's own start (phase.h), which its check made sure cannot fail */
    if (m->rules->phase_start) (void)m->rules->phase_start(m);
    return;
  }
  if (!m->rules->bidding) { enter_play(m, -1); return; }
  m->phase = DH_PHASE_BID;
  m->turn = (uint8_t)left_of(m, m->dealer);
}

int dh_match_partner(const dh_match *m, int seat) {
  int k;
  if ((unsigned)seat >= m->nseats) return -1;
  for (k = 1; k < m->nseats; k++) {
    int s = (seat + k) % m->nseats;
    if (m->team[s] == m->team[seat]) return s;
  }
  return -1;
}

/* both partners bidding blind Nil exchange nothing: each wants to shed
** its high cards, and neither may take the other's */
int dh_match_blind_giver(const dh_match *m, int seat) {
  int p;
  if (!m->rules->blind_exchange || (unsigned)seat >= m->nseats || m->bid[seat] != DH_BID_BLIND_NIL)
    return 0;
  p = dh_match_partner(m, seat);
  return p >= 0 && m->bid[p] != DH_BID_BLIND_NIL;
}

/* the other seat of seat's blind exchange, or -1 */
static int exchange_partner(const dh_match *m, int seat) {
  int p = dh_match_partner(m, seat);
  if (p < 0) return -1;
  return dh_match_blind_giver(m, seat) || dh_match_blind_giver(m, p) ? p : -1;
}

int dh_match_pass_count(const dh_match *m, int seat) {
  const dh_rules *r = m->rules;
  if ((unsigned)seat >= m->nseats) return 0;
  if (r->blind_exchange && exchange_partner(m, seat) >= 0) return r->blind_exchange;
  return dh_match_pass_target(m, seat) != seat ? r->pass_count : 0;
}

int dh_match_pass_target(const dh_match *m, int seat) {
  const dh_rules *r = m->rules;
  int dir;
  if ((unsigned)seat >= m->nseats) return -1;
  if (r->blind_exchange) {
    int p = exchange_partner(m, seat);
    if (p >= 0) return p;
  }
  if (!r->pass_count || !r->npasses) return seat;
  dir = r->pass_dir[m->hand_no % r->npasses];
  return ((seat + dir) % m->nseats + m->nseats) % m->nseats;
}

/* after the cards are in the hands: the trump, then the first phase.
** turned: the dealer's turned card of a stacked deal (DH_TRUMP_DEALER) */
static void finish_deal(dh_match *m, dh_card turned) {
  const dh_rules *r = m->rules;
  m->upcard = DH_NO_CARD;
  switch (r->trump_mode) {
    case DH_TRUMP_FIXED: m->trump = r->trump_suit; break;
    case DH_TRUMP_TURN_UNDER:
      m->upcard = dh_deck_turn_under(&m->talon);
      m->trump = m->upcard == DH_NO_CARD ? DH_NOSUIT : (uint8_t)dh_match_suit(m, m->upcard);
      break;
    case DH_TRUMP_TURN_TOP:
      if (dh_deck_left(&m->talon) > 0) {
        m->upcard = m->talon.cards[m->talon.top];
        m->trump = (uint8_t)dh_match_suit(m, m->upcard);
      } else {
        m->trump = DH_NOSUIT;
      }
      break;
    case DH_TRUMP_SHOW_TOP:
      if (dh_deck_left(&m->talon) > 0) m->upcard = m->talon.cards[m->talon.top];
      m->trump = DH_NOSUIT;
      break;
    case DH_TRUMP_DEALER:
      /* the last card dealt went to the dealer (the deal ends on the
         dealer when every seat gets the same count): everyone saw it */
      m->upcard = m->stacked ? turned : m->talon.cards[m->talon.top - 1];
      m->trump = (uint8_t)dh_match_suit(m, m->upcard);
      m->known[m->dealer] |= dh_set_of(m->upcard);
      break;
    default: m->trump = DH_NOSUIT; break;
  }
  if (m->trump > DH_NOSUIT) m->trump = DH_NOSUIT;
  m->table = r->trump_table[m->trump];
  if (r->pass_count && dh_match_pass_target(m, 0) != 0) {
    m->phase = DH_PHASE_PASS;
    m->turn = (uint8_t)left_of(m, m->dealer);
  } else {
    enter_bid(m);
  }
}

/* clears what belongs to one hand */
static void clear_hand(dh_match *m) {
  int s;
  const dh_rules *r = m->rules;
  for (s = 0; s < DH_MAX_SEATS; s++) {
    m->hand[s] = m->taken[s] = m->played_by[s] = 0;
    m->passed[s] = m->received[s] = m->known[s] = m->excluded[s] = 0;
    m->discard[s] = m->took[s] = 0;
    m->next_seat[s] = (uint8_t)(s + 1 < m->nseats ? s + 1 : 0);
    m->controller[s] = (uint8_t)s;
    m->team[s] = r->side_of[s];
    m->bid[s] = DH_NO_BID;
    m->tricks[s] = 0;
    m->voids[s] = 0;
  }
  m->played = 0;
  m->pass_mask = 0;
  m->trick_no = 0;
  m->table = 0;
  m->nplaying = m->nseats;
  m->out_mask = 0;
  m->show_at_lead = 0;
  m->declarer = DH_MAX_SEATS;
  m->swapped = DH_NO_CARD;
  m->swap_seat = 0;
  m->step = 0;
  memset(m->vars, 0, sizeof m->vars);
  m->hand_size = r->sizes[m->hand_no % r->nsizes];
  memset(m->hist, 0, sizeof m->hist);
  dh_trick_clear(&m->trick);
}

static void start_hand(dh_match *m) {
  clear_hand(m);
  m->stacked = 0;
  m->talon = m->rules->deck;
  dh_deck_shuffle_deal(&m->talon, &m->rng, m->nseats, m->dealer, m->hand_size, m->hand);
  finish_deal(m, DH_NO_CARD);
}

static void init_common(dh_match *m, const dh_rules *r, uint64_t seed, int dealer) {
  memset(m, 0, sizeof *m);
  m->rules = r;
  m->nseats = r->nseats;
  dh_rng_seed(&m->rng, seed);
  m->dealer = (uint8_t)(dealer >= 0 && dealer < r->nseats ? dealer : 0);
  m->last_winner = DH_MAX_SEATS;
  dh_trick_clear(&m->last);
}

void dh_match_init(dh_match *m, const dh_rules *r, uint64_t seed, int dealer) {
  init_common(m, r, seed, dealer);
  start_hand(m);
}

/* the hands and the talon of a stacked deal into a cleared hand: the
** talon given top first, then the rest of the deck in deck order.  With
** the dealer's trump card (DH_TRUMP_DEALER) the talon's first card names
** it, a card of the dealer's hand (dh_match_deal writes it so). */
static int stack_deal(dh_match *m, const dh_cardset *hands, const dh_card *talon, int ntalon) {
  const dh_rules *r = m->rules;
  dh_cardset deck = dh_deck_set(&r->deck), used = 0;
  dh_card turned = DH_NO_CARD;
  int s, i, n = 0;
  m->stacked = 1;
  if (r->trump_mode == DH_TRUMP_DEALER) {
    if (ntalon < 1 || talon[0] >= 64 || !dh_set_has(hands[m->dealer], talon[0])) return 0;
    turned = talon[0];
    talon++;
    ntalon--;
  }
  for (s = 0; s < m->nseats; s++) {
    if ((hands[s] & ~deck) || (hands[s] & used) || dh_set_count(hands[s]) != m->hand_size)
      return 0;
    used |= hands[s];
    m->hand[s] = hands[s];
  }
  m->talon = r->deck;
  for (i = 0; i < ntalon; i++) {
    if (!dh_set_has(deck & ~used, talon[i])) return 0;
    used |= dh_set_of(talon[i]);
    m->talon.cards[n++] = talon[i];
  }
  for (i = r->deck.top; i < r->deck.n; i++)
    if (!dh_set_has(used, r->deck.cards[i])) m->talon.cards[n++] = r->deck.cards[i];
  m->talon.top = 0;
  m->talon.n = (uint8_t)n;
  finish_deal(m, turned);
  return 1;
}

int dh_match_init_deal(dh_match *m, const dh_rules *r, uint64_t seed, int dealer,
                       const dh_cardset *hands, const dh_card *talon, int ntalon) {
  init_common(m, r, seed, dealer);
  clear_hand(m);
  return stack_deal(m, hands, talon, ntalon);
}

/* the seat that played card c this hand */
static int player_of(const dh_match *m, dh_card c) {
  int s;
  for (s = 0; s < m->nseats; s++)
    if (dh_set_has(m->played_by[s], c)) return s;
  return 0;
}

/* the winner of completed trick t: the leader of the next one */
static int winner_of(const dh_match *m, int t) {
  int next = (t + 1) * m->nseats;
  if (next < m->trick_no * m->nseats + m->trick.n) return player_of(m, m->hist[next]);
  return m->leader;
}

int dh_match_drawers(const dh_match *m, uint8_t *who) {
  const dh_rules *r = m->rules;
  int left = dh_deck_left(&r->deck) - m->nseats * m->hand_size, n = 0, t, i;
  if (!r->draw) return 0;
  for (t = 0; t < m->trick_no && left > 0; t++) {  /* as finish_trick draws */
    int w = winner_of(m, t);
    for (i = 0; i < m->nseats && left > 0; i++, left--) who[n++] = (uint8_t)((w + i) % m->nseats);
  }
  return n;
}

/* a trump exchange undone in the deal: the exchanger did not hold the
** turned card, and held the lowest trump (now m->upcard) unless one of
** its draws before the exchange brought it (the talon keeps its drawn
** cards: a second copy of the trump in a draw slot is that draw) */
static void undo_swap(const dh_match *m, dh_cardset *hands, int top, int nd) {
  int x = m->swap_seat, i, drawn = 0;
  for (i = top; i < top + nd && i < m->talon.n - 1; i++) drawn |= m->talon.cards[i] == m->upcard;
  hands[x] &= ~dh_set_of(m->swapped);
  if (!drawn) hands[x] |= dh_set_of(m->upcard);
}

/* the blind exchanges undone, the return first: each giver's cards
** (passed) back from its partner, the partner's back from the giver */
static void undo_blind_exchanges(const dh_match *m, dh_cardset *hands) {
  int s, p;
  for (s = 0; s < m->nseats; s++) {
    if (!dh_match_blind_giver(m, s)) continue;
    p = dh_match_partner(m, s);
    if (m->pass_mask >> p & 1) {
      hands[s] &= ~m->passed[p];
      hands[p] |= m->passed[p];
    }
    if (m->pass_mask >> s & 1) {
      hands[p] &= ~m->passed[s];
      hands[s] |= m->passed[s];
    }
  }
}

int dh_match_deal(const dh_match *m, dh_cardset *hands, dh_card *talon) {
  uint8_t who[64];
  int nd = dh_match_drawers(m, who), top = m->talon.top - nd, s, i, nt = 0;
  for (s = 0; s < m->nseats; s++) {
    hands[s] = (m->hand[s] | m->played_by[s] | m->discard[s]) & ~m->took[s];
    top -= dh_set_count(m->took[s]);  /* taken from the top: back on it */
  }
  for (i = 0; i < nd; i++) hands[who[i]] &= ~dh_set_of(m->talon.cards[top + i]);
  if (m->swapped != DH_NO_CARD) undo_swap(m, hands, top, nd);
  if (m->phase != DH_PHASE_PASS && m->rules->pass_count)  /* the passes were exchanged: undo them */
    for (s = 0; s < m->nseats; s++) hands[s] = (hands[s] & ~m->received[s]) | m->passed[s];
  if (m->rules->blind_exchange) undo_blind_exchanges(m, hands);
  /* a trump turned under was the top card before the turn; the dealer's
     turned card is named first (see stack_deal) */
  if ((m->rules->trump_mode == DH_TRUMP_TURN_UNDER || m->rules->trump_mode == DH_TRUMP_DEALER) &&
      m->upcard != DH_NO_CARD)
    talon[nt++] = m->swapped != DH_NO_CARD ? m->swapped : m->upcard;
  for (i = top; i < m->talon.n; i++)
    /* the card turned under lies last (a swapped trump now in its place) */
    if (m->rules->trump_mode != DH_TRUMP_TURN_UNDER || m->upcard == DH_NO_CARD || i != m->talon.n - 1) {
      if (m->rules->trump_mode == DH_TRUMP_DEALER && m->talon.cards[i] == m->upcard) continue;
      talon[nt++] = m->talon.cards[i];
    }
  return nt;
}

void dh_match_rewind(const dh_match *m, dh_match *out) {
  dh_cardset hands[DH_MAX_SEATS];
  dh_card talon[64];
  int nt = dh_match_deal(m, hands, talon), played = m->trick_no;
  if (out != m) *out = *m;
  clear_hand(out);
  out->winners = 0;
  if (played) {  /* the last trick now is of this hand; the one before it is gone */
    dh_trick_clear(&out->last);
    out->last_winner = DH_MAX_SEATS;
  }
  stack_deal(out, hands, talon, nt);  /* cannot fail: the deal of a valid match */
}

int dh_match_next(const dh_match *m) {
  return m->phase == DH_PHASE_OVER ? -1 : m->controller[m->turn];
}

int dh_match_legal(const dh_match *m, dh_cardset *out) {
  *out = 0;
  switch (m->phase) {
    case DH_PHASE_PASS: case DH_PHASE_EXCHANGE: *out = m->hand[m->turn]; return DH_OK;
    case DH_PHASE_PLAY: return dh_hand_allowed(m, m->turn, out);
    default: return DH_OK;
  }
}

int dh_match_legal_bids(const dh_match *m, int *out, int room) {
  return m->phase == DH_PHASE_BID ? dh_bid_list(m, out, room) : 0;
}

int dh_match_check_turn(const dh_match *m, int seat, int phase) {
  if (m->phase == DH_PHASE_OVER) return DH_E_GAME_OVER;
  if (m->phase != phase) return DH_E_WRONG_PHASE;
  if (seat != m->controller[m->turn]) return DH_E_NOT_YOUR_TURN;
  return DH_OK;
}

/* the sides with the best score, for a match stopped by the hands cap */
static int cap_winners(const dh_match *m) {
  const dh_rules *r = m->rules;
  int s, out = 0;
  int32_t best = m->score[0];
  for (s = 1; s < r->nsides; s++)
    if (r->low_wins ? m->score[s] < best : m->score[s] > best) best = m->score[s];
  for (s = 0; s < r->nsides; s++)
    if (m->score[s] == best) out |= 1 << s;
  return out;
}

/* out of line: its arrays would make every play align the stack */
__attribute__((noinline)) static int end_hand(dh_match *m) {
  const dh_rules *r = m->rules;
  int32_t pts[DH_MAX_SEATS], bags[DH_MAX_SEATS], score[DH_MAX_SEATS];
  int s, over = 0, winners = 0, err;
  if ((err = dh_points_eval(m, pts, bags)) != DH_OK) return err;
  for (s = 0; s < DH_MAX_SEATS; s++)
    score[s] = dh_points_clamp((int64_t)m->score[s] + (s < r->nsides ? pts[s] : 0));
  if ((err = dh_win_eval(m, score, &over, &winners)) != DH_OK) return err;
  memcpy(m->score, score, sizeof score);
  memcpy(m->hand_points, pts, sizeof pts);
  memcpy(m->bags, bags, sizeof bags);
  memcpy(m->last_tricks, m->tricks, sizeof m->tricks);
  if (!over && m->hand_no + 1 >= r->max_hands) { over = 1; winners = cap_winners(m); }
  if (over) {
    m->phase = DH_PHASE_OVER;
    m->winners = (uint8_t)winners;
    return DH_OK;
  }
  m->hand_no++;
  m->dealer = (uint8_t)left_of(m, m->dealer);
  start_hand(m);
  return DH_OK;
}

/* out of line: once a hand, when the opening lead shows a dummy */
__attribute__((noinline)) static void show_hands(dh_match *m) {
  int s;
  for (s = 0; s < m->nseats; s++)
    if (m->show_at_lead >> s & 1) m->known[s] = m->hand[s];
  m->show_at_lead = 0;
}

/* out of line: once a trick, and its calls would make every play save registers */
__attribute__((noinline)) static int finish_trick(dh_match *m) {
  const dh_rules *r = m->rules;
  int w, ws, i, err;
  if ((err = dh_play_winner(m, &m->trick, &w)) != DH_OK) return err;
  ws = m->trick.seats[w];
  m->tricks[ws]++;
  for (i = 0; i < m->trick.n; i++) m->taken[ws] |= dh_set_of(m->trick.cards[i]);
  m->last = m->trick;
  m->last_winner = (uint8_t)ws;
  m->trick_no++;
  dh_trick_clear(&m->trick);
  m->leader = m->turn = (uint8_t)ws;
  if (r->draw)  /* the winner draws first, then round to the left */
    for (i = 0; i < m->nseats && dh_deck_left(&m->talon) > 0; i++) {
      int s = (ws + i) % m->nseats;
      dh_card c = dh_deck_draw(&m->talon);
      m->hand[s] |= dh_set_of(c);
      m->excluded[s] = 0;  /* a drawn card may refill a void */
      m->voids[s] = 0;
      if (c == m->upcard) m->known[s] |= dh_set_of(c);  /* it was face up */
    }
  if (m->hand[ws] == 0) return end_hand(m);
  return DH_OK;
}

static int apply_play(dh_match *m, int seat, dh_card c) {
  int suit = dh_match_suit(m, c);
  dh_cardset one = dh_set_of(c);
  dh_hand_learn(m, seat, c, suit);
  m->hist[m->trick_no * m->nseats + m->trick.n] = c;
  m->hand[seat] &= ~one;
  m->known[seat] &= ~one;
  m->played |= one;
  m->played_by[seat] |= one;
  if (m->trick.n == 0) m->trick.led = (int8_t)suit;
  m->trick.cards[m->trick.n] = c;
  m->trick.seats[m->trick.n] = (uint8_t)seat;
  m->trick.n++;
  if (m->show_at_lead) show_hands(m);
  if (m->trick.n < m->nplaying) {
    m->turn = m->next_seat[seat];
    return DH_OK;
  }
  return finish_trick(m);
}

int dh_match_play(dh_match *m, int seat, dh_card c) {
  dh_cardset allowed;
  int err = dh_match_check_turn(m, seat, DH_PHASE_PLAY);
  if (err) return err;
  seat = m->turn;  /* the cards are the hand's whose turn it is (a dummy's) */
  if (dh_card_at(c & 63, m->rules->deck.layout) != c || !dh_set_has(m->hand[seat], c))
    return DH_E_CARD_NOT_IN_HAND;
  if ((err = dh_hand_allowed(m, seat, &allowed)) != DH_OK) return err;
  if (!dh_set_has(allowed, c)) return dh_hand_why(m, seat, c);
  if (m->rules->has_calls && m->trick.n + 1 >= m->nplaying) {  /* scoring may call a rule that fails */
    dh_match tmp = *m;
    if ((err = apply_play(&tmp, seat, c)) != DH_OK) return err;
    *m = tmp;
    return DH_OK;
  }
  return apply_play(m, seat, c);
}

int dh_match_play_legal(dh_match *m, dh_card c) {
  if (m->rules->has_calls && m->trick.n + 1 >= m->nplaying) {
    dh_match tmp = *m;
    int err = apply_play(&tmp, m->turn, c);
    if (err == DH_OK) *m = tmp;
    return err;
  }
  return apply_play(m, m->turn, c);
}

static int exchange_next(const dh_match *m);

int dh_match_bid(dh_match *m, int seat, int bid) {
  int ok, s, err = dh_match_check_turn(m, seat, DH_PHASE_BID);
  if (err) return err;
  if (bid < DH_BID_BLIND_NIL || bid > 64) return DH_E_BAD_BID;
  if ((err = dh_bid_allowed(m, seat, bid, &ok)) != DH_OK) return err;
  if (!ok) return DH_E_BAD_BID;
  m->bid[seat] = (int8_t)bid;
  m->turn = m->next_seat[seat];   /* (a seat a script sat out does not bid) */
  if (!bids_made(m)) return DH_OK;
  if (m->rules->blind_exchange && (s = exchange_next(m)) >= 0) {
    m->phase = DH_PHASE_EXCHANGE;
    m->turn = (uint8_t)s;
    return DH_OK;
  }
  after_bids(m);
  return DH_OK;
}

/* the seat that gives next in the blind exchanges, or -1 when all are
** done: the givers in bidding order, each followed by its partner */
static int exchange_next(const dh_match *m) {
  int k, s, p;
  for (k = 1; k <= m->nseats; k++) {
    s = (m->dealer + k) % m->nseats;
    if (!dh_match_blind_giver(m, s)) continue;
    if (!(m->pass_mask >> s & 1)) return s;
    p = dh_match_partner(m, s);
    if (!(m->pass_mask >> p & 1)) return p;
  }
  return -1;
}

/* seat gives cards to the other seat of its blind exchange, face down and
** at once (its partner chooses its return from a hand that holds them) */
static int exchange_give(dh_match *m, int seat, dh_cardset cards) {
  int to = exchange_partner(m, seat), next;
  if (cards & ~m->hand[seat]) return DH_E_CARD_NOT_IN_HAND;
  if (dh_set_count(cards) != m->rules->blind_exchange || to < 0) return DH_E_BAD_PASS;
  m->hand[seat] &= ~cards;
  m->hand[to] |= cards;
  m->passed[seat] = cards;
  m->received[to] = cards;
  m->pass_mask |= (uint8_t)(1 << seat);
  if ((next = exchange_next(m)) >= 0) m->turn = (uint8_t)next;
  else after_bids(m);
  return DH_OK;
}

int dh_match_pass(dh_match *m, int seat, dh_cardset cards) {
  int s, err;
  if (m->phase == DH_PHASE_EXCHANGE) {
    if (seat != m->controller[m->turn]) return DH_E_NOT_YOUR_TURN;
    return exchange_give(m, seat, cards);
  }
  if ((err = dh_match_check_turn(m, seat, DH_PHASE_PASS)) != DH_OK) return err;
  if (cards & ~m->hand[seat]) return DH_E_CARD_NOT_IN_HAND;
  if (dh_set_count(cards) != m->rules->pass_count) return DH_E_BAD_PASS;
  m->passed[seat] = cards;
  m->pass_mask |= (uint8_t)(1 << seat);
  for (s = left_of(m, seat); s != seat; s = left_of(m, s))
    if (!((m->pass_mask >> s) & 1)) { m->turn = (uint8_t)s; return DH_OK; }
  /* everyone has chosen: the cards change hands together */
  for (s = 0; s < m->nseats; s++) m->hand[s] &= ~m->passed[s];
  for (s = 0; s < m->nseats; s++) {
    int to = dh_match_pass_target(m, s);
    m->hand[to] |= m->passed[s];
    m->received[to] = m->passed[s];
  }
  enter_bid(m);
  return DH_OK;
}

/* ------------------------------------------------ the phase ops */

static int check_script(const dh_match *m, int seat) {
  if (m->phase == DH_PHASE_OVER) return DH_E_GAME_OVER;
  if (m->phase != DH_PHASE_SCRIPT) return DH_E_WRONG_PHASE;
  if (seat < -1 || seat >= m->nseats) return DH_E_BAD_SEAT;
  return DH_OK;
}

int dh_match_set_turn(dh_match *m, int seat) {
  int err = check_script(m, seat);
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (m->out_mask >> seat & 1) return DH_E_BAD_OP;
  m->turn = (uint8_t)seat;
  return DH_OK;
}

int dh_match_set_step(dh_match *m, int step, int seat) {
  int err = check_script(m, seat);
  if (err) return err;
  if (step < 1 || step > 255) return DH_E_BAD_OP;
  if (seat < 0) seat = m->next_seat[m->dealer];
  if (m->out_mask >> seat & 1) return DH_E_BAD_OP;
  if (step == m->rules->bid_step && m->rules->bidding && !bids_made(m)) {
    enter_bids(m, step, seat);   /* the bids come before this phase */
    return DH_OK;
  }
  m->step = (uint8_t)step;
  m->turn = (uint8_t)seat;
  return DH_OK;
}

int dh_match_set_var(dh_match *m, int i, int v) {
  int err = check_script(m, 0);
  if (err) return err;
  if (i < 0 || i >= 8 || v < INT16_MIN || v > INT16_MAX) return DH_E_BAD_OP;
  m->vars[i] = (int16_t)v;
  return DH_OK;
}

int dh_match_set_trump(dh_match *m, int suit) {
  int err = check_script(m, 0);
  if (err) return err;
  if (suit < 0 || suit > DH_NOSUIT) return DH_E_BAD_OP;
  m->trump = (uint8_t)suit;
  m->table = m->rules->trump_table[suit];
  return DH_OK;
}

int dh_match_set_table(dh_match *m, int k) {
  int err = check_script(m, 0);
  if (err) return err;
  if (k < 0 || k > m->rules->ntables) return DH_E_BAD_OP;
  m->table = (uint8_t)k;
  return DH_OK;
}

int dh_match_set_declarer(dh_match *m, int seat) {
  int err = check_script(m, seat);
  if (err) return err;
  m->declarer = (uint8_t)(seat < 0 ? DH_MAX_SEATS : seat);
  return DH_OK;
}

int dh_match_take(dh_match *m, int seat, int n) {
  int err = check_script(m, seat), i;
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (n < 1 || n > dh_deck_left(&m->talon)) return DH_E_BAD_OP;
  for (i = 0; i < n; i++) {
    dh_card c = dh_deck_draw(&m->talon);
    m->hand[seat] |= dh_set_of(c);
    m->took[seat] |= dh_set_of(c);
    if (c == m->upcard) m->known[seat] |= dh_set_of(c);  /* it was face up */
  }
  return DH_OK;
}

int dh_match_discard(dh_match *m, int seat, dh_cardset cards) {
  int err = check_script(m, seat), s;
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (!cards) return DH_E_BAD_OP;
  if (cards & ~m->hand[seat]) return DH_E_CARD_NOT_IN_HAND;
  m->hand[seat] &= ~cards;
  m->discard[seat] |= cards;
  /* a card everyone saw go into the hand may now be in the hand or face
     down in the discard: no longer known to be held, but known to be
     nowhere else */
  for (s = 0; s < m->nseats; s++)
    if (s != seat) m->excluded[s] |= m->known[seat];
  m->known[seat] = 0;
  return DH_OK;
}

int dh_match_sit_out(dh_match *m, int seat) {
  int err = check_script(m, seat), s, t;
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if ((m->out_mask >> seat & 1) || m->nplaying <= 2) return DH_E_BAD_OP;
  m->out_mask |= (uint8_t)(1 << seat);
  m->nplaying--;
  for (s = 0; s < m->nseats; s++) {  /* each seat's next seat that plays */
    for (t = left_of(m, s); m->out_mask >> t & 1; t = left_of(m, t)) {}
    m->next_seat[s] = (uint8_t)t;
  }
  if (m->turn == seat) m->turn = m->next_seat[seat];
  return DH_OK;
}

int dh_match_control(dh_match *m, int seat, int by) {
  int err = check_script(m, seat);
  if (err) return err;
  if (seat < 0 || by < 0 || by >= m->nseats) return DH_E_BAD_SEAT;
  if (m->out_mask >> by & 1) return DH_E_BAD_OP;
  m->controller[seat] = (uint8_t)by;
  return DH_OK;
}

int dh_match_set_team(dh_match *m, int seat, int team) {
  int err = check_script(m, seat);
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (team < 0 || team >= DH_MAX_SEATS) return DH_E_BAD_OP;
  m->team[seat] = (uint8_t)team;
  return DH_OK;
}

int dh_match_expose(dh_match *m, int seat, int after_lead) {
  int err = check_script(m, seat);
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (after_lead) m->show_at_lead |= (uint8_t)(1 << seat);
  else m->known[seat] = m->hand[seat];
  return DH_OK;
}

int dh_match_show(dh_match *m, int seat, dh_cardset cards) {
  int err = check_script(m, seat);
  if (err) return err;
  if (seat < 0) return DH_E_BAD_SEAT;
  if (cards & ~m->hand[seat]) return DH_E_CARD_NOT_IN_HAND;
  m->known[seat] |= cards;
  return DH_OK;
}

int dh_match_start_play(dh_match *m, int leader) {
  int err = check_script(m, leader), s, size = -1;
  if (err) return err;
  if (leader >= 0 && (m->out_mask >> leader & 1)) return DH_E_BAD_OP;
  for (s = 0; s < m->nseats; s++) {
    int n = dh_set_count(m->hand[s]);
    if (m->out_mask >> s & 1) continue;
    if (size >= 0 && n != size) return DH_E_BAD_OP;
    size = n;
  }
  if (size < 1) return DH_E_BAD_OP;
  if (m->rules->bidding && !bids_made(m)) {
    enter_bids(m, 0, leader);   /* no phase came after the bids: they come now */
    return DH_OK;
  }
  enter_play(m, leader);
  return DH_OK;
}

int dh_match_end_hand(dh_match *m) {
  dh_match tmp;
  int err = check_script(m, 0);
  if (err) return err;
  tmp = *m;
  if ((err = end_hand(&tmp)) != DH_OK) return err;
  *m = tmp;
  return DH_OK;
}
