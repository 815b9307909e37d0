/*
** lua_game.c -- part (b): a C program that owns a lua_State.
**
** The program makes its own state, opens the standard libraries and
** requires "deckhand" from package.path/package.cpath (so LUA_PATH_5_4
** and LUA_CPATH_5_4 choose the copy: the build tree or an installed one).
** It then loads the Spades variant and a bot written in Lua, and runs the
** game loop itself: it asks the game whose turn it is, asks that seat's
** bot for a move through the seat's view, and hands the move back to the
** game.  A UI or a server would sit where this loop sits.
**
** All Lua work runs inside one lua_pcall, so an error anywhere (a missing
** module, a bad move) comes back here as a message instead of a longjmp
** out of main.
*/
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "embed.h"

/* The bot, as a user would write it in strategies/: a table of functions
** that see only their seat's view.  Bids its aces, kings and high spades;
** plays its highest legal card while the trick is open, its lowest last. */
static const char bot_source[] =
  "local bot = {}\n"
  "function bot.bid(view)\n"
  "  local n = 0\n"
  "  for card in view:hand(view:seat()):iter() do\n"
  "    if card.rank >= 13 or (card.suit == 's' and card.rank >= 11) then n = n + 1 end\n"
  "  end\n"
  "  local best\n"
  "  for _, b in ipairs(view:legal()) do\n"
  "    if b >= 1 and (not best or math.abs(b - n) < math.abs(best - n)) then best = b end\n"
  "  end\n"
  "  return best or view:legal()[1]\n"
  "end\n"
  "function bot.play(view)\n"
  "  local legal = view:legal()\n"
  "  if #view:trick() < view:seats() - 1 then return legal:highest() end\n"
  "  return legal:lowest()\n"
  "end\n"
  "return bot\n";

/* calls method name of the object at index obj with nargs arguments
** already pushed; leaves nres results */
static void method(lua_State *L, int obj, const char *name, int nargs, int nres) {
  lua_getfield(L, obj, name);
  lua_pushvalue(L, obj);
  if (nargs > 0) {  /* move function and self below the arguments */
    lua_rotate(L, -(nargs + 2), 2);
  }
  lua_call(L, nargs + 1, nres);
}

/* one move for the seat whose turn it is: the bot's answer, played */
static void move(lua_State *L, int game, int bot, lua_Integer seat) {
  const char *phase;
  int view;
  method(L, game, "phase", 0, 1);
  phase = lua_tostring(L, -1);
  lua_pushinteger(L, seat);
  method(L, game, "view", 1, 1);
  view = lua_gettop(L);
  lua_getfield(L, bot, phase);          /* bot.bid or bot.play */
  if (!lua_isfunction(L, -1)) luaL_error(L, "the bot cannot %s", phase);
  lua_pushvalue(L, view);
  lua_call(L, 1, 1);                    /* the bot's choice */
  lua_pushinteger(L, seat);
  lua_insert(L, -2);
  method(L, game, phase, 2, 3);         /* game:bid(seat, n) / game:play(seat, card) */
  if (!lua_toboolean(L, -3))
    luaL_error(L, "seat %d: %s refused: %s", (int)seat, phase, lua_tostring(L, -1));
  lua_settop(L, view - 2);              /* drop phase, view and the results */
}

/* prints a list of integers as "a b c" */
static void print_list(lua_State *L, int list, FILE *out) {
  lua_Integer i, n = luaL_len(L, list);
  for (i = 1; i <= n; i++) {
    lua_geti(L, list, i);
    fprintf(out, "%s%s", i > 1 ? " " : "", luaL_tolstring(L, -1, NULL));
    lua_pop(L, 2);
  }
}

static int run(lua_State *L) {
  FILE *out = (FILE *)lua_touserdata(L, 1);
  lua_Integer seed = lua_tointeger(L, 2);
  int dh, bot, game, moves = 0;
  lua_settop(L, 0);

  lua_getglobal(L, "require");
  lua_pushliteral(L, "deckhand");
  lua_call(L, 1, 1);
  dh = lua_gettop(L);
  lua_getfield(L, dh, "_VERSION");
  fprintf(out, "lua: %s in our own lua_State\n", lua_tostring(L, -1));
  lua_pop(L, 1);

  if (luaL_loadbuffer(L, bot_source, sizeof bot_source - 1, "=bot") != LUA_OK) lua_error(L);
  lua_call(L, 0, 1);
  bot = lua_gettop(L);

  /* game = deckhand.game(deckhand.variant("spades", {target = 200}), {seed = seed}) */
  lua_getfield(L, dh, "game");
  lua_getfield(L, dh, "variant");
  lua_pushliteral(L, "spades");
  lua_createtable(L, 0, 1);
  lua_pushinteger(L, 200);
  lua_setfield(L, -2, "target");
  lua_call(L, 2, 1);
  lua_createtable(L, 0, 1);
  lua_pushinteger(L, seed);
  lua_setfield(L, -2, "seed");
  lua_call(L, 2, 1);
  game = lua_gettop(L);

  for (;;) {
    lua_Integer seat;
    method(L, game, "next_player", 0, 1);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
    seat = lua_tointeger(L, -1);
    lua_pop(L, 1);
    move(L, game, bot, seat);
    moves++;
  }

  method(L, game, "hand_number", 0, 1);
  fprintf(out, "lua: spades to 200, seed %lld: %d moves, %lld hands\n",
          (long long)seed, moves, (long long)lua_tointeger(L, -1));
  lua_pop(L, 1);
  fprintf(out, "lua: scores ");
  method(L, game, "scores", 0, 1);
  print_list(L, lua_gettop(L), out);
  lua_pop(L, 1);
  fprintf(out, ", winners ");
  method(L, game, "winners", 0, 1);
  print_list(L, lua_gettop(L), out);
  lua_pop(L, 1);
  fputc('\n', out);
  return 0;
}

int embed_lua(uint64_t seed, FILE *out) {
  int status;
  lua_State *L = luaL_newstate();
  if (L == NULL) {
    fprintf(stderr, "embed: cannot create a Lua state\n");
    return 1;
  }
  luaL_openlibs(L);
  lua_pushcfunction(L, run);
  lua_pushlightuserdata(L, out);
  lua_pushinteger(L, (lua_Integer)seed);
  status = lua_pcall(L, 2, 0, 0);
  if (status != LUA_OK) fprintf(stderr, "embed: %s\n", lua_tostring(L, -1));
  lua_close(L);
  return status != LUA_OK;
}
