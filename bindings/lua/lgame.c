/*
** lgame.c -- deckhand.Game, a match being played: its primitives (play,
** bid, pass, exchange, legal, playout, playouts) and the protocol's fast
** moves and apply, which the Lua layer composes with its own part.
**
** The layers: this file and its siblings (lgame.h) know the engine and
** nothing of the package's Lua.  deckhand/game.lua (with
** deckhand/protocol.lua) sits over them as re.lua sits over lpeg: it
** builds what is better said in Lua (moves given as texts, the moves of
** the pass phases, phase scripts) from these primitives, and gives it to
** core.compose_protocol, which makes the protocol's moves, apply and
** phase: C closures that take the hot forms (a Card, a bid) themselves
** and hand every other form to the Lua part they hold.  Nothing here
** looks the Lua part up: before it is composed a Game has no moves or
** apply at all.
*/
#include "clock.h"
#include "lgame.h"
#include "playout.h"
#include "policy.h"

/* dhL_pushset with the CardSet metatable from the upvalue: legal() and
** moves() are called for every card a Lua strategy plays.  A set of one or
** two cards (two decisions in five of a random Spades deal) is made once
** per layout and kept in the UP_SMALL table: a CardSet cannot change, so
** every caller may share it, and a new userdata per call (its allocation
** and its collection) cost more than the rest of moves(). */
void dhG_push_set(lua_State *L, dh_cardset s, int layout) {
  dhL_set *u;
  dh_cardset rest = s & (s - 1);  /* s without its first card */
  lua_Integer key = 0;
  if (s && !(rest & (rest - 1))) {  /* one or two cards */
    key = 1 + dh_set_first(s) + 64 * (rest ? dh_set_first(rest) + 1 : 0) + 4096 * (lua_Integer)layout;
    if (lua_rawgeti(L, lua_upvalueindex(UP_SMALL), key) == LUA_TUSERDATA) return;
    lua_pop(L, 1);
  }
  u = (dhL_set *)lua_newuserdatauv(L, sizeof(dhL_set), 0);
  u->bits = s;
  u->layout = layout;
  u->tag = DH_TAG_SET;
  lua_pushvalue(L, lua_upvalueindex(UP_SET));
  lua_setmetatable(L, -2);
  if (key) {
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(UP_SMALL), key);
  }
}

/* legal actions of the seat to act: a CardSet (pass, play) or a list (bid);
** nil when over (or, in a view, when another seat is to act) */
int dhG_legal(lua_State *L) {
  void *game = togame(L, 1);
  const dh_match *m = (const dh_match *)game;
  dh_view *v = NULL;
  if (!m) {
    v = (dh_view *)testclass(L, 1, UP_VIEW);
    m = v ? &v->m : tomatch(L, 1);
  }
  if (m->phase == DH_PHASE_OVER || (v && dh_match_next(m) != v->seat)) { lua_pushnil(L); return 1; }
  dhL_rules_enter(L, m->rules);
  if (m->phase == DH_PHASE_BID) {
    int bids[72], n = dh_match_legal_bids(m, bids, 72), i;
    if (n < 0) return dhL_rules_raise(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) { lua_pushinteger(L, bids[i]); lua_rawseti(L, -2, i + 1); }
  } else {
    dh_cardset s;
    if (dh_match_legal(m, &s) != DH_OK) return dhL_rules_raise(L);
    if (game && m->phase == DH_PHASE_PLAY && !m->rules->has_calls) {
      alog *a = ((lgame *)game)->log;  /* play() may trust these cards */
      a->legal = s;
      a->legal_at = a->n + 1;
    }
    dhG_push_set(L, s, m->rules->deck.layout);
  }
  return 1;
}

/* a deal that does not fit: raised without a position, as luaL_error
** would give the line of deckhand.game that called here, a file of the
** package, not the caller's */
static int deal_error(lua_State *L, const char *msg) {
  lua_pushstring(L, msg);
  return lua_error(L);
}

/* core.game(rules, seed, dealer [, hands [, talon [, variant [, deal]]]]):
** hands a list per seat; with a variant, the game keeps what it was
** started from (variant, the seed and dealer as given, deal) for
** core.game_origin */
static int game_new(lua_State *L) {
  const dh_rules *r = dhL_checkrules(L, 1);
  uint64_t seed = (uint64_t)luaL_checkinteger(L, 2);
  int dealer = (int)luaL_optinteger(L, 3, 1) - 1, s;
  dh_match *m;
  lua_settop(L, 7);  /* the game goes above the arguments, however many were given */
  luaL_argcheck(L, dealer >= 0 && dealer < r->nseats, 3, "dealer out of range");
  if (lua_isnoneornil(L, 4)) {
    m = dhG_push_game(L, 1);
    dh_match_init(m, r, seed, dealer);
  } else {
    dh_cardset hands[DH_MAX_SEATS] = { 0 };
    dh_card talon[64];
    int nt = 0;
    luaL_checktype(L, 4, LUA_TTABLE);
    for (s = 0; s < r->nseats; s++) {
      lua_geti(L, 4, s + 1);
      if (lua_isnil(L, -1)) return deal_error(L, lua_pushfstring(L, "deal: no hand for seat %d", s + 1));
      hands[s] = dhL_checkset(L, lua_gettop(L), NULL);
      lua_pop(L, 1);
    }
    if (!lua_isnoneornil(L, 5)) {
      lua_Integer i, n;
      luaL_checktype(L, 5, LUA_TTABLE);
      n = luaL_len(L, 5);
      if (n > 64) return deal_error(L, "deal: talon too long");
      for (i = 1; i <= n; i++) {
        lua_geti(L, 5, i);
        talon[nt++] = dhL_checkcard(L, lua_gettop(L));
        lua_pop(L, 1);
      }
    }
    m = dhG_push_game(L, 1);
    if (!dh_match_init_deal(m, r, seed, dealer, hands, talon, nt))
      return deal_error(L, lua_pushfstring(L, "deal: each seat needs %d distinct cards of the deck, "
                                              "the talon other cards of the deck", r->sizes[0]));
  }
  dhG_set_new_log(L, -1, 64);
  if (!lua_isnoneornil(L, 6)) {
    static const int from[] = { 6, 2, 3, 7 };
    int i;
    for (i = 0; i < 4; i++) {
      lua_pushvalue(L, from[i]);
      lua_setiuservalue(L, -2, UV_VARIANT + i);
    }
  }
  return 1;
}

/* core.game_origin(game) -> {variant, seed, dealer, deal} as given to
** core.game (clones share them), or nil (also for a View or a State) */
static int game_origin(lua_State *L) {
  static const char *const names[] = { "variant", "seed", "dealer", "deal" };
  int i;
  if (!togame(L, 1)) {
    tomatch(L, 1);  /* a View or a State has none; anything else is a mistake */
    lua_pushnil(L);
    return 1;
  }
  if (lua_getiuservalue(L, 1, UV_VARIANT) <= LUA_TNIL) return 1;  /* nil: none */
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  for (i = 0; i < 4; i++) {
    lua_getiuservalue(L, 1, UV_VARIANT + i);
    lua_setfield(L, -2, names[i]);
  }
  return 1;
}

/* the message of each refusal code (match.h): a format of one string,
** or (not_your_turn) of the seat and the seat to act.  Exported as
** core.refusals, name -> format, for the protocol module: one text a code. */
static const char *const refusal_fmt[DH_E_NCODES] = {
  [DH_E_GAME_OVER] = "game over",
  [DH_E_WRONG_PHASE] = "wrong phase: %s",
  [DH_E_NOT_YOUR_TURN] = "not seat %d's turn (seat %d acts)",
  [DH_E_CARD_NOT_IN_HAND] = "card not in player hand: %s",
  [DH_E_MUST_FOLLOW_SUIT] = "must follow suit: %s",
  [DH_E_SUIT_NOT_BROKEN] = "suit not broken: %s",
  [DH_E_MUST_TRUMP] = "must trump: %s",
  [DH_E_MUST_OVERTRUMP] = "must overtrump: %s",
  [DH_E_FIRST_TRICK] = "not allowed on the first trick: %s",
  [DH_E_MUST_LEAD] = "must lead the opening card: %s",
  [DH_E_ILLEGAL_CARD] = "illegal card: %s",
  [DH_E_BAD_BID] = "bad bid: %s",
  [DH_E_BAD_PASS] = "must pass %s cards",
  [DH_E_MUST_BEAT] = "must beat the trick: %s",
  [DH_E_CANNOT_EXCHANGE] = "cannot exchange: %s",
  [DH_E_ILLEGAL_MOVE] = "'%s' is not a legal move now",
};

/* nil, message, code for a refused action (Lua's order, as io.open: the
** message second, so that assert() shows it); fmt NULL: the code's own */
int dhG_refuse(lua_State *L, int code, const char *fmt, const char *arg) {
  if (code == DH_E_RULE) return dhL_rules_raise(L);
  if (!fmt) fmt = refusal_fmt[code] ? refusal_fmt[code] : "illegal card: %s";
  lua_pushnil(L);
  lua_pushfstring(L, fmt, arg);
  lua_pushstring(L, dh_error_name(code));
  return 3;
}

/* the refusal of a primitive whose code is about the turn or the phase,
** or about what (a card's name) */
int dhG_turn_refusal(lua_State *L, const dh_match *m, int code, const char *what) {
  if (code == DH_E_NOT_YOUR_TURN) {
    lua_pushnil(L);
    lua_pushfstring(L, refusal_fmt[code], (int)lua_tointeger(L, 2), dh_match_next(m) + 1);
    lua_pushstring(L, dh_error_name(code));
    return 3;
  }
  if (code == DH_E_WRONG_PHASE) return dhG_refuse(L, code, NULL, dhG_phase_names[m->phase]);
  if (code == DH_E_GAME_OVER) return dhG_refuse(L, code, "game over%s", "");
  return dhG_refuse(L, code, NULL, what);
}

/* plays c for seat and logs it: true, or nil, message, code */
static int do_play(lua_State *L, dh_match *m, int seat, dh_card c) {
  char name[DH_CARD_NAMELEN];
  const alog *a = ((const lgame *)(void *)m)->log;
  int err, hand = m->hand_no;
  dhL_rules_enter(L, m->rules);
  if (a->legal_at == a->n + 1 && seat == dh_match_next(m) && dh_set_has(a->legal, c) &&
      dh_card_at(c & 63, m->rules->deck.layout) == c)
    err = dh_match_play_legal(m, c);  /* legal() or moves() has just said so */
  else
    err = dh_match_play(m, seat, c);
  if (err) {
    dh_card_name(c, name);
    return dhG_turn_refusal(L, m, err, name);
  }
  log_action(L, m, ACT_PLAY, seat, c, 0, 0);
  dhG_log_hand_end(L, m, hand);
  lua_pushboolean(L, 1);
  return 1;
}

static int game_play(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  return do_play(L, m, seat, dhL_checkcard(L, 3));
}

/* game:bid(seat, n) */
/* bids b for seat and logs it: true, or nil, message, code */
static int do_bid(lua_State *L, dh_match *m, int seat, lua_Integer b) {
  int err;
  dhL_rules_enter(L, m->rules);
  if (m->phase == DH_PHASE_OVER) err = DH_E_GAME_OVER;
  else if (m->phase != DH_PHASE_BID) err = DH_E_WRONG_PHASE;
  else if (seat != m->turn) err = DH_E_NOT_YOUR_TURN;
  else if (b < DH_BID_BLIND_NIL || b > 64) err = DH_E_BAD_BID;
  else err = dh_match_bid(m, seat, (int)b);
  if (err) {
    lua_pushfstring(L, "%I", (LUAI_UACINT)b);
    if (err == DH_E_BAD_BID) return dhG_refuse(L, err, NULL, lua_tostring(L, -1));
    return dhG_turn_refusal(L, m, err, lua_tostring(L, -1));
  }
  log_action(L, m, ACT_BID, seat, b + 8, 0, 0);
  lua_pushboolean(L, 1);
  return 1;
}

static int game_bid(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  return do_bid(L, m, seat, luaL_checkinteger(L, 3));
}

/* game:pass(seat, cards) */
static int game_pass(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), err;
  dh_cardset s = dhL_checkset(L, 3, NULL);
  err = dh_match_pass(m, seat, s);
  if (err == DH_E_CARD_NOT_IN_HAND) {
    char name[DH_CARD_NAMELEN];
    dh_card_name(dh_card_at(dh_set_first(s & ~m->hand[seat]), m->rules->deck.layout), name);
    return dhG_refuse(L, err, NULL, name);
  }
  if (err == DH_E_BAD_PASS) {
    lua_pushfstring(L, "%d", dh_match_pass_count(m, seat));
    return dhG_refuse(L, err, NULL, lua_tostring(L, -1));
  }
  if (err) return dhG_turn_refusal(L, m, err, "");
  log_action(L, m, ACT_PASS, seat, 0, 1, (lua_Integer)s);
  lua_pushboolean(L, 1);
  return 1;
}

/* game:exchange(seat): the lowest trump for the turned card (the rules'
** trump_exchange) -> true | nil, message, code */
static int game_exchange(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), err = dh_match_exchange(m, seat);
  if (err == DH_E_CANNOT_EXCHANGE) {
    const char *why = !m->rules->trump_exchange ? "the variant has no trump exchange"
                    : m->swapped != DH_NO_CARD ? "the turned card was exchanged already"
                    : m->rules->trump_exchange == 2 && m->trick_no > 0 ? "only during the first trick"
                    : dh_deck_left(&m->talon) < 2 ? "the talon is down to the turned card"
                    : "the lowest trump is not in the hand";
    return dhG_refuse(L, err, NULL, why);
  }
  if (err) return dhG_turn_refusal(L, m, err, "exchange");
  log_action(L, m, ACT_EXCHANGE, seat, 0, 0, 0);
  lua_pushboolean(L, 1);
  return 1;
}

/* game:can_exchange() / view:can_exchange() -> whether the seat to act
** (a view's: its own seat only) may exchange the lowest trump now */
int dhG_can_exchange(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : (dh_view *)testclass(L, 1, UP_VIEW);
  const dh_match *m = game ? (const dh_match *)game : v ? &v->m : tomatch(L, 1);
  lua_pushboolean(L, (!v || dh_match_next(m) == v->seat) && dh_match_can_exchange(m));
  return 1;
}

/* the protocol's moves and apply take the hot forms themselves (the play
** phase's cards, bids) and give the others to the Lua part the layer
** above composed them with (UP_LUA, see compose_protocol): the moves of
** the pass phases and of phase scripts, moves given as texts or card
** lists.  Calls it with the nargs values on top; its results are ours. */
static int call_lua(lua_State *L, int nargs) {
  int base = lua_gettop(L) - nargs;
  lua_pushvalue(L, lua_upvalueindex(UP_LUA));
  lua_insert(L, base + 1);
  lua_call(L, nargs, LUA_MULTRET);
  return lua_gettop(L) - base;
}

/* the bid Moves of the match's rules, one per bid value, made by the Lua
** part on first use and kept in the UP_BIDS table, weakly keyed by the
** Rules; each Move's bid is in UP_BID_OF, weakly keyed by the Move, for
** apply().  Pushes the Move of bid b. */
static void push_bid_move(lua_State *L, int cache, int b) {
  if (lua_rawgeti(L, cache, b - DH_BID_BLIND_NIL + 1) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, b);
  call_lua(L, 2);
  lua_settop(L, cache + 2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, cache, b - DH_BID_BLIND_NIL + 1);
  lua_pushvalue(L, -1);
  lua_pushinteger(L, b);
  lua_rawset(L, lua_upvalueindex(UP_BID_OF));
}

/* game:moves() / view:moves() -> the legal moves of the seat to act.  In
** the play phase a CardSet of the legal cards: a list of Cards that costs
** no more than legal() (#moves, moves[i], ipairs; rng:pick takes it); in
** the other phases a table of Moves.  An empty list when the match is
** over (or, in a view, when another seat acts). */
static int m_moves(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : checkview(L, 1);
  const dh_match *m = game ? (const dh_match *)game : &v->m;
  dh_cardset s;
  if (m->phase == DH_PHASE_OVER || (v && dh_match_next(m) != v->seat)) {
    lua_newtable(L);
    return 1;
  }
  if (m->phase == DH_PHASE_BID) {
    int bids[72], n = dh_match_legal_bids(m, bids, 72), i, cache;
    lua_settop(L, 1);
    dhL_rules_enter(L, m->rules);
    if (n < 0) return dhL_rules_raise(L);
    lua_getiuservalue(L, 1, 1);  /* the Rules: a Game's and a View's first user value */
    if (lua_rawget(L, lua_upvalueindex(UP_BIDS)) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_getiuservalue(L, 1, 1);
      lua_pushvalue(L, -2);
      lua_rawset(L, lua_upvalueindex(UP_BIDS));
    }
    cache = lua_gettop(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
      push_bid_move(L, cache, bids[i]);
      lua_rawseti(L, cache + 1, i + 1);
    }
    return 1;
  }
  if (m->phase != DH_PHASE_PLAY) {
    lua_settop(L, 1);
    return call_lua(L, 1);
  }
  dhL_rules_enter(L, m->rules);
  if (dh_match_legal(m, &s) != DH_OK) return dhL_rules_raise(L);
  if (game && !m->rules->has_calls) {
    alog *a = ((lgame *)game)->log;  /* apply() may trust these cards */
    a->legal = s;
    a->legal_at = a->n + 1;
  }
  /* the trump exchange is a move beside the cards: the Lua part lists both */
  if (m->rules->trump_exchange && dh_match_can_exchange(m)) {
    lua_settop(L, 1);
    dhG_push_set(L, s, m->rules->deck.layout);
    return call_lua(L, 2);
  }
  dhG_push_set(L, s, m->rules->deck.layout);  /* above whatever else was passed */
  return 1;
}

/* is the value at arg one of the bid Moves that moves() gave (for any
** rules: the Lua part would bid its bid too)?  Then *b is its bid. */
static int is_bid_move(lua_State *L, int arg, lua_Integer *b) {
  int isnum;
  if (lua_type(L, arg) != LUA_TTABLE) return 0;
  lua_pushvalue(L, arg);
  lua_rawget(L, lua_upvalueindex(UP_BID_OF));
  *b = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  return isnum;
}

/* game:apply(seat, move [, amount]) -> true, or nil, message, code: a
** Card is played here, a bid (a number or a bid Move) bid here; anything
** else (a Move, its text, a list of cards to pass) goes to the Lua part */
static int game_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  const dhL_card *card = dhL_tocard(L, 3);
  lua_Integer b;
  if (lua_isnoneornil(L, 4)) {
    if (card) return do_play(L, m, seat, card->c);
    if (lua_isinteger(L, 3)) return do_bid(L, m, seat, lua_tointeger(L, 3));
    if (is_bid_move(L, 3, &b)) return do_bid(L, m, seat, b);
  }
  lua_settop(L, 4);
  return call_lua(L, 4);
}

static int game_clone(lua_State *L) {
  dh_match *m = checkgame(L, 1), *c;
  alog *a = get_log(L, 1), *b;
  int i;
  lua_getiuservalue(L, 1, 1);
  c = dhG_push_game(L, -1);
  *c = *m;
  b = dhG_set_new_log(L, -1, a->cap);
  memcpy(b->e, a->e, (size_t)a->n * sizeof(int64_t));
  b->n = a->n;
  for (i = UV_VARIANT; i <= UV_DEAL; i++) {
    lua_getiuservalue(L, 1, i);
    lua_setiuservalue(L, -2, i);
  }
  return 1;
}

/* core.playout(game, rng [, hand_only]): random legal actions to the end of the
** match (or of the hand), chosen and applied in C, logged like any other
** (a prefab phase's move as a script move, by its code).  It stops where a
** phase script in Lua acts (the Lua layer's game:playout goes on). */
static int game_playout(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  int hand_only = lua_toboolean(L, 3), hand = m->hand_no, err = DH_OK;
  dhL_rules_enter(L, m->rules);
  while (m->phase != DH_PHASE_OVER && (m->phase != DH_PHASE_SCRIPT || m->rules->phase) &&
         (!hand_only || m->hand_no == hand)) {
    dh_action a;
    int before = m->hand_no;
    if ((err = dh_playout_pick(m, r, &a)) != DH_OK) break;
    if ((err = dh_playout_act(m, &a)) != DH_OK) break;
    if (a.kind == DH_ACT_PLAY) log_action(L, m, ACT_PLAY, a.seat, a.card, 0, 0);
    else if (a.kind == DH_ACT_BID) log_action(L, m, ACT_BID, a.seat, a.bid + 8, 0, 0);
    else if (a.kind == DH_ACT_PHASE) log_action(L, m, ACT_SCRIPT, a.seat, a.move, 0, 0);
    else log_action(L, m, ACT_PASS, a.seat, 0, 1, (lua_Integer)a.cards);
    dhG_log_hand_end(L, m, before);
  }
  if (err == DH_E_RULE) return dhL_rules_raise(L);
  /* a finished hand (or match), or an error: never a game stopped halfway */
  if (err != DH_OK) return luaL_error(L, "playout stopped: %s", dh_error_name(err));
  lua_settop(L, 1);
  return 1;
}

static const char *const policy_names[] = { "random", "greedy", "contract", NULL };

/* game:playouts(rng, n [, policy]) -> mean points per side, mean tricks per
** seat: n completions of the current hand, each on a copy, all in C (the
** game itself does not change), cards chosen by the policy ("random",
** "greedy" or "contract", see policy.h).  The bulk call of Monte Carlo strategies. */
static int game_playouts(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  lua_Integer n = luaL_checkinteger(L, 3), i;
  int policy = luaL_checkoption(L, 4, "random", policy_names);
  double points[DH_MAX_SEATS] = { 0 }, tricks[DH_MAX_SEATS] = { 0 }, deadline;
  int s;
  luaL_argcheck(L, n >= 1, 3, "at least one playout");
  /* a bot that plays a world's last card and then asks for playouts
  ** finds the match over: say where the hand's points are */
  if (m->phase == DH_PHASE_OVER)
    return luaL_error(L, "playouts: the match is over (the last hand's points: game:hand_points())");
  if (m->phase == DH_PHASE_SCRIPT && !m->rules->phase)
    return luaL_error(L, "a phase script acts: playouts start in the play");
  dhL_rules_enter(L, m->rules);
  deadline = dhL_deadline(L);
  for (i = 0; i < n; i++) {
    dh_match c = *m;
    /* under a bot's limit or a game's rule time: no count hook runs here */
    if (deadline > 0 && (i & 63) == 63 && dh_clock_now() >= deadline)
      return luaL_error(L, "playouts: over the time limit after %I of %I", i, n);
    if (dh_playout_hand_policy(&c, r, policy) == DH_E_RULE) return dhL_rules_raise(L);
    for (s = 0; s < c.rules->nsides; s++) points[s] += c.hand_points[s];
    for (s = 0; s < c.nseats; s++) tricks[s] += c.last_tricks[s];
  }
  lua_createtable(L, m->rules->nsides, 0);
  for (s = 0; s < m->rules->nsides; s++) { lua_pushnumber(L, points[s] / (double)n); lua_rawseti(L, -2, s + 1); }
  lua_createtable(L, m->nseats, 0);
  for (s = 0; s < m->nseats; s++) { lua_pushnumber(L, tricks[s] / (double)n); lua_rawseti(L, -2, s + 1); }
  return 2;
}

/* game:deal() -> the current hand as dealt: a CardSet per seat (before
** passes and draws) and talon, the talon's cards top first; the form
** deckhand.game's deal option takes */
static int game_deal(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_cardset hands[DH_MAX_SEATS];
  dh_card talon[64];
  int nt = dh_match_deal(m, hands, talon), i;
  lua_createtable(L, m->nseats, 1);
  for (i = 0; i < m->nseats; i++) {
    dhL_pushset(L, hands[i], m->rules->deck.layout);
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, nt, 0);
  for (i = 0; i < nt; i++) { pushcard(L, talon[i]); lua_rawseti(L, -2, i + 1); }
  lua_setfield(L, -2, "talon");
  return 1;
}

/* game:rewind() -> a new Game as this one was when its current hand was
** dealt (no actions logged, no record) */
static int game_rewind(lua_State *L) {
  dh_match *m = checkgame(L, 1), *c;
  lua_getiuservalue(L, 1, 1);
  c = dhG_push_game(L, -1);
  dh_match_rewind(m, c);
  dhG_set_new_log(L, -1, 64);
  return 1;
}

/* game:talon() -> the cards left in the talon, as a CardSet (a game's
** only: a view does not see them) */
static int game_talon(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_cardset s = 0;
  int i;
  for (i = m->talon.top; i < m->talon.n; i++) s |= dh_set_of(m->talon.cards[i]);
  dhG_push_set(L, s, m->rules->deck.layout);
  return 1;
}

/* game:rules() -> the Rules */
static int game_rules(lua_State *L) {
  checkgame(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* game:view(seat) -> a View */
static int game_view(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  int seat = checkseat(L, 2, m);
  dh_view *v = (dh_view *)lua_newuserdatauv(L, sizeof(dh_view), 1);
  lua_pushvalue(L, lua_upvalueindex(UP_VIEW));
  lua_setmetatable(L, -2);
  dh_view_make(m, seat, v);
  lua_getiuservalue(L, 1, 1);
  lua_setiuservalue(L, -2, 1);
  return 1;
}


static int view_tostring(lua_State *L) {
  dh_view *v = checkview(L, 1);
  lua_pushfstring(L, "View(seat %d, hand %d, %s)", v->seat + 1, v->m.hand_no + 1, dhG_phase_names[v->m.phase]);
  return 1;
}

static int game_tostring(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  lua_pushfstring(L, "Game(hand %d, %s)", m->hand_no + 1, dhG_phase_names[m->phase]);
  return 1;
}


/* the Game's primitives (beside the shared reads); moves and apply come
** with the protocol (compose_protocol), playout as the Lua layer makes it
** of core.playout */
static const luaL_Reg game_methods[] = {
  { "hands", dhG_hands }, { "talon", game_talon },
  { "play", game_play }, { "bid", game_bid }, { "pass", game_pass }, { "exchange", game_exchange },
  { "clone", game_clone }, { "actions", dhG_actions }, { "playouts", game_playouts },
  { "view", game_view }, { "deal", game_deal }, { "rewind", game_rewind },
  { "rules", game_rules }, { NULL, NULL }
};

/* pushes the closure of f with the NUP upvalues at mod + 1 .. mod + NUP
** and, when lua is not 0, the value at lua as UP_LUA */
static void push_closure(lua_State *L, int mod, lua_CFunction f, int lua) {
  int i;
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  if (lua) lua_pushvalue(L, lua);
  lua_pushcclosure(L, f, lua ? NUP + 1 : NUP);
}

/* the upvalues of the module's functions, as dhL_open_game made them:
** kept in the upvalues of compose_protocol itself */
static int push_upvalues(lua_State *L) {
  int i, top = lua_gettop(L);
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, lua_upvalueindex(i));
  return top;
}

/*
** core.compose_protocol(moves, apply, phase): the Lua layer's part of the
** protocol (deckhand/game.lua): moves(game_or_view [, b]) lists what C
** does not (a pass phase's moves, a phase script's, the trump exchange
** beside the cards b, the bid Move of bid b), apply(game, seat, move,
** amount) applies the forms C does not take (texts, card lists, the
** Moves of those phases), phase(game_or_view) names a phase script's
** phase.  Makes the protocol's moves and apply of Game and View, and the
** phase of all three classes, C closures holding these; again replaces
** them.  Internal: the package does not export it.
*/
static int compose_protocol(lua_State *L) {
  int mod;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  luaL_checkstack(L, 2 * NUP + 8, NULL);  /* the upvalues twice, the tables: more than LUA_MINSTACK */
  mod = push_upvalues(L);
  lua_getfield(L, mod + UP_GAME, "__index");
  lua_getfield(L, mod + UP_VIEW, "__index");
  lua_getfield(L, mod + UP_STATE, "__index");
  push_closure(L, mod, m_moves, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -5, "moves");
  lua_setfield(L, -3, "moves");
  push_closure(L, mod, game_apply, 2);
  lua_setfield(L, -4, "apply");
  push_closure(L, mod, dhG_phase, 3);
  lua_pushvalue(L, -1);
  lua_setfield(L, -5, "phase");   /* the Game's */
  lua_pushvalue(L, -1);
  lua_setfield(L, -4, "phase");   /* the View's */
  lua_setfield(L, -2, "phase");   /* the State's */
  return 0;
}

/* core.refusals -> { code = message format }: the refusal codes of the
** engine (match.h, their names dh_error_name's) and the message of each,
** for deckhand/protocol.lua */
static void push_refusals(lua_State *L) {
  int code;
  lua_newtable(L);
  for (code = 1; code < DH_E_NCODES; code++) {
    if (!refusal_fmt[code]) continue;   /* not a refusal: a rule's error, a script's mistake */
    lua_pushstring(L, refusal_fmt[code]);
    lua_setfield(L, -2, dh_error_name(code));
  }
}

/* the metatable at mt gets an __index (also its field methods) holding
** the shared reads plus extra; the upvalues are the NUP values on top */
static void fill_class(lua_State *L, int mt, const luaL_Reg *extra, lua_CFunction tostr) {
  int i, top = lua_gettop(L);
  lua_newtable(L);
  for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
  luaL_setfuncs(L, dhG_read_methods, NUP);
  if (extra) {
    for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
    luaL_setfuncs(L, extra, NUP);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, mt, "methods");
  lua_setfield(L, mt, "__index");
  if (tostr) {
    for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
    lua_pushcclosure(L, tostr, NUP);
    lua_setfield(L, mt, "__tostring");
  }
}

int dhL_open_game(lua_State *L) {
  int mod = lua_gettop(L), i;
  luaL_checkstack(L, 3 * NUP + 4, NULL);  /* the upvalues, a class table and a closure's copies */
  /* the upvalues, in UP_* order (the State's metatable was made in lrules.c) */
  luaL_newmetatable(L, DH_GAME);
  luaL_newmetatable(L, DH_VIEW);
  luaL_newmetatable(L, DH_STATE);
  luaL_getmetatable(L, DH_CARDSET);
  lua_getfield(L, LUA_REGISTRYINDEX, DH_CARDCACHE);
  lua_newtable(L);  /* UP_SMALL: the sets of one or two cards, made on first use */
  lua_newtable(L);  /* UP_POOL: the blocks of collected games */
  for (i = 0; i < 2; i++) {  /* UP_BIDS, UP_BID_OF: weak keys */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
  }
  fill_class(L, mod + UP_GAME, game_methods, game_tostring);
  push_closure(L, mod, dhG_game_gc, 0);
  lua_setfield(L, mod + UP_GAME, "__gc");
  fill_class(L, mod + UP_VIEW, dhG_view_methods, view_tostring);
  fill_class(L, mod + UP_STATE, NULL, NULL);
  push_closure(L, mod, game_new, 0);
  lua_setfield(L, mod, "game");
  push_closure(L, mod, game_origin, 0);
  lua_setfield(L, mod, "game_origin");
  push_closure(L, mod, game_playout, 0);
  lua_setfield(L, mod, "playout");
  push_closure(L, mod, compose_protocol, 0);
  lua_setfield(L, mod, "compose_protocol");
  for (i = 0; dhG_phase_funcs[i].name; i++) {
    push_closure(L, mod, dhG_phase_funcs[i].func, 0);
    lua_setfield(L, mod, dhG_phase_funcs[i].name);
  }
  push_refusals(L);
  lua_setfield(L, mod, "refusals");
  /* the method tables, for the Lua layer to add its methods to */
  lua_getfield(L, mod + UP_GAME, "__index");
  lua_setfield(L, mod, "Game");
  lua_getfield(L, mod + UP_VIEW, "__index");
  lua_setfield(L, mod, "View");
  lua_settop(L, mod);
  lua_pushinteger(L, DH_BID_BLIND_NIL);
  lua_setfield(L, -2, "BLIND_NIL");
  return 0;
}
