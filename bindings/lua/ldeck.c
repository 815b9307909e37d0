/*
** ldeck.c -- deckhand.Deck: an ordered pile that shuffles, deals, and is
** the talon afterwards.  The userdata is the flat engine struct.
*/
#include <string.h>

#include "lbind.h"
#include "deck.h"

static dh_deck *todeck(lua_State *L, int arg) { return (dh_deck *)luaL_checkudata(L, arg, DH_DECK); }

static dh_deck *push_deck(lua_State *L) {
  dh_deck *d = (dh_deck *)lua_newuserdatauv(L, sizeof(dh_deck), 0);
  luaL_setmetatable(L, DH_DECK);
  return d;
}

/* deckhand.deck(kind) or deckhand.deck("As Kd ...") or deckhand.deck{...} */
static int deck_new(lua_State *L) {
  dh_deck *d;
  if (lua_type(L, 1) == LUA_TTABLE) {
    /* a table: join its names (or cards) and read them as a custom deck */
    lua_Integer i, n = luaL_len(L, 1);
    luaL_Buffer b;
    /* before reading: a table whose __len lies and whose __index is a C
    ** function (tostring) gave names here for as long as memory lasted,
    ** with no Lua instruction for a bot's time limit to stop */
    if (n > 64)
      return luaL_argerror(L, 1, lua_pushfstring(L, "a deck holds at most 64 cards, got %I", (LUAI_UACINT)n));
    luaL_buffinit(L, &b);
    for (i = 1; i <= n; i++) {
      char buf[DH_CARD_NAMELEN];
      lua_geti(L, 1, i);
      if (luaL_testudata(L, -1, DH_CARD)) {
        dh_card c = dhL_checkcard(L, -1);
        lua_pop(L, 1);
        dh_card_name(c, buf);
        luaL_addstring(&b, buf);
      } else if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_addvalue(&b);
      } else {
        lua_pushfstring(L, "card expected at index %I, got %s", (LUAI_UACINT)i, luaL_typename(L, -1));
        return luaL_argerror(L, 1, lua_tostring(L, -1));
      }
      luaL_addchar(&b, ' ');
    }
    luaL_pushresult(&b);
    lua_replace(L, 1);
  }
  {
    size_t len, where = 0;
    const char *s = luaL_checklstring(L, 1, &len), *why = "";
    int kind = dh_deck_kind(s);
    d = push_deck(L);
    if (kind >= 0) {
      dh_deck_init(d, kind);
      return 1;
    }
    if (!dh_deck_custom(d, s, len, &why, &where)) {
      size_t end = where;
      while (end < len && s[end] != ' ' && s[end] != ',') end++;
      if (strpbrk(s, " ,") == NULL && dh_card_parse(s, len, &(dh_card){ 0 }, &(const char *){ 0 }) == 0)
        lua_pushfstring(L, "unknown deck %s (kinds: french52 french54 italian40 piquet32 "
                           "euchre24 pinochle48, or card names)", dhL_quote(L, s, len));
      else
        lua_pushfstring(L, "bad custom deck at %s: %s", dhL_quote(L, s + where, end - where), why);
      return luaL_argerror(L, 1, lua_tostring(L, -1));
    }
  }
  return 1;
}

static int deck_shuffle(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  dh_deck_shuffle(d, dhL_checkrng(L, 2));
  lua_settop(L, 1);
  return 1;
}

/* deck:deal(players, count | {packets}, [{dealer = seat}]) -> { hand1, ... }
** Seats are 1..players; the first card goes to the seat left of the dealer
** (the dealer defaults to the last seat, so seat 1 is served first). */
static int deck_deal(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  lua_Integer players = luaL_checkinteger(L, 2), dealer = players, per_seat = 0;
  uint8_t packets[64];
  int npackets = 0, i, dealt;
  dh_cardset hands[64];
  luaL_argcheck(L, players >= 1 && players <= 64, 2, "players must be 1 to 64");
  if (lua_type(L, 3) == LUA_TTABLE) {
    lua_Integer k, n = luaL_len(L, 3);
    luaL_argcheck(L, n >= 1 && n <= 64, 3, "1 to 64 packets expected");
    for (k = 1; k <= n; k++) {
      lua_Integer p;
      lua_geti(L, 3, k);
      p = lua_tointeger(L, -1);
      lua_pop(L, 1);
      luaL_argcheck(L, p >= 1 && p <= 64, 3, "packet sizes must be 1 to 64");
      packets[npackets++] = (uint8_t)p;
    }
  } else {
    per_seat = luaL_checkinteger(L, 3);
    luaL_argcheck(L, per_seat >= 0 && per_seat <= 64, 3, "cards per seat must be 0 to 64");
  }
  if (lua_istable(L, 4)) {
    lua_getfield(L, 4, "dealer");
    if (!lua_isnil(L, -1)) {
      dealer = lua_tointeger(L, -1);
      luaL_argcheck(L, lua_isinteger(L, -1) && dealer >= 1 && dealer <= players, 4,
                    "dealer must be a seat 1..players");
    }
    lua_pop(L, 1);
  }
  memset(hands, 0, sizeof hands);
  dealt = dh_deck_deal(d, (int)players, (int)dealer - 1, npackets ? packets : NULL, npackets,
                       (int)per_seat, hands);
  if (dealt < 0)
    return luaL_error(L, "deck too short: %d cards left", dh_deck_left(d));
  lua_createtable(L, (int)players, 0);
  for (i = 0; i < players; i++) {
    dhL_pushset(L, hands[i], d->layout);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* deck:draw() -> card or nil; deck:draw(n) -> a list of up to n cards */
static int deck_draw(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  if (lua_isnoneornil(L, 2)) {
    dh_card c = dh_deck_draw(d);
    if (c == DH_NO_CARD) lua_pushnil(L); else dhL_pushcard(L, c);
  } else {
    lua_Integer n = luaL_checkinteger(L, 2), i;
    luaL_argcheck(L, n >= 0, 2, "negative count");
    lua_newtable(L);
    for (i = 1; i <= n && dh_deck_left(d) > 0; i++) {
      dhL_pushcard(L, dh_deck_draw(d));
      lua_rawseti(L, -2, i);
    }
  }
  return 1;
}

/* deck:turn() -> the top card, turned face up and put under the pile */
static int deck_turn(lua_State *L) {
  dh_card c = dh_deck_turn_under(todeck(L, 1));
  if (c == DH_NO_CARD) lua_pushnil(L); else dhL_pushcard(L, c);
  return 1;
}

/* deck:peek([i]) -> the i-th card from the top (default 1), not removed */
static int deck_peek(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  lua_Integer i = luaL_optinteger(L, 2, 1);
  if (i < 1 || i > dh_deck_left(d)) lua_pushnil(L);
  else dhL_pushcard(L, d->cards[d->top + i - 1]);
  return 1;
}

static int deck_len(lua_State *L) {
  lua_pushinteger(L, dh_deck_left(todeck(L, 1)));
  return 1;
}

static int deck_cards(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  int i;
  lua_createtable(L, dh_deck_left(d), 0);
  for (i = d->top; i < d->n; i++) {
    dhL_pushcard(L, d->cards[i]);
    lua_rawseti(L, -2, i - d->top + 1);
  }
  return 1;
}

static int deck_set(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  dhL_pushset(L, dh_deck_set(d), d->layout);
  return 1;
}

static int deck_order(lua_State *L) {
  dhL_pushorder(L, &todeck(L, 1)->natural);
  return 1;
}

static int deck_kind(lua_State *L) {
  lua_pushstring(L, dh_deck_kind_name(todeck(L, 1)->kind));
  return 1;
}

static int deck_clone(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  *push_deck(L) = *d;
  return 1;
}

static int deck_eq(lua_State *L) {
  dh_deck *a = (dh_deck *)luaL_testudata(L, 1, DH_DECK), *b = (dh_deck *)luaL_testudata(L, 2, DH_DECK);
  int same = a && b && dh_deck_left(a) == dh_deck_left(b) &&
             memcmp(a->cards + a->top, b->cards + b->top, (size_t)dh_deck_left(a)) == 0;
  lua_pushboolean(L, same);
  return 1;
}

static int deck_tostring(lua_State *L) {
  dh_deck *d = todeck(L, 1);
  lua_pushfstring(L, "Deck(%s, %d cards)", dh_deck_kind_name(d->kind), dh_deck_left(d));
  return 1;
}

static const luaL_Reg deck_methods[] = {
  { "shuffle", deck_shuffle }, { "deal", deck_deal }, { "draw", deck_draw },
  { "turn", deck_turn }, { "peek", deck_peek }, { "cards", deck_cards }, { "set", deck_set },
  { "order", deck_order }, { "kind", deck_kind }, { "clone", deck_clone },
  { "count", deck_len }, { NULL, NULL }
};

static const luaL_Reg deck_meta[] = {
  { "__len", deck_len }, { "__eq", deck_eq }, { "__tostring", deck_tostring }, { NULL, NULL }
};

int dhL_open_deck(lua_State *L) {
  dhL_newclass(L, DH_DECK, deck_meta, deck_methods);
  lua_pushcfunction(L, deck_new);
  lua_setfield(L, -2, "deck");
  return 0;
}
