/*
** lrng.c -- deckhand.Rng: the engine's generator in Lua.
*/
#include "lbind.h"
#include "playout.h"

/*
** The methods have upvalues: 1 the Rng metatable, 2 the CardSet one, 3 the
** card cache.  rng:pick runs for every card a Lua strategy plays: its
** checks read the tags (lbind.h) and its card comes from the cache without
** a lookup by name.
*/

/* an Rng userdata: the generator and the tag (see lbind.h) */
typedef struct lrng { dh_rng r; unsigned tag; } lrng;

/* (inline: rng:pick runs for every card) */
static inline dh_rng *checkrng(lua_State *L, int arg) {
  dh_rng *r = (dh_rng *)dhL_totagged(L, arg, sizeof(lrng), offsetof(lrng, tag), DH_TAG_RNG);
  if (!r) luaL_typeerror(L, arg, DH_RNG);   /* every Rng carries the tag */
  return r;
}

dh_rng *dhL_checkrng(lua_State *L, int arg) { return checkrng(L, arg); }

static dh_rng *torng(lua_State *L) { return checkrng(L, 1); }

static dh_rng *push_rng(lua_State *L) {
  lrng *u = (lrng *)lua_newuserdatauv(L, sizeof(lrng), 0);
  dh_rng *r = &u->r;
  u->tag = DH_TAG_RNG;
  luaL_setmetatable(L, DH_RNG);
  return r;
}

/* deckhand.rng(seed): any integer; the same seed, the same stream */
static int rng_new(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1);
  dh_rng_seed(push_rng(L), (uint64_t)seed);
  return 1;
}

/* rng:next() -> the raw 64-bit output (as a Lua integer, so possibly negative) */
static int rng_next(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)dh_rng_next(dhL_checkrng(L, 1)));
  return 1;
}

/* rng:int(n) -> 1..n; rng:int(m, n) -> m..n; uniform, ranges up to 2^32 */
static int rng_int(lua_State *L) {
  dh_rng *r = torng(L);
  lua_Integer lo = 1, hi;
  lua_Unsigned span;
  if (lua_isnoneornil(L, 3)) hi = luaL_checkinteger(L, 2);
  else { lo = luaL_checkinteger(L, 2); hi = luaL_checkinteger(L, 3); }
  luaL_argcheck(L, lo <= hi, 2, "interval is empty");
  span = (lua_Unsigned)hi - (lua_Unsigned)lo;
  luaL_argcheck(L, span < UINT64_C(0xFFFFFFFF), 2, "interval too large (at most 2^32 values)");
  lua_pushinteger(L, lo + (lua_Integer)dh_rng_below(r, (uint32_t)(span + 1)));
  return 1;
}

/* rng:random() -> a float in [0, 1) */
static int rng_random(lua_State *L) {
  lua_pushnumber(L, dh_rng_double(dhL_checkrng(L, 1)));
  return 1;
}

static int rng_jump(lua_State *L) {
  dh_rng_jump(dhL_checkrng(L, 1));
  lua_settop(L, 1);
  return 1;
}

/* rng:split() -> a new generator with the current stream; rng jumps ahead */
static int rng_split(lua_State *L) {
  dh_rng *r = dhL_checkrng(L, 1);
  dh_rng_split(r, push_rng(L));
  return 1;
}

static int rng_clone(lua_State *L) {
  dh_rng *r = dhL_checkrng(L, 1);
  *push_rng(L) = *r;
  return 1;
}

/* rng:pick(set) -> a uniformly chosen card of a non-empty set (a CardSet
** or card names); rng:pick(list) -> a uniformly chosen element of a
** non-empty table list (the moves of any game) */
static int rng_pick(lua_State *L) {
  dh_rng *r = torng(L);
  dhL_set *u = dhL_toset(L, 2);
  int layout;
  dh_cardset s;
  dh_card c;
  if (!u && lua_type(L, 2) == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n >= 1, 2, "empty list");
    luaL_argcheck(L, n <= UINT32_MAX, 2, "list too long");
    lua_geti(L, 2, 1 + (lua_Integer)dh_rng_below(r, (uint32_t)n));
    return 1;
  }
  if (u) { s = u->bits; layout = u->layout; }
  else s = dhL_checkset(L, 2, &layout);
  luaL_argcheck(L, s != 0, 2, "empty set");
  c = dh_set_pick(s, r, layout);  /* the k-th card for k drawn below the count */
  if (lua_rawgeti(L, lua_upvalueindex(3), c) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    dhL_pushcard(L, c);
  }
  return 1;
}

static int rng_eq(lua_State *L) {
  dh_rng *a = (dh_rng *)luaL_testudata(L, 1, DH_RNG), *b = (dh_rng *)luaL_testudata(L, 2, DH_RNG);
  int i, same = a && b;
  for (i = 0; same && i < 4; i++) same = a->s[i] == b->s[i];
  lua_pushboolean(L, same);
  return 1;
}

static int rng_tostring(lua_State *L) {
  dh_rng *r = dhL_checkrng(L, 1);
  lua_pushfstring(L, "Rng(%p)", (void *)r);
  return 1;
}

static const luaL_Reg rng_methods[] = {
  { "next", rng_next }, { "int", rng_int }, { "random", rng_random }, { "jump", rng_jump },
  { "split", rng_split }, { "clone", rng_clone }, { "pick", rng_pick }, { NULL, NULL }
};

static const luaL_Reg rng_meta[] = {
  { "__eq", rng_eq }, { "__tostring", rng_tostring }, { NULL, NULL }
};

int dhL_open_rng(lua_State *L) {
  luaL_newmetatable(L, DH_RNG);
  luaL_setfuncs(L, rng_meta, 0);
  lua_newtable(L);
  lua_pushvalue(L, -2);
  luaL_getmetatable(L, DH_CARDSET);
  lua_getfield(L, LUA_REGISTRYINDEX, DH_CARDCACHE);
  luaL_setfuncs(L, rng_methods, 3);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, rng_new);
  lua_setfield(L, -2, "rng");
  return 0;
}
