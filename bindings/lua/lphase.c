/*
** lphase.c -- deckhand.Phase: prefab phases (phase.h), the phases of a
** variant played in C, and the texts of their moves.
**
** dh.phase.turned_card_trump { stick_the_dealer = false } (Euchre) and
** dh.phase.auction { } (Contract Bridge) are values a
** variant gives as its `phases` in place of a list of Lua phases; building
** the variant's Rules reads it (dhL_tophase).  Its moves are the engine's
** codes, which a game logs; the texts players read and records keep are
** made here, and are the texts a Lua script of the same phases would use.
** The prefabs' numbers (prefab.h) are read from here too:
** dh.phase.auction.vars, dh.phase.skat_bidding.bids (dhL_open_phase).
*/
#include <string.h>

#include "lbind.h"
#include "phase.h"

#define DH_PHASE "deckhand.Phase"

typedef struct lphase { uint8_t kind, flags; int16_t args[4]; } lphase;

static const char *const kind_names[DH_PREFAB_NKINDS] = { "none", "turned_card_trump", "auction",
                                                          "skat_bidding" };
static const char *const suit_names[] = { "clubs", "diamonds", "hearts", "spades" };

static lphase *checkphase(lua_State *L, int arg) { return (lphase *)luaL_checkudata(L, arg, DH_PHASE); }

int dhL_tophase(lua_State *L, int arg, uint8_t *kind, uint8_t *flags, int16_t *args) {
  const lphase *p = (const lphase *)luaL_testudata(L, arg, DH_PHASE);
  if (!p) return 0;
  *kind = p->kind;
  *flags = p->flags;
  memcpy(args, p->args, sizeof p->args);
  return 1;
}

/* a new Phase of kind, no options yet */
static lphase *new_phase(lua_State *L, int kind) {
  lphase *p = (lphase *)lua_newuserdatauv(L, sizeof(lphase), 0);
  memset(p, 0, sizeof *p);
  p->kind = (uint8_t)kind;
  luaL_setmetatable(L, DH_PHASE);
  return p;
}

/* a boolean option of the table at t (false when absent); raises naming it */
static int bool_field(lua_State *L, int t, const char *what, const char *k) {
  int v, type = lua_getfield(L, t, k);
  if (type != LUA_TNIL && type != LUA_TBOOLEAN)
    luaL_error(L, "%s: field '%s' must be a boolean, got %s", what, k, luaL_typename(L, -1));
  v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* turned_card_trump([{ stick_the_dealer = false, keep_upcard = false, lone_defender = false }]) -> Phase */
static int p_turned_card_trump(lua_State *L) {
  lphase *p;
  int stick = 0, keep = 0, lone = 0;
  if (!lua_isnoneornil(L, 1)) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TSTRING || (strcmp(lua_tostring(L, -1), "stick_the_dealer") != 0 &&
                                             strcmp(lua_tostring(L, -1), "keep_upcard") != 0 &&
                                             strcmp(lua_tostring(L, -1), "lone_defender") != 0))
        return luaL_error(L, "turned_card_trump: unknown field '%s'", luaL_tolstring(L, -1, NULL));
    }
    stick = bool_field(L, 1, "turned_card_trump", "stick_the_dealer");
    keep = bool_field(L, 1, "turned_card_trump", "keep_upcard");
    lone = bool_field(L, 1, "turned_card_trump", "lone_defender");
  }
  p = new_phase(L, DH_PREFAB_TURNED_TRUMP);
  p->flags = (uint8_t)((stick ? DH_PREFAB_STICK : 0) | (keep ? DH_PREFAB_KEEP_UPCARD : 0) |
                       (lone ? DH_PREFAB_LONE_DEFENDER : 0));
  return 1;
}

/* a contract's code 1..35 from its text ("4S", "3nt"; any case), 0 when
** the text is no contract */
static int contract_code(const char *s) {
  static const char *const strains[] = { "c", "d", "h", "s", "nt" };
  int level = s[0] - '0', k;
  if (level < 1 || level > 7) return 0;
  for (k = 0; k < 5; k++) {
    const char *a = s + 1, *b = strains[k];
    while (*a && *b && (*a | 0x20) == *b) a++, b++;
    if (!*a && !*b) return (level - 1) * 5 + k + 1;
  }
  return 0;
}

/* a seat given as 1..4 or as N, E, S, W (any case) */
static int seat_field(lua_State *L, int t, const char *k) {
  int seat = 0;
  if (lua_getfield(L, t, k) == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1), *at = strchr("NESW", s[0] & ~0x20);
    if (s[0] && !s[1] && at) seat = (int)(at - "NESW") + 1;
  } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= 4) {
    seat = (int)lua_tointeger(L, -1);
  }
  if (!seat && !lua_isnil(L, -1))
    luaL_error(L, "auction: field '%s' must be a seat, 1..4 or N, E, S, W, got %s", k, luaL_tolstring(L, -1, NULL));
  lua_pop(L, 1);
  return seat;
}

/* auction([{ contract =, declarer =, doubled =, vulnerable = }]) -> Phase:
** Contract Bridge's auction; with a contract ("4S", "3NT") and its
** declarer, no calls: every hand is played in that contract (doubled 0,
** 1 or 2); vulnerable ("none", "ns", "ew", "both") fixes the
** vulnerability that the board gives otherwise */
static int p_auction(lua_State *L) {
  static const char *const keys[] = { "contract", "declarer", "doubled", "vulnerable", NULL };
  static const char *const vul[] = { "none", "ns", "ew", "both", NULL };
  int16_t args[4] = { 0, 0, 0, 0 };
  lphase *p;
  if (!lua_isnoneornil(L, 1)) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      int k = 0;
      lua_pop(L, 1);
      if (lua_type(L, -1) == LUA_TSTRING)
        while (keys[k] && strcmp(keys[k], lua_tostring(L, -1)) != 0) k++;
      if (lua_type(L, -1) != LUA_TSTRING || !keys[k])
        return luaL_error(L, "auction: unknown field '%s'", luaL_tolstring(L, -1, NULL));
    }
    if (lua_getfield(L, 1, "contract") != LUA_TNIL) {
      const char *s = lua_tostring(L, -1);
      args[DH_AUCTION_ARG_CONTRACT] = (int16_t)(lua_type(L, -1) == LUA_TSTRING ? contract_code(s) : 0);
      if (!args[DH_AUCTION_ARG_CONTRACT])
        return luaL_error(L, "auction: field 'contract' must be a bid such as 4S or 3NT, got %s",
                          luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
    args[DH_AUCTION_ARG_DECLARER] = (int16_t)seat_field(L, 1, "declarer");
    args[DH_AUCTION_ARG_DOUBLED] = (int16_t)dhL_intfield(L, 1, "doubled", 0, 0, 2);
    if (lua_getfield(L, 1, "vulnerable") != LUA_TNIL) {
      int k = 0;
      const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      while (vul[k] && strcmp(vul[k], s) != 0) k++;
      if (!vul[k])
        return luaL_error(L, "auction: field 'vulnerable' must be none, ns, ew or both, got %s",
                          luaL_tolstring(L, -1, NULL));
      args[DH_AUCTION_ARG_VULNERABLE] = (int16_t)(k + 1);
    }
    lua_pop(L, 1);
    if (!args[DH_AUCTION_ARG_CONTRACT] != !args[DH_AUCTION_ARG_DECLARER])
      return luaL_error(L, "auction: a fixed contract needs both 'contract' and 'declarer'");
    if (args[DH_AUCTION_ARG_DOUBLED] && !args[DH_AUCTION_ARG_CONTRACT])
      return luaL_error(L, "auction: 'doubled' needs a fixed 'contract'");
  }
  p = new_phase(L, DH_PREFAB_AUCTION);
  memcpy(p->args, args, sizeof args);
  return 1;
}

/* skat_bidding([{ramsch, ramsch_skat = "last"|"loser", jungfrau}]) ->
** Phase: Skat's bidding, skat, lay away and game; Ramsch when all pass */
static int p_skat_bidding(lua_State *L) {
  unsigned flags = 0;
  if (!lua_isnoneornil(L, 1)) {
    const char *to;
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
      lua_pop(L, 1);
      if (!k || (strcmp(k, "ramsch") && strcmp(k, "ramsch_skat") && strcmp(k, "jungfrau")))
        return luaL_error(L, "skat_bidding: unknown field '%s'", luaL_tolstring(L, -1, NULL));
    }
    if (bool_field(L, 1, "skat_bidding", "ramsch")) flags |= DH_SKAT_RAMSCH;
    if (bool_field(L, 1, "skat_bidding", "jungfrau")) flags |= DH_SKAT_JUNGFRAU;
    lua_getfield(L, 1, "ramsch_skat");
    to = lua_tostring(L, -1);
    if (!lua_isnil(L, -1) && (!to || (strcmp(to, "last") && strcmp(to, "loser"))))
      return luaL_error(L, "skat_bidding: ramsch_skat must be \"last\" or \"loser\"");
    if (to && !strcmp(to, "loser")) flags |= DH_SKAT_RAMSCH_LOSER;
    lua_pop(L, 1);
  }
  new_phase(L, DH_PREFAB_SKAT_BIDDING)->flags = (uint8_t)flags;
  return 1;
}

/* the text of an auction's call: pass, double, redouble, 1C .. 7NT (as
** rules/bridge.lua's script wrote them) */
static int auction_text(lua_State *L, lua_Integer code) {
  static const char *const fixed[] = { "pass", "double", "redouble" };
  static const char *const strains[] = { "C", "D", "H", "S", "NT" };
  if (code >= DH_AUCTION_PASS && code <= DH_AUCTION_REDOUBLE) {
    lua_pushstring(L, fixed[code]);
  } else if (code >= DH_AUCTION_BID && code < DH_AUCTION_BID + 35) {
    lua_pushfstring(L, "%d%s", (int)(code - DH_AUCTION_BID) / 5 + 1, strains[(code - DH_AUCTION_BID) % 5]);
  } else {
    return luaL_argerror(L, 2, "not a move of the phase");
  }
  return 1;
}

void dhL_phase_args(dh_rules *r) {
  if (r->phase == DH_PREFAB_SKAT_BIDDING) r->phase_args[DH_SKAT_ARG_GRAND] = (int16_t)dhL_rules_mode(r, "grand");
}

/* the text of Skat's move code, pushed; 0 when it names no move */
static int skat_text(lua_State *L, lua_Integer code) {
  static const char *const games[] = { "diamonds", "hearts", "spades", "clubs", "grand", "null" };
  static const char *const ann[] = { "", " schneider", " schwarz", " ouvert" };
  if (code == DH_SKAT_PASS) lua_pushliteral(L, "pass");
  else if (code == DH_SKAT_YES) lua_pushliteral(L, "yes");
  else if (code > DH_SKAT_BID && code <= DH_SKAT_BID + DH_SKAT_NVALUES)
    lua_pushfstring(L, "%d", dh_skat_bid_value((int)(code - DH_SKAT_BID)));
  else if (code == DH_SKAT_PICK_UP) lua_pushliteral(L, "pick up");
  else if (code == DH_SKAT_HAND) lua_pushliteral(L, "hand");
  else if (code >= DH_SKAT_GAME && code < DH_SKAT_GAME + 4 * DH_SKAT_NULL) {
    int game = (int)(code - DH_SKAT_GAME) / 4 + 1, a = (int)(code - DH_SKAT_GAME) % 4;
    if (game == DH_SKAT_NULL && (a == DH_SKAT_ANN_SCHNEIDER || a == DH_SKAT_ANN_SCHWARZ))
      return 0;
    lua_pushfstring(L, "%s%s", games[game - 1], ann[a]);
  } else if (code >= DH_SKAT_DISCARD && code < DH_SKAT_END) {
    int lo = (int)(code - DH_SKAT_DISCARD) / 64, hi = (int)(code - DH_SKAT_DISCARD) % 64;
    char a[DH_CARD_NAMELEN], b[DH_CARD_NAMELEN];
    if (lo >= hi || !dh_card_valid((dh_card)lo) || !dh_card_valid((dh_card)hi)) return 0;
    dh_card_name((dh_card)lo, a);
    dh_card_name((dh_card)hi, b);
    lua_pushfstring(L, "discard %s %s", a, b);
  } else {
    return 0;
  }
  return 1;
}

/* phase:text(code) -> the text of one of its moves */
static int phase_text(lua_State *L) {
  static const char *const fixed[] = { "pass", "order up", "order up alone", "pick up", "pick up alone",
                                       "defend alone" };
  lua_Integer code;
  const lphase *p = checkphase(L, 1);
  code = luaL_checkinteger(L, 2);
  if (p->kind == DH_PREFAB_AUCTION) return auction_text(L, code);
  if (p->kind == DH_PREFAB_SKAT_BIDDING) {
    if (!skat_text(L, code)) return luaL_argerror(L, 2, "not a move of the phase");
    return 1;
  }
  if (code >= DH_MOVE_PASS && code <= DH_MOVE_DEFEND_ALONE) {
    lua_pushstring(L, fixed[code]);
  } else if (code >= DH_MOVE_CALL && code < DH_MOVE_CALL + 8) {
    lua_pushfstring(L, "call %s%s", suit_names[(code - DH_MOVE_CALL) / 2],
                    (code - DH_MOVE_CALL) & 1 ? " alone" : "");
  } else if (code >= DH_MOVE_DISCARD && code < DH_MOVE_END && code - DH_MOVE_DISCARD != DH_NO_CARD) {
    char name[DH_CARD_NAMELEN];
    dh_card_name((dh_card)(code - DH_MOVE_DISCARD), name);
    lua_pushfstring(L, "discard %s", name);
  } else {
    return luaL_argerror(L, 2, "not a move of the phase");
  }
  return 1;
}

/* phase:public(text) -> what the other seats see of a move: the discard
** is face down */
static int phase_public(lua_State *L) {
  size_t n;
  const char *text;
  checkphase(L, 1);
  text = luaL_checklstring(L, 2, &n);
  if (n > 8 && memcmp(text, "discard ", 8) == 0) lua_pushliteral(L, "discard");
  else lua_settop(L, 2);
  return 1;
}

/* phase:name() -> the prefab's name ("turned_card_trump") */
static int phase_name(lua_State *L) {
  lua_pushstring(L, kind_names[checkphase(L, 1)->kind]);
  return 1;
}

/* phase:step_name(k) -> the name of its step k (the game's phase), or nil */
static int phase_step_name(lua_State *L) {
  const lphase *p = checkphase(L, 1);
  dh_rules r;
  const char *name;
  memset(&r, 0, sizeof r);
  r.phase = p->kind;
  name = dh_phase_name(&r, (int)luaL_checkinteger(L, 2));
  if (name) lua_pushstring(L, name); else lua_pushnil(L);
  return 1;
}

/* phase:options() -> the options it was made with */
static int phase_options(lua_State *L) {
  const lphase *p = checkphase(L, 1);
  lua_createtable(L, 0, 1);
  if (p->kind == DH_PREFAB_AUCTION) {
    static const char *const vul[] = { "none", "ns", "ew", "both" };
    if (p->args[DH_AUCTION_ARG_CONTRACT]) {
      auction_text(L, DH_AUCTION_BID + p->args[DH_AUCTION_ARG_CONTRACT] - 1);
      lua_setfield(L, -2, "contract");
      lua_pushinteger(L, p->args[DH_AUCTION_ARG_DECLARER]);
      lua_setfield(L, -2, "declarer");
      lua_pushinteger(L, p->args[DH_AUCTION_ARG_DOUBLED]);
      lua_setfield(L, -2, "doubled");
    }
    if (p->args[DH_AUCTION_ARG_VULNERABLE]) {
      lua_pushstring(L, vul[p->args[DH_AUCTION_ARG_VULNERABLE] - 1]);
      lua_setfield(L, -2, "vulnerable");
    }
    return 1;
  }
  if (p->kind == DH_PREFAB_SKAT_BIDDING) {
    if (!p->flags) return 1;   /* the default: no Ramsch, so no Ramsch option shown */
    lua_pushboolean(L, (p->flags & DH_SKAT_RAMSCH) != 0);
    lua_setfield(L, -2, "ramsch");
    lua_pushstring(L, (p->flags & DH_SKAT_RAMSCH_LOSER) ? "loser" : "last");
    lua_setfield(L, -2, "ramsch_skat");
    lua_pushboolean(L, (p->flags & DH_SKAT_JUNGFRAU) != 0);
    lua_setfield(L, -2, "jungfrau");
    return 1;
  }
  lua_pushboolean(L, (p->flags & DH_PREFAB_STICK) != 0);
  lua_setfield(L, -2, "stick_the_dealer");
  if (p->flags & DH_PREFAB_KEEP_UPCARD) {   /* shown when set (older callers see what they saw) */
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "keep_upcard");
  }
  if (p->flags & DH_PREFAB_LONE_DEFENDER) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "lone_defender");
  }
  return 1;
}

static int phase_tostring(lua_State *L) {
  lua_pushfstring(L, "Phase(%s)", kind_names[checkphase(L, 1)->kind]);
  return 1;
}

static const luaL_Reg phase_meta[] = { { "__tostring", phase_tostring }, { NULL, NULL } };
static const luaL_Reg phase_methods[] = {
  { "text", phase_text }, { "public", phase_public }, { "name", phase_name },
  { "step_name", phase_step_name }, { "options", phase_options }, { NULL, NULL }
};

/*
** Each prefab is a table that builds its Phase when called
** (dh.phase.auction { ... }) and holds the prefab's numbers (prefab.h),
** so that rules and bots read them by name and nobody types them again:
** vars, the 1-based var numbers (view:var(i)) of its public state; for
** Skat also bids (the game values a bid may name, by index), games and
** flags (what the game and flags vars hold).
*/
typedef struct named { const char *name; int value; } named;

static void set_named(lua_State *L, const char *field, const named *list) {
  lua_newtable(L);
  for (; list->name; list++) {
    lua_pushinteger(L, list->value);
    lua_setfield(L, -2, list->name);
  }
  lua_setfield(L, -2, field);
}

static const named trump_vars[] = { { "alone", 1 }, { NULL, 0 } };
static const named auction_vars[] = {
  { "contract", DH_AUCTION_CONTRACT + 1 }, { "bidder", DH_AUCTION_BIDDER + 1 },
  { "doubled", DH_AUCTION_DOUBLED + 1 }, { "passes", DH_AUCTION_PASSES + 1 },
  { "named", DH_AUCTION_NAMED + 1 },     /* North-South's; East-West's the next */
  { "opening", DH_AUCTION_OPENING + 1 }, { NULL, 0 }
};
static const named skat_vars[] = {
  { "value", DH_SKAT_VAR_VALUE + 1 }, { "asker", DH_SKAT_VAR_ASKER + 1 },
  { "holder", DH_SKAT_VAR_HOLDER + 1 }, { "stage", DH_SKAT_VAR_STAGE + 1 },
  { "game", DH_SKAT_VAR_GAME + 1 }, { "flags", DH_SKAT_VAR_FLAGS + 1 }, { NULL, 0 }
};
static const named skat_games[] = {
  { "diamonds", DH_SKAT_DIAMONDS }, { "hearts", DH_SKAT_HEARTS }, { "spades", DH_SKAT_SPADES },
  { "clubs", DH_SKAT_CLUBS }, { "grand", DH_SKAT_GRAND }, { "null", DH_SKAT_NULL },
  { "ramsch", DH_SKAT_RAMSCH_GAME }, { NULL, 0 }
};
static const named skat_flags[] = {
  { "hand", DH_SKAT_FLAG_HAND }, { "schneider", DH_SKAT_FLAG_SCHNEIDER },
  { "schwarz", DH_SKAT_FLAG_SCHWARZ }, { "ouvert", DH_SKAT_FLAG_OUVERT }, { NULL, 0 }
};

/* calling a prefab's table: its builder (the upvalue) on the arguments
** after the table itself */
static int prefab_call(lua_State *L) {
  lua_CFunction build = lua_tocfunction(L, lua_upvalueindex(1));
  lua_remove(L, 1);
  return build(L);
}

/* a new prefab table for build at the top of the stack, its vars set */
static void new_prefab(lua_State *L, lua_CFunction build, const named *vars) {
  lua_newtable(L);
  set_named(L, "vars", vars);
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, build);
  lua_pushcclosure(L, prefab_call, 1);
  lua_setfield(L, -2, "__call");
  lua_pushliteral(L, "deckhand.prefab");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

int dhL_open_phase(lua_State *L) {
  int k;
  dhL_newclass(L, DH_PHASE, phase_meta, phase_methods);
  lua_createtable(L, 0, 3);
  new_prefab(L, p_turned_card_trump, trump_vars);
  lua_setfield(L, -2, "turned_card_trump");
  new_prefab(L, p_auction, auction_vars);
  lua_setfield(L, -2, "auction");
  new_prefab(L, p_skat_bidding, skat_vars);
  lua_createtable(L, DH_SKAT_NVALUES, 0);
  for (k = 1; k <= DH_SKAT_NVALUES; k++) {
    lua_pushinteger(L, dh_skat_bid_value(k));
    lua_rawseti(L, -2, k);
  }
  lua_setfield(L, -2, "bids");
  set_named(L, "games", skat_games);
  set_named(L, "flags", skat_flags);
  lua_setfield(L, -2, "skat_bidding");
  lua_setfield(L, -2, "phase");
  return 0;
}
