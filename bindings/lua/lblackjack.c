/*
** lblackjack.c -- Blackjack's totals and its simulation loop in Lua
** (engine/blackjack):
**   deckhand.blackjack.value(card) -> 1..10 (an ace 1, T J Q K 10)
**   deckhand.blackjack.total(cards) -> total, soft: a list of Cards (a
**     shoe has duplicates) or a CardSet; soft when an ace counts 11
**   deckhand.blackjack.round(rules, strategy, cards) -> { net =, hands =
**     { { cards =, total =, soft =, doubled =, surrendered =, net = }, ... },
**     dealer = { cards =, total = }, player_blackjack =, dealer_blackjack = }:
**     one round for one player betting 1, dealt from the list of Cards in
**     order (an error when it runs out)
**   deckhand.blackjack.sim(rules, strategy [, seed]) -> a Sim:
**     sim:run(n) plays n more rounds from a shuffled shoe with its cut card;
**     sim:stats() -> { rounds =, hands =, shuffles =, sum =, sumsq = }
** rules: the fields of rules/blackjack.lua's options (decks, penetration,
** dealer_hits_soft17, blackjack_pays, double, double_after_split,
** split_hands, resplit_aces, hit_split_aces, surrender, early_surrender,
** peek); strategy: the
** expected values the player plays by, { hard = { [total] = { [up] =
** { stand, hit, double } } }, soft = ..., split = { [value] = { [up] = ev } } }
** with up 1..10 (an ace 1): hard totals 4..21, soft 12..21 and pairs 1..10
** must be there.
*/
#include <string.h>

#include "clock.h"
#include "lbind.h"
#include "bjplay.h"

#define SIM "deckhand.BlackjackSim"

static int boolfield(lua_State *L, int t, const char *k, int def) {
  int v = def, type = lua_getfield(L, t, k);
  if (type == LUA_TBOOLEAN) v = lua_toboolean(L, -1);
  else if (type != LUA_TNIL) luaL_error(L, "%s must be true or false, got %s", k, luaL_typename(L, -1));
  lua_pop(L, 1);
  return v;
}

static const char *strfield(lua_State *L, int t, const char *k, const char *def) {
  const char *v = def;
  int type = lua_getfield(L, t, k);
  if (type == LUA_TSTRING) v = lua_tostring(L, -1);
  else if (type != LUA_TNIL) luaL_error(L, "%s must be a string, got %s", k, luaL_typename(L, -1));
  lua_pop(L, 1);   /* the string stays alive in the table */
  return v;
}

static void checkrules(lua_State *L, int t, dh_bj_rules *r) {
  const char *pays, *dbl;
  luaL_checktype(L, t, LUA_TTABLE);
  r->decks = (int)dhL_intfield(L, t, "decks", 6, 1, DH_BJ_MAX_DECKS);
  lua_getfield(L, t, "penetration");
  r->penetration = lua_isnil(L, -1) ? 0.75 : lua_tonumber(L, -1);
  /* written so that NaN, which compares false with everything, fails too */
  if (!lua_isnil(L, -1) && (!lua_isnumber(L, -1) || !(r->penetration > 0 && r->penetration <= 1)))
    luaL_error(L, "penetration must be a number above 0 and at most 1");
  lua_pop(L, 1);
  r->hit_soft17 = boolfield(L, t, "dealer_hits_soft17", 0);
  pays = strfield(L, t, "blackjack_pays", "3:2");
  if (strcmp(pays, "3:2") == 0) r->bj_num = 3, r->bj_den = 2;
  else if (strcmp(pays, "6:5") == 0) r->bj_num = 6, r->bj_den = 5;
  else if (strcmp(pays, "1:1") == 0) r->bj_num = 1, r->bj_den = 1;
  else luaL_error(L, "blackjack_pays must be \"3:2\", \"6:5\" or \"1:1\", got \"%s\"", pays);
  dbl = strfield(L, t, "double", "any");
  if (strcmp(dbl, "any") == 0) r->double_on = DH_BJ_DOUBLE_ANY;
  else if (strcmp(dbl, "9-11") == 0) r->double_on = DH_BJ_DOUBLE_9_11;
  else if (strcmp(dbl, "10-11") == 0) r->double_on = DH_BJ_DOUBLE_10_11;
  else if (strcmp(dbl, "none") == 0) r->double_on = DH_BJ_DOUBLE_NONE;
  else luaL_error(L, "double must be \"any\", \"9-11\", \"10-11\" or \"none\", got \"%s\"", dbl);
  r->double_after_split = boolfield(L, t, "double_after_split", 1);
  r->split_hands = (int)dhL_intfield(L, t, "split_hands", 4, 1, DH_BJ_MAX_HANDS);
  r->resplit_aces = boolfield(L, t, "resplit_aces", 0);
  r->hit_split_aces = boolfield(L, t, "hit_split_aces", 0);
  r->surrender = boolfield(L, t, "surrender", 0);
  r->early_surrender = boolfield(L, t, "early_surrender", 0);
  r->peek = boolfield(L, t, "peek", 1);
}

/* a number at t[i] (the table on top of the stack), named in the error */
static double numat(lua_State *L, lua_Integer i, const char *what, int a, int b) {
  double v;
  if (lua_geti(L, -1, i) != LUA_TNUMBER)
    luaL_error(L, "strategy.%s[%d][%d] must be a number", what, a, b);
  v = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return v;
}

static void subtable(lua_State *L, lua_Integer i, const char *what, int a) {
  if (lua_geti(L, -1, i) != LUA_TTABLE) {
    if (a) luaL_error(L, "strategy.%s[%d][%d] must be a table", what, a, (int)i);
    luaL_error(L, "strategy.%s[%d] must be a table", what, (int)i);
  }
}

static void checkstrategy(lua_State *L, int t, dh_bj_strategy *st) {
  static const char *const kinds[2] = { "hard", "soft" };
  int soft, total, up, a;
  luaL_checktype(L, t, LUA_TTABLE);
  memset(st, 0, sizeof *st);
  for (soft = 0; soft < 2; soft++) {
    if (lua_getfield(L, t, kinds[soft]) != LUA_TTABLE) luaL_error(L, "strategy.%s must be a table", kinds[soft]);
    for (total = soft ? 12 : 4; total <= 21; total++) {
      subtable(L, total, kinds[soft], 0);
      for (up = 1; up <= 10; up++) {
        subtable(L, up, kinds[soft], total);
        for (a = DH_BJ_STAND; a <= DH_BJ_DOUBLE; a++) st->ev[soft][total][up][a] = numat(L, a + 1, kinds[soft], total, up);
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  if (lua_getfield(L, t, "split") != LUA_TTABLE) luaL_error(L, "strategy.split must be a table");
  for (a = 1; a <= 10; a++) {
    subtable(L, a, "split", 0);
    for (up = 1; up <= 10; up++) st->split[a][up] = numat(L, up, "split", a, up);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  /* optional: surrender's value (default half a bet) and the dealer's
  ** blackjack chance by up card (default 0) */
  for (up = 1; up <= 10; up++) st->surrender[up] = -0.5;
  if (lua_getfield(L, t, "surrender") == LUA_TTABLE)
    for (up = 1; up <= 10; up++) st->surrender[up] = numat(L, up, "surrender", up, 0);
  lua_pop(L, 1);
  if (lua_getfield(L, t, "bj_chance") == LUA_TTABLE)
    for (up = 1; up <= 10; up++) st->bj_chance[up] = numat(L, up, "bj_chance", up, 0);
  lua_pop(L, 1);
}

static int bj_value(lua_State *L) {
  int v = dh_bj_value(dhL_checkcard(L, 1));
  if (v == 0) luaL_argerror(L, 1, "a card of the 52-card deck expected");
  lua_pushinteger(L, v);
  return 1;
}

/* the cards at arg, a list of Cards or a CardSet, into out (at most max) */
static int checkcards(lua_State *L, int arg, dh_card *out, int max) {
  int n = 0;
  if (lua_istable(L, arg)) {
    lua_Integer i, len = luaL_len(L, arg);
    if (len > max) luaL_argerror(L, arg, lua_pushfstring(L, "at most %d cards expected", max));
    for (i = 1; i <= len; i++) {
      lua_geti(L, arg, i);
      /* named by its index: a hole or a stray value is no "argument #-1" */
      if (luaL_testudata(L, -1, DH_CARD) == NULL && lua_type(L, -1) != LUA_TSTRING)
        luaL_argerror(L, arg, lua_pushfstring(L, "card expected at index %I, got %s", (LUAI_UACINT)i,
                                              luaL_typename(L, -1)));
      out[n] = dhL_checkcard(L, lua_gettop(L));
      if (dh_bj_value(out[n]) == 0) luaL_argerror(L, arg, "cards of the 52-card deck expected");
      n++;
      lua_pop(L, 1);
    }
  } else {
    dh_cardset s = dhL_checkset(L, arg, NULL);
    for (; s; s &= s - 1) {
      dh_card c = (dh_card)dh_set_first(s);
      if (dh_bj_value(c) == 0) luaL_argerror(L, arg, "cards of the 52-card deck expected");
      if (n < max) out[n++] = c;
    }
  }
  return n;
}

static int bj_total(lua_State *L) {
  dh_card cards[DH_BJ_SHOE_MAX];
  uint8_t v[DH_BJ_SHOE_MAX];
  int n = checkcards(L, 1, cards, DH_BJ_SHOE_MAX), i, soft, t;
  for (i = 0; i < n; i++) v[i] = (uint8_t)dh_bj_value(cards[i]);
  t = dh_bj_total(v, n, &soft);
  lua_pushinteger(L, t);
  lua_pushboolean(L, soft);
  return 2;
}

static void pushcards(lua_State *L, const dh_card *c, int n) {
  int i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    dhL_pushcard(L, c[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static int bj_round(lua_State *L) {
  dh_bj_rules r;
  dh_bj_strategy *st;
  dh_bj_shoe *s;
  dh_bj_round *round;
  dh_rng rng;
  int i, n, soft;
  checkrules(L, 1, &r);
  /* the big structs live in userdata the stack owns, not on the C stack */
  st = (dh_bj_strategy *)lua_newuserdatauv(L, sizeof *st, 0);
  checkstrategy(L, 2, st);
  s = (dh_bj_shoe *)lua_newuserdatauv(L, sizeof *s, 0);
  round = (dh_bj_round *)lua_newuserdatauv(L, sizeof *round, 0);
  n = checkcards(L, 3, s->cards, DH_BJ_SHOE_MAX);
  s->n = n, s->top = s->refills = 0, s->cut = s->cut_at = n;
  if (n < 4) return luaL_argerror(L, 3, "at least 4 cards expected");
  dh_rng_seed(&rng, 1);
  dh_bj_play_round(&r, st, s, &rng, round);
  /* a refill would have dealt cards the list does not hold */
  if (s->refills) return luaL_error(L, "the cards ran out in the round");
  lua_createtable(L, 0, 6);
  lua_pushnumber(L, round->net);
  lua_setfield(L, -2, "net");
  lua_pushboolean(L, round->player_blackjack);
  lua_setfield(L, -2, "player_blackjack");
  lua_pushboolean(L, round->dealer_blackjack);
  lua_setfield(L, -2, "dealer_blackjack");
  lua_pushinteger(L, s->top);
  lua_setfield(L, -2, "drawn");
  lua_createtable(L, round->nhands, 0);
  for (i = 0; i < round->nhands; i++) {
    const dh_bj_hand *h = &round->hands[i];
    lua_createtable(L, 0, 6);
    pushcards(L, h->cards, h->n);
    lua_setfield(L, -2, "cards");
    lua_pushinteger(L, dh_bj_total_of(h->hard, h->ace, &soft));
    lua_setfield(L, -2, "total");
    lua_pushboolean(L, soft);
    lua_setfield(L, -2, "soft");
    lua_pushboolean(L, h->doubled);
    lua_setfield(L, -2, "doubled");
    lua_pushboolean(L, h->surrendered);
    lua_setfield(L, -2, "surrendered");
    lua_pushnumber(L, h->net);
    lua_setfield(L, -2, "net");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "hands");
  lua_createtable(L, 0, 2);
  pushcards(L, round->dealer, round->ndealer);
  lua_setfield(L, -2, "cards");
  {
    uint8_t v[DH_BJ_HAND_CARDS];
    for (i = 0; i < round->ndealer; i++) v[i] = (uint8_t)dh_bj_value(round->dealer[i]);
    lua_pushinteger(L, dh_bj_total(v, round->ndealer, NULL));
  }
  lua_setfield(L, -2, "total");
  lua_setfield(L, -2, "dealer");
  return 1;
}

static dh_bj_sim *checksim(lua_State *L) { return (dh_bj_sim *)luaL_checkudata(L, 1, SIM); }

static int bj_sim(lua_State *L) {
  dh_bj_rules r;
  dh_bj_strategy st;
  lua_Integer seed = luaL_optinteger(L, 3, 1);
  dh_bj_sim *sim;
  checkrules(L, 1, &r);
  checkstrategy(L, 2, &st);
  sim = (dh_bj_sim *)lua_newuserdatauv(L, sizeof *sim, 0);
  if (dh_bj_sim_init(sim, &r, &st, (uint64_t)seed) != 0) return luaL_error(L, "blackjack rules out of range");
  luaL_setmetatable(L, SIM);
  return 1;
}

/* sim:run(n) -> the rounds played in all.  Under a bot's limit or a
** game's rule time the rounds go in pieces with a look at the clock
** between them: no count hook runs in C */
static int sim_run(lua_State *L) {
  enum { PIECE = 4096 };
  dh_bj_sim *sim = checksim(L);
  lua_Integer n = luaL_checkinteger(L, 2), done = 0;
  double deadline = dhL_deadline(L);
  luaL_argcheck(L, n >= 0, 2, "a count of rounds expected");
  if (deadline <= 0) dh_bj_sim_run(sim, (long long)n);
  else
    while (done < n) {
      lua_Integer k = n - done < PIECE ? n - done : PIECE;
      if (dh_clock_now() >= deadline)
        return luaL_error(L, "sim:run: over the time limit after %I of %I rounds", done, n);
      dh_bj_sim_run(sim, (long long)k);
      done += k;
    }
  lua_pushinteger(L, (lua_Integer)sim->rounds);
  return 1;
}

static int sim_stats(lua_State *L) {
  dh_bj_sim *sim = checksim(L);
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, (lua_Integer)sim->rounds);
  lua_setfield(L, -2, "rounds");
  lua_pushinteger(L, (lua_Integer)sim->hands);
  lua_setfield(L, -2, "hands");
  lua_pushinteger(L, (lua_Integer)sim->shuffles);
  lua_setfield(L, -2, "shuffles");
  lua_pushnumber(L, sim->sum);
  lua_setfield(L, -2, "sum");
  lua_pushnumber(L, sim->sumsq);
  lua_setfield(L, -2, "sumsq");
  return 1;
}

static const luaL_Reg sim_methods[] = {
  { "run", sim_run },
  { "stats", sim_stats },
  { NULL, NULL }
};

static const luaL_Reg sim_meta[] = {
  { NULL, NULL }
};

static const luaL_Reg blackjack_funcs[] = {
  { "value", bj_value },
  { "total", bj_total },
  { "round", bj_round },
  { "sim", bj_sim },
  { NULL, NULL }
};

int dhL_open_blackjack(lua_State *L) {
  dhL_newclass(L, SIM, sim_meta, sim_methods);
  if (luaL_getmetatable(L, SIM) == LUA_TTABLE) {
    lua_pushstring(L, SIM);
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  luaL_newlib(L, blackjack_funcs);
  lua_setfield(L, -2, "blackjack");
  return 0;
}
