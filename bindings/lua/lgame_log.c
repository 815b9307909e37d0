/*
** lgame_log.c -- a Game's action log, and the pool of match blocks new
** Games take.
**
** The match lives in a block of its own (a userdata with no metatable,
** the Game's user value UV_BLOCK) which a collected Game gives back to a
** pool (UP_POOL) for the next new Game: a match is about 1 KB, and a new
** block per game was a large request for glibc's malloc, which then
** consolidates its fast bins (every small object freed since) on each
** game a Lua strategy starts.  The block holds a first log of LOG_FIRST
** entries (a hand of Spades logs 60) after the lgame; a longer log is a
** userdata of its own (user value UV_LOG).
*/
#include "lgame.h"

#define LOG_FIRST 64
#define BLOCK_SIZE (sizeof(lgame) + sizeof(alog) + (LOG_FIRST - 1) * sizeof(int64_t))

/* blocks kept for new games: enough for the games a Lua strategy's bench
** drops between two collections, a few hundred KB at most */
#define POOL_MAX 256

static alog *new_log(lua_State *L, lua_Integer cap) {
  alog *a = (alog *)lua_newuserdatauv(L, sizeof(alog) + (size_t)(cap - 1) * sizeof(int64_t), 0);
  a->n = 0;
  a->cap = cap;
  a->legal_at = 0;
  return a;
}

/* a new empty log of room cap (at least), made the log of the game at g:
** a new game's is the one in its block */
alog *dhG_set_new_log(lua_State *L, int g, lua_Integer cap) {
  lgame *b = ((lhandle *)lua_touserdata(L, g))->g;
  alog *a;
  if (!b->log && cap <= LOG_FIRST) {
    a = (alog *)(void *)(b + 1);
    a->n = 0;
    a->cap = LOG_FIRST;
    a->legal_at = 0;
  } else {
    g = lua_absindex(L, g);
    a = new_log(L, cap);
    lua_setiuservalue(L, g, UV_LOG);
  }
  b->log = a;
  return a;
}

/* ---------------------------------------------------------- the Game */

/* a new Game on the stack, its match zeroed: the block from the pool when
** it has one */
dh_match *dhG_push_game(lua_State *L, int rules_idx) {
  lhandle *h;
  lgame *g;
  lua_Integer n;
  rules_idx = lua_absindex(L, rules_idx);
  h = (lhandle *)lua_newuserdatauv(L, sizeof(lhandle), NUV);
  h->g = NULL;
  h->tag = DH_TAG_GAME;
  lua_pushvalue(L, lua_upvalueindex(UP_GAME));
  lua_setmetatable(L, -2);  /* at once: Lua finds an object to finalize fast while it is the newest */
  lua_pushvalue(L, rules_idx);
  lua_setiuservalue(L, -2, UV_RULES);
  n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(UP_POOL));
  if (n > 0) {
    lua_rawgeti(L, lua_upvalueindex(UP_POOL), n);
    lua_pushnil(L);
    lua_rawseti(L, lua_upvalueindex(UP_POOL), n);
    g = (lgame *)lua_touserdata(L, -1);
  } else
    g = (lgame *)lua_newuserdatauv(L, BLOCK_SIZE, 0);
  memset(g, 0, sizeof(lgame));  /* (set_new_log writes the first log's header) */
  lua_setiuservalue(L, -2, UV_BLOCK);
  h->g = g;
  return &g->m;
}

/* __gc: the block goes back to the pool.  Only the collector calls this (a
** Game's metatable is hidden from Lua code), but a second call does
** nothing, and the Game keeps its block: nothing is freed under it. */
int dhG_game_gc(lua_State *L) {
  lhandle *h = (lhandle *)dhL_totagged(L, 1, sizeof(lhandle), offsetof(lhandle, tag), DH_TAG_GAME);
  lua_Integer n;
  if (!h || !h->g) return 0;
  h->g = NULL;
  n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(UP_POOL));
  if (n < POOL_MAX) {
    lua_getiuservalue(L, 1, UV_BLOCK);
    lua_rawseti(L, lua_upvalueindex(UP_POOL), n + 1);
  }
  return 0;
}


/* after a play: when it ended a hand (hand_before is the hand number it was
** played in), logs what the hand gave */
void dhG_log_hand_end(lua_State *L, dh_match *m, int hand_before) {
  int s;
  int64_t tricks = 0;
  if (m->hand_no == hand_before && m->phase != DH_PHASE_OVER) return;
  log_push(L, m, ACT_HAND | (int64_t)m->rules->nsides << 8);
  for (s = 0; s < m->rules->nsides; s++) log_push(L, m, m->hand_points[s]);
  for (s = 0; s < m->nseats; s++) tricks |= (int64_t)m->last_tricks[s] << (8 * s);
  log_push(L, m, tricks);
}


/* game:hands() -> what each finished hand gave, in order: a list of
** { points = { per side }, tricks = { per seat } } */
int dhG_hands(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  alog *a = get_log(L, 1);
  lua_Integer i, k = 0;
  lua_newtable(L);
  for (i = 0; i < a->n; i++) {
    int64_t e = a->e[i];
    int s, nsides;
    if ((e & 15) == ACT_PASS) { i++; continue; }  /* its set follows */
    if ((e & 15) != ACT_HAND) continue;
    nsides = (int)(e >> 8);
    lua_createtable(L, 0, 2);
    lua_createtable(L, nsides, 0);
    for (s = 0; s < nsides; s++) { lua_pushinteger(L, a->e[i + 1 + s]); lua_rawseti(L, -2, s + 1); }
    lua_setfield(L, -2, "points");
    lua_createtable(L, m->nseats, 0);
    for (s = 0; s < m->nseats; s++) {
      lua_pushinteger(L, (a->e[i + 1 + nsides] >> (8 * s)) & 255);
      lua_rawseti(L, -2, s + 1);
    }
    lua_setfield(L, -2, "tricks");
    lua_rawseti(L, -2, ++k);
    i += nsides + 1;
  }
  return 1;
}

/* game:actions() -> list of {seat, kind, value} (value: card, bid, CardSet) */
int dhG_actions(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  alog *a = get_log(L, 1);
  lua_Integer i, n = a->n, k = 0;
  lua_newtable(L);
  for (i = 0; i < n; i++) {
    lua_Integer e = a->e[i];
    int kind;
    kind = (int)(e & 15);
    if (kind == ACT_HAND) {  /* not an action: skip what the hand gave */
      i += (e >> 8) + 1;
      continue;
    }
    lua_createtable(L, 3, 0);
    lua_pushinteger(L, ((e >> 4) & 15) + 1);
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, kind == ACT_PLAY ? "play" : kind == ACT_BID ? "bid" : kind == ACT_SCRIPT ? "script"
                      : kind == ACT_EXCHANGE ? "exchange" : "pass");
    lua_rawseti(L, -2, 2);
    if (kind == ACT_EXCHANGE) lua_pushboolean(L, 1);
    else if (kind == ACT_PLAY) pushcard(L, (dh_card)(e >> 8));
    else if (kind == ACT_BID) lua_pushinteger(L, (e >> 8) - 8);
    else if (kind == ACT_SCRIPT) lua_pushinteger(L, e >> 8);
    else dhL_pushset(L, (dh_cardset)a->e[++i], m->rules->deck.layout);
    lua_rawseti(L, -2, 3);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}
