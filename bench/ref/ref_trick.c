/*
** ref_trick.c -- a plain Spades engine written only as a yardstick for
** bench/trick.lua: the reference of ../shared/PERF-ANCHORS.md ("the same
** rules driven from Lua: Lua picks each card, C does the rest").
**
** It knows one game and checks only what an engine must: the seat on turn,
** the card in hand, follow suit, spades not led before they are broken.
** Cards are integers 0..51 (suit * 13 + rank) and a hand one 64-bit mask,
** so nothing is allocated per move.  It shares no code with deckhand:
** deckhand's protocol loop is timed against it in the same run.
**
**   local ref = require "ref_trick"
**   local g = ref.deal(seed)            -- a fresh deal, seat 1 bids first
**   g:turn()        -> seat (1..4), nil when the deal is over
**   g:legal()       -> the bids 0..13 (a table) or the legal cards (a mask)
**   g:bid(seat, n) / g:play(seat, card) -> true, or nil, message
**   local r = ref.rng(seed); r:pick(mask) -> a uniformly chosen card of mask
*/
#include <stdint.h>

#include "lua.h"
#include "lauxlib.h"

#define REF_GAME "ref_trick.Game"
#define REF_RNG "ref_trick.Rng"
#define SUIT(c) ((c) / 13)
#define SUIT_MASK(s) (UINT64_C(0x1FFF) << (13 * (s)))
#define SPADES 3

typedef struct ref_game {
  uint64_t hand[4];
  int bid[4];
  int trick[4], led, leader, turn, played, broken, tricks_done;
  int tricks[4];
} ref_game;

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static int ref_deal(lua_State *L) {
  uint64_t x = (uint64_t)luaL_checkinteger(L, 1);
  ref_game *g = (ref_game *)lua_newuserdatauv(L, sizeof(ref_game), 0);
  int deck[52], i;
  for (i = 0; i < 52; i++) deck[i] = i;
  for (i = 51; i > 0; i--) {  /* Fisher-Yates */
    int j = (int)(splitmix(&x) % (uint64_t)(i + 1)), t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  for (i = 0; i < 4; i++) { g->hand[i] = 0; g->bid[i] = -1; g->tricks[i] = 0; }
  for (i = 0; i < 52; i++) g->hand[i % 4] |= UINT64_C(1) << deck[i];
  g->led = -1;
  g->leader = g->turn = 0;
  g->played = g->broken = g->tricks_done = 0;
  luaL_setmetatable(L, REF_GAME);
  return 1;
}

static ref_game *check(lua_State *L) { return (ref_game *)luaL_checkudata(L, 1, REF_GAME); }

static int bidding(const ref_game *g) { return g->bid[3] < 0; }

static uint64_t legal_cards(const ref_game *g) {
  uint64_t h = g->hand[g->turn];
  if (g->played == 0) {  /* lead: no spade until broken, unless only spades */
    uint64_t rest = h & ~SUIT_MASK(SPADES);
    return g->broken || !rest ? h : rest;
  }
  return (h & SUIT_MASK(g->led)) ? h & SUIT_MASK(g->led) : h;
}

static int ref_turn(lua_State *L) {
  ref_game *g = check(L);
  if (g->tricks_done == 13) lua_pushnil(L);
  else lua_pushinteger(L, g->turn + 1);
  return 1;
}

static int ref_legal(lua_State *L) {
  ref_game *g = check(L);
  int b;
  if (bidding(g)) {
    lua_createtable(L, 14, 0);
    for (b = 0; b <= 13; b++) { lua_pushinteger(L, b); lua_rawseti(L, -2, b + 1); }
  } else
    lua_pushinteger(L, (lua_Integer)legal_cards(g));
  return 1;
}

static int refuse(lua_State *L, const char *why) {
  luaL_pushfail(L);
  lua_pushstring(L, why);
  return 2;
}

static int ref_bid(lua_State *L) {
  ref_game *g = check(L);
  lua_Integer seat = luaL_checkinteger(L, 2), b = luaL_checkinteger(L, 3);
  if (!bidding(g)) return refuse(L, "not bidding");
  if (seat != g->turn + 1) return refuse(L, "not your turn");
  if (b < 0 || b > 13) return refuse(L, "bad bid");
  g->bid[g->turn] = (int)b;
  g->turn = (g->turn + 1) % 4;
  lua_pushboolean(L, 1);
  return 1;
}

/* the winner of the trick: the highest spade, else the highest of the led suit */
static int winner(const ref_game *g) {
  int best = 0, i;
  for (i = 1; i < 4; i++) {
    int c = g->trick[i], b = g->trick[best];
    int cs = SUIT(c) == SPADES ? 2 : SUIT(c) == g->led, bs = SUIT(b) == SPADES ? 2 : SUIT(b) == g->led;
    if (cs > bs || (cs == bs && c > b)) best = i;
  }
  return (g->leader + best) % 4;
}

static int ref_play(lua_State *L) {
  ref_game *g = check(L);
  lua_Integer seat = luaL_checkinteger(L, 2), c = luaL_checkinteger(L, 3);
  if (bidding(g) || g->tricks_done == 13) return refuse(L, "not playing");
  if (seat != g->turn + 1) return refuse(L, "not your turn");
  if (c < 0 || c > 51 || !(legal_cards(g) >> c & 1)) return refuse(L, "illegal card");
  g->hand[g->turn] &= ~(UINT64_C(1) << c);
  if (g->played == 0) g->led = SUIT(c);
  if (SUIT(c) == SPADES) g->broken = 1;
  g->trick[g->played++] = (int)c;
  if (g->played == 4) {
    int w = winner(g);
    g->tricks[w]++;
    g->tricks_done++;
    g->played = 0;
    g->leader = g->turn = w;
  } else
    g->turn = (g->turn + 1) % 4;
  lua_pushboolean(L, 1);
  return 1;
}

static int ref_rng(lua_State *L) {
  uint64_t *x = (uint64_t *)lua_newuserdatauv(L, sizeof(uint64_t), 0);
  *x = (uint64_t)luaL_checkinteger(L, 1);
  luaL_setmetatable(L, REF_RNG);
  return 1;
}

static int ref_pick(lua_State *L) {
  uint64_t *x = (uint64_t *)luaL_checkudata(L, 1, REF_RNG);
  uint64_t m = (uint64_t)luaL_checkinteger(L, 2);
  int n = __builtin_popcountll(m), k;
  luaL_argcheck(L, n > 0, 2, "empty mask");
  for (k = (int)(splitmix(x) % (uint64_t)n); k > 0; k--) m &= m - 1;
  lua_pushinteger(L, __builtin_ctzll(m));
  return 1;
}

static const luaL_Reg game_methods[] = {
  { "turn", ref_turn }, { "legal", ref_legal }, { "bid", ref_bid }, { "play", ref_play }, { NULL, NULL }
};

int luaopen_ref_trick(lua_State *L) {
  luaL_newmetatable(L, REF_GAME);
  luaL_newlib(L, game_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_newmetatable(L, REF_RNG);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, ref_pick);
  lua_setfield(L, -2, "pick");
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, ref_deal);
  lua_setfield(L, -2, "deal");
  lua_pushcfunction(L, ref_rng);
  lua_setfield(L, -2, "rng");
  return 1;
}
