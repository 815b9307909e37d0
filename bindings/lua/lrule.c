/*
** lrule.c -- deckhand.Rule: a prefab or a Lua function as a value that
** combines with | & ~ + (and chain) into a new Rule, its nodes built by
** the engine's rule builders (rules.h).  A Rule holds a dh_rules used
** only for its nodes, the rule's index in it, and its Lua functions (if
** any) in its user value: combining two rules copies both trees into a
** new Rule under an and/or/not/sum node.
*/
#include <string.h>

#include "lrules_impl.h"

/* ---------------------------------------------------------------- Rule */

static lrule *torule(lua_State *L, int arg) { return (lrule *)luaL_checkudata(L, arg, DH_RULE); }

static const char *kind_name(const lrule *u) { return dh_rule_kind_name(dh_rule_kind(&u->r, u->root)); }

lrule *dhL_newrule(lua_State *L) {
  lrule *u = (lrule *)lua_newuserdatauv(L, sizeof(lrule), 1);
  memset(u, 0, sizeof *u);
  luaL_setmetatable(L, DH_RULE);
  return u;
}

/* the rule just built into u, or the builder's reason */
lrule *dhL_rulebuilt(lua_State *L, lrule *u, int root) {
  if (root < 0) luaL_error(L, "%s", dh_rules_error(&u->r));
  u->root = root;
  return u;
}

/* the value at arg as a rule (a Rule, or a function: a callback of a kind
** still open); replaces it on the stack */
lrule *dhL_asrule(lua_State *L, int arg) {
  arg = lua_absindex(L, arg);
  if (lua_type(L, arg) == LUA_TFUNCTION) {
    lrule *u = dhL_newrule(L);
    dhL_rulebuilt(L, u, dh_rule_call(&u->r, DH_RULE_ANY, 1));  /* its function's index in the table */
    u->nfuncs = 1;
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, arg);
    lua_rawseti(L, -2, 1);
    lua_setiuservalue(L, -2, 1);
    lua_replace(L, arg);
    return u;
  } else {
    lrule *u = (lrule *)luaL_testudata(L, arg, DH_RULE);
    if (!u) luaL_typeerror(L, arg, "rule or function");
    return u;
  }
}

/* appends rule at idx's functions to the table on top, after `at` */
static void append_funcs(lua_State *L, int idx, const lrule *u, int at) {
  int i;
  if (!u->nfuncs) return;
  lua_getiuservalue(L, idx, 1);
  for (i = 1; i <= u->nfuncs; i++) {
    lua_rawgeti(L, -1, i);
    lua_rawseti(L, -3, at + i);
  }
  lua_pop(L, 1);
}

/* a op b, or op a when ib is 0; rules are values: the operands stay as they are */
static int combine(lua_State *L, int op, int ia, int ib) {
  lrule *a = dhL_asrule(L, ia), *b = ib ? dhL_asrule(L, ib) : NULL, *u;
  int ka = dh_rule_kind(&a->r, a->root), kb = b ? dh_rule_kind(&b->r, b->root) : ka, ra, rb = -1;
  if (ka != kb && ka != DH_RULE_ANY && kb != DH_RULE_ANY)
    return luaL_error(L, "cannot combine a %s rule with a %s rule", kind_name(a), kind_name(b));
  u = dhL_newrule(L);
  ra = dh_rule_copy(&u->r, &a->r, a->root, 0);
  if (b) rb = dh_rule_copy(&u->r, &b->r, b->root, a->nfuncs);
  switch (op) {
    case '&': dhL_rulebuilt(L, u, dh_rule_and(&u->r, ra, rb)); break;
    case '|': dhL_rulebuilt(L, u, dh_rule_or(&u->r, ra, rb)); break;
    case '+': dhL_rulebuilt(L, u, dh_rule_sum(&u->r, ra, rb)); break;
    default: dhL_rulebuilt(L, u, dh_rule_not(&u->r, ra)); break;
  }
  u->nfuncs = a->nfuncs + (b ? b->nfuncs : 0);
  if (u->nfuncs) {
    lua_createtable(L, u->nfuncs, 0);
    append_funcs(L, ia, a, 0);
    if (b) append_funcs(L, ib, b, a->nfuncs);
    lua_setiuservalue(L, -2, 1);
  }
  return 1;
}

static int rule_bor(lua_State *L) { return combine(L, '|', 1, 2); }
static int rule_band(lua_State *L) { return combine(L, '&', 1, 2); }
static int rule_bnot(lua_State *L) { return combine(L, '~', 1, 0); }
static int rule_add(lua_State *L) { return combine(L, '+', 1, 2); }

/* rule.chain(a, b, ...): the first that decides (play rules) */
int dhL_rule_chain(lua_State *L) {
  int i, n = lua_gettop(L);
  luaL_argcheck(L, n >= 1, 1, "rule expected");
  lua_pushvalue(L, 1);
  for (i = 2; i <= n; i++) {
    int top = lua_gettop(L);
    combine(L, '|', top, i);
    lua_replace(L, top);
  }
  return 1;
}

static int rule_tostring(lua_State *L) {
  lrule *u = torule(L, 1);
  lua_pushfstring(L, "Rule(%s, %d nodes)", kind_name(u), u->root + 1);  /* the root is built last */
  return 1;
}

static int rule_kind(lua_State *L) {
  lua_pushstring(L, kind_name(torule(L, 1)));
  return 1;
}

static const luaL_Reg rule_meta[] = {
  { "__bor", rule_bor }, { "__band", rule_band }, { "__bnot", rule_bnot }, { "__add", rule_add },
  { "__tostring", rule_tostring }, { NULL, NULL }
};
static const luaL_Reg rule_methods[] = { { "kind", rule_kind }, { NULL, NULL } };

void dhL_open_rule(lua_State *L) { dhL_newclass(L, DH_RULE, rule_meta, rule_methods); }
