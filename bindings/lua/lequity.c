/*
** lequity.c -- deckhand.poker.equity and deckhand.poker.range
** (engine/poker/equity.h).
**
**   poker.equity{ players = { "AsKs", "QQ+", ... }, board = "2c 7d 9h",
**                 dead = "...", game = "holdem" | "omaha",
**                 exact = true | false (default: choose by size),
**                 max_exact = n, samples = n, seed = s, time = seconds,
**                 threads = 1..64 (default 1),
**                 progress = function(done, total) ... end }   -- true stops
**     -> { { win =, tie =, equity =, ci =, stderr =, wins =, ties = }, ...,
**          exact = bool, sampled = bool, boards = trials done,
**          total = trials planned, stopped = nil | "progress" | "time" }
**   ci and stderr are 0 when exact, and absent for an enumeration stopped
**   early (its trials are the first in enumeration order, not a sample).
**   poker.range(text [, dead [, game]]) -> { CardSet, ... }
**     (Omaha patterns are listed hand by hand: "*" gives 270,725 sets)
**
** A player is a range in the notation of equity.h, or known cards as a
** CardSet or a table of cards.  Input errors raise messages that name the
** input: "bad range 'QX+' at 'QX': second rank expected",
** "card As appears twice".
*/
#include <string.h>

#include "lbind.h"
#include "equity.h"

static int check_game(lua_State *L, int idx) {
  static const char *const names[] = { "holdem", "omaha", NULL };
  return luaL_checkoption(L, idx, "holdem", names);
}

/* the request's fields: one misspelt ("sample") would otherwise be
** ignored without a word, and the run would not be the one asked for */
static const char *const fields[] = { "players", "board", "dead", "game", "exact", "max_exact",
                                      "samples", "seed", "time", "threads", "progress", "every",
                                      NULL };

static void check_fields(lua_State *L, int t) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int i = 0;
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING)
      luaL_error(L, "equity: unknown field of type %s (fields are named by strings)",
                 luaL_typename(L, -1));
    while (fields[i] && strcmp(fields[i], lua_tostring(L, -1)) != 0) i++;
    if (!fields[i]) {
      luaL_Buffer b;
      luaL_buffinit(L, &b);
      for (i = 0; fields[i]; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, fields[i]);
      }
      luaL_pushresult(&b);
      luaL_error(L, "equity: unknown field '%s' (the fields: %s)", lua_tostring(L, -2),
                 lua_tostring(L, -1));
    }
  }
}

/* the request's game: luaL_checkoption would blame an argument, not the field */
static int check_game_field(lua_State *L, int idx) {
  const char *s;
  if (lua_isnil(L, idx)) return DH_GAME_HOLDEM;
  if (lua_type(L, idx) != LUA_TSTRING)   /* lua_tostring would turn a number into text */
    return luaL_error(L, "equity: 'game' must be 'holdem' or 'omaha', got %s",
                      luaL_typename(L, idx));
  s = lua_tostring(L, idx);
  if (strcmp(s, "holdem") == 0) return DH_GAME_HOLDEM;
  if (strcmp(s, "omaha") == 0) return DH_GAME_OMAHA;
  return luaL_error(L, "equity: 'game' must be 'holdem' or 'omaha', got %s", dhL_quote(L, s, strlen(s)));
}

static void card_twice(lua_State *L, dh_card c) {
  char name[DH_CARD_NAMELEN];
  dh_card_name(c, name);
  luaL_error(L, "card %s appears twice", name);
}

/* cards at idx (nil: none): a string of names, a CardSet, or a table */
static dh_cardset check_cards(lua_State *L, int idx, const char *what) {
  dh_cardset s = 0;
  if (lua_isnoneornil(L, idx)) return 0;
  if (lua_type(L, idx) == LUA_TSTRING) {
    size_t len, where;
    const char *str = lua_tolstring(L, idx, &len), *why;
    dh_card c[52], dup;
    int i, n = dh_cards_parse(str, len, c, 52, &why, &where, &dup);
    if (n < 0) {
      if (strcmp(why, "twice") == 0) card_twice(L, dup);
      luaL_error(L, "bad %s %s at %s: %s", what, dhL_quote(L, str, len), dhL_quote(L, str + where, len - where), why);
    }
    for (i = 0; i < n; i++) s |= dh_set_of(c[i]);
  } else {
    int layout;
    s = dhL_checkset(L, idx, &layout);
    if (layout != DH_LAYOUT_STANDARD || (s & ~DH_FRENCH52))
      luaL_error(L, "bad %s: standard cards only (no jokers or copies)", what);
  }
  return s;
}

/* a player at idx into r: a range text, or known cards */
static void check_player(lua_State *L, int idx, int game, int p, dh_range *r) {
  if (lua_type(L, idx) == LUA_TSTRING) {
    size_t len, where, wlen;
    const char *s = lua_tolstring(L, idx, &len), *why;
    if (!dh_range_parse(s, len, game, r, &why, &where, &wlen)) {
      const char *text = dhL_quote(L, s, len);
      if (wlen == 0) luaL_error(L, "bad range %s: %s (player %d)", text, why, p + 1);
      luaL_error(L, "bad range %s at %s: %s (player %d)", text, dhL_quote(L, s + where, wlen), why, p + 1);
    }
  } else if (lua_isnil(L, idx)) {
    luaL_error(L, "player %d: hole cards or a range expected", p + 1);
  } else {
    dh_cardset c = check_cards(L, idx, "hand");
    if (dh_set_count(c) != (game == DH_GAME_OMAHA ? 4 : 2))
      luaL_error(L, "player %d: %s hands are %d cards, got %d", p + 1,
                 game == DH_GAME_OMAHA ? "omaha" : "hold'em", game == DH_GAME_OMAHA ? 4 : 2,
                 dh_set_count(c));
    r->n = 1;
    r->nitems = 0;
    r->combo[0] = c;
  }
}

/* a count of trials: an integer, or a float past Lua's integers (a total
** bound that saturated, a run too large to count) */
static void push_count(lua_State *L, uint64_t v) {
  if (v > (uint64_t)LUA_MAXINTEGER) lua_pushnumber(L, (lua_Number)v);
  else lua_pushinteger(L, (lua_Integer)v);
}

/* the progress callback: a Lua function at stack index `fn` */
typedef struct progress_ud { lua_State *L; int fn; int failed; } progress_ud;

static int call_progress(void *ud, uint64_t done, uint64_t total) {
  progress_ud *u = (progress_ud *)ud;
  lua_State *L = u->L;
  int stop;
  lua_pushvalue(L, u->fn);
  push_count(L, done);
  push_count(L, total);
  /* a protected call: the error is raised once the engine has returned */
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) { u->failed = 1; return 1; }
  stop = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return stop;
}

static lua_Integer opt_int_field(lua_State *L, int t, const char *k, lua_Integer d) {
  lua_Integer v;
  lua_getfield(L, t, k);
  if (lua_isnil(L, -1)) v = d;
  else if (!lua_isinteger(L, -1)) return luaL_error(L, "equity: '%s' must be an integer", k);
  else v = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return v;
}

/* a count of trials, 0 (the engine's default) when absent: the engine
** reads it unsigned, so a negative one would ask for some 2^64 trials and
** never return, and 0 would quietly mean the default */
static uint64_t opt_count_field(lua_State *L, int t, const char *k) {
  lua_Integer v = opt_int_field(L, t, k, 0);
  lua_getfield(L, t, k);
  if (!lua_isnil(L, -1) && v < 1)
    luaL_error(L, "equity: '%s' must be a positive integer, got %I", k, v);
  lua_pop(L, 1);
  return (uint64_t)v;
}

/* the thread count: an integer 1..DH_EQ_MAXTHREADS, refused before any
** work (equity.h says how the work is cut) */
static int check_threads(lua_State *L, int t) {
  lua_Integer n = 1;
  lua_getfield(L, t, "threads");
  if (!lua_isnil(L, -1)) {
    n = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;   /* 2.0 and "2" too are refused */
    if (n < 1 || n > DH_EQ_MAXTHREADS)
      return luaL_error(L, "equity: 'threads' must be an integer from 1 to %d", DH_EQ_MAXTHREADS);
  }
  lua_pop(L, 1);
  return (int)n;
}

static void set_num(lua_State *L, const char *k, double v) {
  lua_pushnumber(L, v);
  lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, uint64_t v) {
  push_count(L, v);
  lua_setfield(L, -2, k);
}

static int l_equity(lua_State *L) {
  dh_equity_req q;
  dh_equity_result res;
  dh_range *ranges;
  progress_ud pu = { L, 0, 0 };
  lua_Integer np, i;
  int e;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  memset(&q, 0, sizeof q);
  check_fields(L, 1);
  lua_getfield(L, 1, "game");                      /* 2 */
  q.game = check_game_field(L, 2);
  lua_getfield(L, 1, "players");                   /* 3 */
  if (!lua_istable(L, 3)) return luaL_error(L, "equity: 'players' must be a list of hands or ranges");
  np = luaL_len(L, 3);
  if (np < 2 || np > DH_EQ_MAXPLAYERS)
    return luaL_error(L, "equity: 2 to %d players, got %d", DH_EQ_MAXPLAYERS, (int)np);
  q.nplayers = (int)np;
  ranges = (dh_range *)lua_newuserdatauv(L, sizeof(dh_range) * (size_t)np, 0);  /* 4 */
  for (i = 0; i < np; i++) {
    lua_geti(L, 3, i + 1);
    check_player(L, lua_gettop(L), q.game, (int)i, &ranges[i]);
    lua_pop(L, 1);
    q.player[i] = &ranges[i];
  }
  lua_getfield(L, 1, "board");
  q.board = check_cards(L, -1, "board");
  lua_pop(L, 1);
  lua_getfield(L, 1, "dead");
  q.dead = check_cards(L, -1, "dead cards");
  lua_pop(L, 1);
  lua_getfield(L, 1, "exact");
  q.force = lua_isnil(L, -1) ? 0 : lua_toboolean(L, -1) ? 1 : 2;
  lua_pop(L, 1);
  q.samples = opt_count_field(L, 1, "samples");
  q.max_exact = opt_count_field(L, 1, "max_exact");
  q.every = opt_count_field(L, 1, "every");
  q.seed = (uint64_t)opt_int_field(L, 1, "seed", 1);
  q.threads = check_threads(L, 1);
  lua_getfield(L, 1, "time");
  if (!lua_isnil(L, -1)) {
    if (!lua_isnumber(L, -1)) return luaL_error(L, "equity: 'time' must be a number of seconds");
    q.seconds = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  q.seconds = dhL_budget(L, q.seconds);   /* a bot's or a rule's time left */
  lua_getfield(L, 1, "progress");                  /* 5 */
  if (!lua_isnil(L, 5)) {
    luaL_checktype(L, 5, LUA_TFUNCTION);
    pu.fn = 5;
    q.progress = call_progress;
    q.ud = &pu;
  }
  e = dh_equity(&q, &res);
  if (pu.failed) return lua_error(L);              /* the callback's error is on top */
  switch (e) {
    case 0: break;
    case DH_EQ_ETWICE: card_twice(L, res.bad_card); break;
    case DH_EQ_EBOARD:
      return luaL_error(L, "equity: the board must be 0, 3, 4 or 5 cards, got %d",
                        dh_set_count(q.board));
    case DH_EQ_EEMPTY:
      return luaL_error(L, "equity: player %d has no hand left once board and dead cards are out",
                        res.bad_player + 1);
    case DH_EQ_ENODEAL: return luaL_error(L, "equity: the players' hands cannot all be dealt at once");
    case DH_EQ_ETHREADS:
      return luaL_error(L, "equity: 'threads' must be an integer from 1 to %d", DH_EQ_MAXTHREADS);
    default: return luaL_error(L, "equity: bad request (%d)", e);
  }
  lua_createtable(L, (int)np, 6);
  for (i = 0; i < np; i++) {
    lua_createtable(L, 0, 7);
    set_num(L, "win", res.win[i]);
    set_num(L, "tie", res.tie[i]);
    set_num(L, "equity", res.equity[i]);
    if (res.exact || res.sampled) {  /* none for an enumeration cut short */
      set_num(L, "ci", res.ci95[i]);
      set_num(L, "stderr", res.stderr_eq[i]);
    }
    set_int(L, "wins", res.wins[i]);
    set_int(L, "ties", res.ties[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushboolean(L, res.exact);
  lua_setfield(L, -2, "exact");
  lua_pushboolean(L, res.sampled);
  lua_setfield(L, -2, "sampled");
  set_int(L, "boards", res.trials);
  set_int(L, "total", res.total);
  if (res.ended != DH_EQ_DONE) {
    lua_pushstring(L, res.ended == DH_EQ_TIMEOUT ? "time" : "progress");
    lua_setfield(L, -2, "stopped");
  }
  return 1;
}

/* poker.range(text [, dead [, game]]) -> { CardSet, ... } */
static int l_range(lua_State *L) {
  size_t len, where, wlen;
  const char *s = luaL_checklstring(L, 1, &len), *why;
  dh_cardset dead = check_cards(L, 2, "dead cards");
  int game = check_game(L, 3), i;
  dh_range *r = (dh_range *)lua_newuserdatauv(L, sizeof(dh_range), 0);
  if (!dh_range_parse(s, len, game, r, &why, &where, &wlen)) {
    const char *text = dhL_quote(L, s, len);
    if (wlen == 0) return luaL_error(L, "bad range %s: %s", text, why);
    return luaL_error(L, "bad range %s at %s: %s", text, dhL_quote(L, s + where, wlen), why);
  }
  if (r->nitems > 0) {   /* Omaha patterns: every hand of the pattern, listed */
    dh_quads qs;
    dh_cardset h;
    lua_createtable(L, (int)dh_range_count(r, dead), 0);
    dh_quads_start(&qs, DH_FRENCH52 & ~dead);
    for (i = 0; (h = dh_quads_next(&qs)) != 0;)
      if (dh_range_has(r, h)) {
        dhL_pushset(L, h, DH_LAYOUT_STANDARD);
        lua_rawseti(L, -2, ++i);
      }
    return 1;
  }
  dh_range_remove(r, dead);
  lua_createtable(L, r->n, 0);
  for (i = 0; i < r->n; i++) {
    dhL_pushset(L, r->combo[i], DH_LAYOUT_STANDARD);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const luaL_Reg equity_funcs[] = {
  { "equity", l_equity }, { "range", l_range }, { NULL, NULL }
};

int dhL_open_equity(lua_State *L) {
  lua_getfield(L, -1, "poker");
  luaL_setfuncs(L, equity_funcs, 0);
  lua_pop(L, 1);
  return 0;
}
