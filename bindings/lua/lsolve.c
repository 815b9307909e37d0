/*
** lsolve.c -- the double-dummy solver in Lua:
**   deckhand.solve(game [, opts]) -> value, { nodes =, exact = }
**   deckhand.solve_moves(game [, opts]) -> { { card =, value = }, ... }, { nodes =, exact = }
** opts: objective ("tricks", the default, "points" or "margin": the
** side's points less the others', as solve.h says), nodes (a budget of
** positions), time (a budget of seconds; from a bot's move or a game's
** rule, never more than what is left of its time), table_bits (the
** transposition table's size, 2^bits entries), others ("best", the
** default, or "greedy": the other sides each play the greedy policy's
** card, solve.h).
**   deckhand.solve_bridge_table(hands [, opts]) -> tricks[strain][declarer]
** (Bridge's double-dummy table, solve_table.c).  game:solve
** and game:solve_moves call these (deckhand/game.lua).
*/
#include <limits.h>
#include <string.h>

#include "lbind.h"
#include "solve.h"

static void read_opts(lua_State *L, int arg, dh_solve_opts *o) {
  static const char *const objectives[] = { "tricks", "points", "margin", NULL };
  dh_solve_defaults(o);
  if (lua_isnoneornil(L, arg)) return;
  luaL_checktype(L, arg, LUA_TTABLE);
  if (lua_getfield(L, arg, "objective") != LUA_TNIL) {
    const char *name = lua_tostring(L, -1);
    int k = 0;
    while (objectives[k] && !(name && strcmp(name, objectives[k]) == 0)) k++;
    if (!objectives[k])
      luaL_error(L, "objective must be \"tricks\", \"points\" or \"margin\", got %s",
                 name ? lua_pushfstring(L, "'%s'", name) : luaL_typename(L, -1));
    o->objective = k;
  }
  lua_pop(L, 1);
  if (lua_getfield(L, arg, "others") != LUA_TNIL) {
    const char *name = lua_tostring(L, -1);
    if (name && strcmp(name, "greedy") == 0) o->others = DH_SOLVE_OTHERS_GREEDY;
    else if (!name || strcmp(name, "best") != 0)
      luaL_error(L, "others must be \"best\" or \"greedy\", got %s",
                 name ? lua_pushfstring(L, "'%s'", name) : luaL_typename(L, -1));
  }
  lua_pop(L, 1);
  o->max_nodes = (long)dhL_intfield(L, arg, "nodes", 0, 0, LONG_MAX);
  if (lua_getfield(L, arg, "time") != LUA_TNIL) {
    if (!lua_isnumber(L, -1) || !(lua_tonumber(L, -1) >= 0))
      luaL_error(L, "time must be a number of seconds, 0 or more, got %s",
                 lua_isnumber(L, -1) ? lua_tostring(L, -1) : luaL_typename(L, -1));
    o->seconds = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
}

/* the table: a userdata left on the stack (collected after the call) */
static void give_table(lua_State *L, int arg, dh_solve_opts *o) {
  int bits = 16;
  if (lua_istable(L, arg)) bits = (int)dhL_intfield(L, arg, "table_bits", 16, 4, 26);
  o->table_bytes = dh_solve_table_bytes(bits);
  o->table = lua_newuserdatauv(L, o->table_bytes, 0);
}

/* raises for a failed solve: a rule's own error, or what is wrong */
static int fail(lua_State *L, const dh_match *m, int err) {
  if (err == DH_E_RULE) return dhL_rules_raise(L);
  if (err == DH_E_WRONG_PHASE) return luaL_error(L, "solve: the game is not in its play phase");
  (void)m;
  return luaL_error(L, "solve: %s", dh_error_name(err));
}

static int l_solve(lua_State *L) {
  const dh_match *m = dhL_checkmatch(L, 1);
  dh_solve_opts o;
  dh_solve_result r;
  int err;
  read_opts(L, 2, &o);
  o.seconds = dhL_budget(L, o.seconds);   /* a bot's or a rule's time left */
  give_table(L, 2, &o);
  dhL_rules_enter(L, m->rules);
  if ((err = dh_solve(m, &o, &r)) != DH_OK) return fail(L, m, err);
  lua_pushinteger(L, r.value);
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, r.nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushboolean(L, r.exact);
  lua_setfield(L, -2, "exact");
  return 2;
}

static int l_solve_moves(lua_State *L) {
  const dh_match *m = dhL_checkmatch(L, 1);
  dh_solve_opts o;
  dh_card cards[64];
  int32_t values[64];
  dh_solve_result stats;
  int n, i;
  read_opts(L, 2, &o);
  o.seconds = dhL_budget(L, o.seconds);   /* a bot's or a rule's time left */
  give_table(L, 2, &o);
  dhL_rules_enter(L, m->rules);
  n = dh_solve_moves(m, &o, cards, values, 64, &stats);
  if (n < 0) return fail(L, m, -n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_createtable(L, 0, 2);
    dhL_pushcard(L, cards[i]);
    lua_setfield(L, -2, "card");
    lua_pushinteger(L, values[i]);
    lua_setfield(L, -2, "value");
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, stats.nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushboolean(L, stats.exact);
  lua_setfield(L, -2, "exact");
  return 2;
}

/* solve_bridge_table(hands [, opts]) -> tricks[strain][declarer]: hands,
** four sets (North, East, South, West: CardSets, names or lists of
** cards); strains clubs, diamonds, hearts, spades, notrump; each entry
** declarer's side's tricks, or false where opts.nodes (each problem's)
** or opts.time (the twenty's) ran out */
static int l_solve_bridge_table(lua_State *L) {
  dh_cardset hands[4];
  dh_solve_opts o;
  int tricks[5][4], h, s, d, err;
  luaL_checktype(L, 1, LUA_TTABLE);
  for (h = 0; h < 4; h++) {
    int layout;
    if (lua_geti(L, 1, h + 1) == LUA_TNIL) luaL_error(L, "solve_bridge_table: hands[%d] is missing", h + 1);
    hands[h] = dhL_checkset(L, -1, &layout);
    lua_pop(L, 1);
  }
  read_opts(L, 2, &o);
  o.seconds = dhL_budget(L, o.seconds);   /* a bot's or a rule's time left */
  give_table(L, 2, &o);
  if (o.objective != 0) luaL_error(L, "solve_bridge_table: the objective is tricks");
  err = dh_solve_bridge_table(hands, &o, tricks);
  if (err == DH_E_BAD_OP) return luaL_error(L, "solve_bridge_table: the hands must be four of 13 cards, none twice");
  if (err != DH_OK) return luaL_error(L, "solve_bridge_table: %s", dh_error_name(err));
  lua_createtable(L, 5, 0);
  for (s = 0; s < 5; s++) {
    lua_createtable(L, 4, 0);
    for (d = 0; d < 4; d++) {
      if (tricks[s][d] < 0) lua_pushboolean(L, 0); else lua_pushinteger(L, tricks[s][d]);
      lua_rawseti(L, -2, d + 1);
    }
    lua_rawseti(L, -2, s + 1);
  }
  return 1;
}

static const luaL_Reg funcs[] = { { "solve", l_solve }, { "solve_moves", l_solve_moves },
                                  { "solve_bridge_table", l_solve_bridge_table }, { NULL, NULL } };

int dhL_open_solve(lua_State *L) {
  luaL_setfuncs(L, funcs, 0);
  return 0;
}
