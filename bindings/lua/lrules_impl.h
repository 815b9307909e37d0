/*
** lrules_impl.h -- what the files of the rules binding share: lrule.c
** (Rule values and their algebra), lprefab.c (the prefab rules),
** lrulecall.c (a Lua function run as a rule) and lrules.c (a variant's
** Rules built from its table).  Private to those files.
*/
#ifndef LRULES_IMPL_H
#define LRULES_IMPL_H

#include "lbind.h"
#include "match.h"

#define DH_RULE  "deckhand.Rule"
#define DH_RULES "deckhand.Rules"
#define DH_STATE "deckhand.State"
#define RULE_ERROR "deckhand.rule_error"

typedef struct lrule {
  int root, nfuncs;   /* the rule's index in r; its Lua functions */
  dh_rules r;         /* the nodes (no other field is used) */
} lrule;

typedef struct lstate { const dh_match *m; } lstate;

typedef struct lrules {
  dh_rules r;
  lua_State *L;       /* the thread of the engine call in progress (dhL_rules_enter) */
  lua_State *T;       /* the thread Lua rules run on */
  lstate *st;         /* the State they receive */
  int busy;           /* a Lua rule is running: games may not change or be evaluated */
  int state, thread;  /* registry references: the State, T (LUA_NOREF: released) */
  int nfuncs, fref[DH_MAX_NODES];  /* the functions' references, by callback ref - 1 */
  int kind;                        /* the kind of the rule running, for the time limit's message */
  int overran;                     /* it ran over the rule time or a bot's deadline (rule_hook) */
  unsigned calls, clocked;         /* callbacks made; the one whose clock runs (rule_hook) */
  double started;                  /* when that one's clock started */
  char name[64];
  char modes[DH_MAX_MODES][16];    /* the name of each card table a script picks by name ("": a trump's) */
} lrules;

/* lrule.c */
lrule *dhL_newrule(lua_State *L);
/* the rule just built into u, or the builder's reason */
lrule *dhL_rulebuilt(lua_State *L, lrule *u, int root);
/* the value at arg as a rule (a Rule, or a function); replaces it on the stack */
lrule *dhL_asrule(lua_State *L, int arg);
int dhL_rule_chain(lua_State *L);
void dhL_open_rule(lua_State *L);

/* lprefab.c: pushes the table of prefab rules (deckhand.rule) */
void dhL_push_prefabs(lua_State *L);

/* lrulecall.c: the engine's callback for a Lua rule, and the thread rules run on */
int dhL_rules_call(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out);
void dhL_rules_renew(lua_State *L, lrules *u);

#endif
