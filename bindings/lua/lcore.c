/*
** lcore.c -- luaopen_deckhand_core: the C half of the deckhand package.
** The Lua half (deckhand/init.lua) requires it and adds the rest.
*/
#include "lbind.h"
#include "version.h"

void dhL_newclass(lua_State *L, const char *name, const luaL_Reg *meta,
                  const luaL_Reg *methods) {
  luaL_newmetatable(L, name);
  luaL_setfuncs(L, meta, 0);
  if (methods) {
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
}

/* deckhand.core.version() -> "0.1.0": the engine linked into the module */
static int version(lua_State *L) {
  lua_pushstring(L, dh_version());
  return 1;
}

static const lua_CFunction openers[] = {
  dhL_open_card, dhL_open_cardset, dhL_open_rng, dhL_open_deck, dhL_open_trick,
  dhL_open_rules, dhL_open_game, dhL_open_phase,
  dhL_open_pattern,
  dhL_open_poker,
  dhL_open_equity,
  dhL_open_host,
  dhL_open_solve,
  dhL_open_rummy,
  dhL_open_scopa,
  dhL_open_blackjack,
  dhL_open_strmatch,
  NULL
};

/* every class's metatable answers getmetatable with its name: Lua code
** (a bot) can neither read nor change the methods every object shares */
static const char *const classes[] = {
  DH_CARD, DH_CARDSET, DH_DECK, DH_RNG, DH_ORDER, "deckhand.Rule", "deckhand.Rules", "deckhand.Phase",
  "deckhand.State", "deckhand.Game", "deckhand.View", "deckhand.Pattern",
  "deckhand.PokerValues", NULL
};

int luaopen_deckhand_core(lua_State *L) {
  int i;
  lua_newtable(L);
  for (i = 0; openers[i]; i++) {
    openers[i](L);  /* each adds to the table on top and leaves it there */
  }
  for (i = 0; classes[i]; i++) {
    if (luaL_getmetatable(L, classes[i]) == LUA_TTABLE) {
      lua_pushstring(L, classes[i]);
      lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
  }
  lua_pushcfunction(L, version);
  lua_setfield(L, -2, "version");
  return 1;
}
