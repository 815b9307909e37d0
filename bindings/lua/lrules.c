/*
** lrules.c -- deckhand.Rules: a variant's rules, built once from its
** table (deck, sides, card order, trump tables, sizes, phases, the rule
** of each kind) and shared by its games.  Building copies every rule's
** tree into the variant's dh_rules and keeps every Lua function in the
** registry, by a reference the trampoline (lrulecall.c) reads.
*/
#include <string.h>

#include "lrules_impl.h"

int dhL_rules_mode(const dh_rules *r, const char *name) {
  const lrules *u = (const lrules *)(const void *)r;
  int k;
  for (k = 0; k < r->ntables; k++)
    if (u->modes[k][0] && strcmp(u->modes[k], name) == 0) return k + 1;
  return -1;
}

const dh_rules *dhL_checkrules(lua_State *L, int arg) {
  return &((lrules *)luaL_checkudata(L, arg, DH_RULES))->r;
}

/* copies the rule at arg into the rules as their rule of kind, and
** references its functions */
static void place_rule(lua_State *L, lrules *u, int arg, int kind) {
  lrule *ru = dhL_asrule(L, arg);
  int k = dh_rule_kind(&ru->r, ru->root), i;
  if (k != kind && k != DH_RULE_ANY)
    luaL_error(L, "field '%s' holds a %s rule", dh_rule_kind_name(kind), dh_rule_kind_name(k));
  i = dh_rule_copy(&u->r, &ru->r, ru->root, u->nfuncs);
  if (i < 0 || dh_rules_set(&u->r, kind, i) < 0) luaL_error(L, "%s", dh_rules_error(&u->r));
  if (!ru->nfuncs) return;
  lua_getiuservalue(L, arg, 1);
  for (i = 1; i <= ru->nfuncs; i++) {  /* fewer than DH_MAX_NODES: each is a node */
    lua_rawgeti(L, -1, i);
    u->fref[u->nfuncs++] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_pop(L, 1);
}

static int getbool(lua_State *L, int t, const char *k) {
  int v;
  lua_getfield(L, t, k);
  v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

static void build_deck(lua_State *L, dh_deck *d, int spec) {
  lua_getfield(L, spec, "deck");
  if (lua_isnil(L, -1)) dh_deck_init(d, DH_DECK_FRENCH52);
  else if (luaL_testudata(L, -1, DH_DECK)) *d = *(dh_deck *)lua_touserdata(L, -1);
  else {
    size_t len, where;
    const char *s = luaL_checklstring(L, -1, &len), *why;
    int kind = dh_deck_kind(s);
    if (kind >= 0) dh_deck_init(d, kind);
    else if (!dh_deck_custom(d, s, len, &why, &where)) luaL_error(L, "bad deck %s: %s", dhL_quote(L, s, len), why);
  }
  lua_pop(L, 1);
  lua_getfield(L, spec, "remove");
  if (!lua_isnil(L, -1)) {
    dh_cardset gone = dhL_checkset(L, lua_gettop(L), NULL);
    int i, n = 0;
    for (i = d->top; i < d->n; i++)
      if (!dh_set_has(gone, d->cards[i])) d->cards[n++] = d->cards[i];
    d->top = 0;
    d->n = (uint8_t)n;
  }
  lua_pop(L, 1);
}

static void build_sides(lua_State *L, dh_rules *r, int spec) {
  int i, most = 0;
  if (lua_getfield(L, spec, "sides") != LUA_TTABLE) {
    for (i = 0; i < r->nseats; i++) r->side_of[i] = (uint8_t)i;
    r->nsides = r->nseats;
  } else {
    for (i = 0; i < r->nseats; i++) {
      int s = (int)dhL_intat(L, lua_gettop(L), i + 1, "sides", 1, r->nseats);
      r->side_of[i] = (uint8_t)(s - 1);
      if (s > most) most = s;
    }
    r->nsides = (uint8_t)most;
  }
  lua_pop(L, 1);
}

/* suit_of and strength overrides from the tables at index t (card -> suit,
** card -> 0..255), each when present */
static void read_suit_of(lua_State *L, int t, int8_t *suit_of) {
  if (lua_getfield(L, t, "suit_of") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      /* "none": a card of no suit, or of a mode's fifth suit (Skat's grand: the plain clubs) */
      if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "none") == 0) suit_of[c & 63] = DH_NOSUIT;
      else suit_of[c & 63] = (int8_t)dhL_checksuit(L, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

static void read_strength(lua_State *L, int t, uint8_t *strength) {
  if (lua_getfield(L, t, "strength") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      int isnum;
      lua_Integer v = lua_tointegerx(L, -1, &isnum);
      if (!isnum || v < 0 || v > 255) {
        char name[DH_CARD_NAMELEN];
        dh_card_name(c, name);
        luaL_error(L, "strength[%s] must be an integer from 0 to 255, got %s", name,
                   isnum ? lua_tostring(L, -1) : luaL_typename(L, -1));
      }
      strength[c & 63] = (uint8_t)v;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* the order, the suits cards count as and their strengths */
static void build_cards(lua_State *L, dh_rules *r, int spec) {
  dh_order order;
  const dh_order *o;
  int i;
  lua_getfield(L, spec, "order");
  o = lua_isnil(L, -1) ? &r->deck.natural : dhL_optorder(L, lua_gettop(L), &order, r->deck.layout);
  for (i = 0; i < 64; i++) r->suit_of[i] = (int8_t)dh_card_suit(dh_card_at(i, r->deck.layout));
  read_suit_of(L, spec, r->suit_of);
  dh_rules_finish(r, o);
  lua_pop(L, 1);
  read_strength(L, spec, r->strength);
}

/* does the string at idx name a suit as dhL_checksuit reads one (a
** letter, a suit's name, a symbol), rather than a mode? */
static int is_suit_key(lua_State *L, int idx) {
  static const char *const names[] = { "clubs", "diamonds", "hearts", "spades" };
  size_t len;
  const char *k = lua_tolstring(L, idx, &len);
  int i;
  for (i = 0; i < 4; i++)
    if (strcmp(k, names[i]) == 0) return 1;
  return len == 1 || (len == 3 && (unsigned char)k[0] >= 0x80);
}

/* trump_tables = { [suit or "none" or a mode's name] = { suit_of =,
** strength = } }: the card table of the hands with that trump, the base
** one changed so; a name other than a suit's is a mode a script picks by
** name (dhL_rules_mode) */
static void build_tables(lua_State *L, lrules *u, int spec) {
  dh_rules *r = &u->r;
  if (lua_getfield(L, spec, "trump_tables") == LUA_TTABLE) {
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
      int suit, k;
      const char *mode = NULL;
      if (lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), "none") == 0) suit = DH_NOSUIT;
      else if (lua_type(L, -2) == LUA_TSTRING && !is_suit_key(L, -2)) {
        mode = lua_tostring(L, -2);
        if (strlen(mode) >= sizeof u->modes[0]) luaL_error(L, "trump_tables: mode name '%s' too long", mode);
        suit = -1;
      }
      else suit = dhL_checksuit(L, lua_absindex(L, -2));
      luaL_checktype(L, -1, LUA_TTABLE);
      if ((k = dh_rules_add_table(r, suit)) < 0) luaL_error(L, "trump_tables: at most %d tables", DH_MAX_MODES);
      if (mode) strcpy(u->modes[k - 1], mode);
      read_suit_of(L, lua_gettop(L), r->tables[k - 1].suit_of);
      read_strength(L, lua_gettop(L), r->tables[k - 1].strength);
      dh_rules_finish_table(&r->tables[k - 1]);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

static void build_sizes(lua_State *L, dh_rules *r, int spec) {
  int i;
  if (lua_getfield(L, spec, "sizes") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n < 1 || n > DH_MAX_SIZES) luaL_error(L, "sizes must list 1 to %d hand sizes", DH_MAX_SIZES);
    for (i = 0; i < n; i++) r->sizes[i] = (uint8_t)dhL_intat(L, lua_gettop(L), i + 1, "sizes", 1, 64);
    r->nsizes = (uint8_t)n;
  }
  lua_pop(L, 1);
}

static void build_trump(lua_State *L, dh_rules *r, int spec) {
  const char *t;
  if (lua_getfield(L, spec, "trump") == LUA_TNIL) r->trump_mode = DH_TRUMP_NONE;
  else if (strcmp((t = luaL_checkstring(L, -1)), "none") == 0) r->trump_mode = DH_TRUMP_NONE;
  else if (strcmp(t, "turn_under") == 0) r->trump_mode = DH_TRUMP_TURN_UNDER;
  else if (strcmp(t, "turn_top") == 0) r->trump_mode = DH_TRUMP_TURN_TOP;
  else if (strcmp(t, "dealer") == 0) r->trump_mode = DH_TRUMP_DEALER;
  else if (strcmp(t, "show_top") == 0) r->trump_mode = DH_TRUMP_SHOW_TOP;
  else {
    r->trump_mode = DH_TRUMP_FIXED;
    r->trump_suit = (uint8_t)dhL_checksuit(L, lua_gettop(L));
  }
  lua_pop(L, 1);
}

static void build_passes(lua_State *L, dh_rules *r, int spec) {
  int i;
  r->pass_count = (uint8_t)dhL_intfield(L, spec, "pass_count", 0, 0, 64);
  if (lua_getfield(L, spec, "pass_dirs") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n > DH_MAX_PASSES) luaL_error(L, "pass_dirs: at most %d pass directions", DH_MAX_PASSES);
    for (i = 0; i < n; i++)
      r->pass_dir[i] = (int8_t)dhL_intat(L, lua_gettop(L), i + 1, "pass_dirs", 1 - r->nseats, r->nseats - 1);
    r->npasses = (uint8_t)n;
  }
  lua_pop(L, 1);
}

/* fills the Rules at 2 from the spec at 1 (protected: errors get the
** variant's name in rules_new) */
static int build(lua_State *L) {
  static const char *const kinds[DH_RULE_NKINDS] = { "hand", "play", "points", "win", "bid" };
  lrules *u = (lrules *)lua_touserdata(L, 2);
  dh_rules *r = &u->r;
  const char *why;
  int spec = 1, k;
  build_deck(L, &r->deck, spec);
  r->nseats = (uint8_t)dhL_intfield(L, spec, "seats", 4, 2, DH_MAX_SEATS);
  build_sides(L, r, spec);
  build_cards(L, r, spec);
  build_sizes(L, r, spec);
  build_trump(L, r, spec);
  build_tables(L, u, spec);
  r->scripted = (uint8_t)getbool(L, spec, "scripted");
  lua_getfield(L, spec, "phases");  /* a prefab (Phase) plays them in C */
  dhL_tophase(L, -1, &r->phase, &r->phase_flags, r->phase_args);
  lua_pop(L, 1);
  dhL_phase_args(r);
  lua_getfield(L, spec, "opener");  /* "dealer", "left" or seats left of the dealer */
  if (lua_type(L, -1) == LUA_TSTRING) r->opener = strcmp(lua_tostring(L, -1), "dealer") == 0 ? 0 : 1;
  else if (lua_isinteger(L, -1)) r->opener = (uint8_t)(lua_tointeger(L, -1) % r->nseats);
  lua_pop(L, 1);
  r->draw = (uint8_t)getbool(L, spec, "draw");
  lua_getfield(L, spec, "lead");
  if (!lua_isnil(L, -1) && !(lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "left") == 0)) {
    r->lead = DH_LEAD_HOLDER;
    r->lead_card = dhL_checkcard(L, lua_gettop(L));
  }
  lua_pop(L, 1);
  build_passes(L, r, spec);
  r->bidding = (uint8_t)getbool(L, spec, "bidding");
  r->bid_step = (uint8_t)dhL_intfield(L, spec, "bid_step", 0, 0, 255);  /* variant.lua: bids_before */
  r->blind_exchange = (uint8_t)dhL_intfield(L, spec, "blind_exchange", 0, 0, 64);
  lua_getfield(L, spec, "trump_exchange");  /* true, or "first_trick" */
  r->trump_exchange = (uint8_t)(lua_type(L, -1) == LUA_TSTRING ? 2 : lua_toboolean(L, -1));
  lua_pop(L, 1);
  r->low_wins = (uint8_t)getbool(L, spec, "low_wins");
  r->max_hands = (uint16_t)dhL_intfield(L, spec, "max_hands", 1000, 1, 65535);
  for (k = 0; k < DH_RULE_NKINDS; k++) {  /* a rule left out keeps the engine's default */
    if (lua_getfield(L, spec, kinds[k]) != LUA_TNIL) place_rule(L, u, lua_gettop(L), k);
    lua_pop(L, 1);
  }
  r->call = dhL_rules_call;
  r->call_ud = u;
  if ((why = dh_rules_check(r)) != NULL) luaL_error(L, "%s", why);
  return 0;
}

/* core.rules(spec) -> Rules: spec is a variant normalized by deckhand/variant.lua */
static int rules_new(lua_State *L) {
  lrules *u;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  u = (lrules *)lua_newuserdatauv(L, sizeof(lrules), 0);
  memset(u, 0, sizeof *u);
  u->state = u->thread = LUA_NOREF;
  luaL_setmetatable(L, DH_RULES);
  lua_getfield(L, 1, "name");
  strncpy(u->name, luaL_optstring(L, -1, "variant"), sizeof u->name - 1);
  lua_pop(L, 1);
  dh_rules_init(&u->r);
  u->st = (lstate *)lua_newuserdatauv(L, sizeof(lstate), 0);
  u->st->m = NULL;
  luaL_setmetatable(L, DH_STATE);
  u->state = luaL_ref(L, LUA_REGISTRYINDEX);
  dhL_rules_renew(L, u);
  lua_pushcfunction(L, build);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  if (lua_pcall(L, 2, 0, 0) != LUA_OK) return luaL_error(L, "%s: %s", u->name, lua_tostring(L, -1));
  return 1;
}

/* the references go with the last game of the variant; safe twice.  No
** __close: the Rules of a variant are shared by all its games (and the
** worlds sampled from their views), so no holder may release them early */
static int rules_gc(lua_State *L) {
  lrules *u = (lrules *)luaL_checkudata(L, 1, DH_RULES);
  int i;
  for (i = 0; i < u->nfuncs; i++) luaL_unref(L, LUA_REGISTRYINDEX, u->fref[i]);
  luaL_unref(L, LUA_REGISTRYINDEX, u->state);
  luaL_unref(L, LUA_REGISTRYINDEX, u->thread);
  u->nfuncs = 0;
  u->state = u->thread = LUA_NOREF;
  return 0;
}

static int rules_tostring(lua_State *L) {
  lrules *u = (lrules *)luaL_checkudata(L, 1, DH_RULES);
  lua_pushfstring(L, "Rules(%s)", u->name);
  return 1;
}

static int rules_name(lua_State *L) {
  lua_pushstring(L, ((lrules *)luaL_checkudata(L, 1, DH_RULES))->name);
  return 1;
}

static const luaL_Reg rules_meta[] = {
  { "__gc", rules_gc }, { "__tostring", rules_tostring }, { NULL, NULL }
};
static const luaL_Reg rules_methods[] = { { "name", rules_name }, { NULL, NULL } };

int dhL_open_rules(lua_State *L) {
  dhL_open_rule(L);
  dhL_newclass(L, DH_RULES, rules_meta, rules_methods);
  luaL_newmetatable(L, DH_STATE);  /* its __index is set by lgame.c */
  lua_pop(L, 1);
  dhL_push_prefabs(L);
  lua_setfield(L, -2, "rule");
  lua_pushcfunction(L, rules_new);
  lua_setfield(L, -2, "rules");
  return 0;
}

