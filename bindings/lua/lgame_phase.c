/*
** lgame_phase.c -- what a phase script does to its game: the ops of
** match.h a variant's script applies (core.script_op, through the
** context deckhand/game_script.lua gives it), a script move applied whole
** or not at all (core.script_apply), and a prefab phase's moves (phase.h)
** listed and applied (core.phase_moves, core.phase_apply).  Internal:
** bots see only the package.
*/
#include "lgame.h"

/*
** core.script_op(game, op, ...): what a variant's phase script does to
** its game (match.h's phase ops), through the script's context.  A
** refused op is the script's mistake: it raises, naming the op and why.
*/
/*
** A refused op raises "op: refused: why (code)".  The seat is argument 3
** (a seat number from 1) for every op that names one; bad_op says what
** was wrong where the op alone tells.
*/
/* the ops, in the order of their names below */
enum { OP_TURN, OP_VAR, OP_TRUMP, OP_DECLARER, OP_TAKE, OP_DISCARD, OP_SIT_OUT, OP_PLAY,
       OP_END_HAND, OP_STEP, OP_CONTROL, OP_EXPOSE, OP_TEAM, OP_TABLE, OP_SHOW };
static const char *const op_names[] = { "turn", "var", "trump", "declarer", "take", "discard",
                                        "sit_out", "play", "end_hand", "step", "control", "expose",
                                        "team", "table", "show", NULL };

static int refuse_op(lua_State *L, const dh_match *m, int op, int err) {
  const char *code = dh_error_name(err);
  lua_Integer seat = lua_isinteger(L, 3) ? lua_tointeger(L, 3) : 0;
  int out = seat >= 1 && seat <= m->nseats && (m->out_mask >> (seat - 1) & 1);
  if (err == DH_E_BAD_OP) {
    switch (op) {
      case OP_SIT_OUT:
        return out ? luaL_error(L, "sit_out: refused: seat %d already sits out (%s)", (int)seat, code)
                   : luaL_error(L, "sit_out: refused: seat %d cannot sit out, at least two seats must play (%s)",
                                (int)seat, code);
      case OP_TURN:
        if (out) return luaL_error(L, "turn: refused: seat %d sits out (%s)", (int)seat, code);
        break;
      case OP_CONTROL:
        return luaL_error(L, "control: refused: seat %d sits out (%s)", (int)lua_tointeger(L, 4), code);
    }
  }
  if (err == DH_E_WRONG_PHASE) return luaL_error(L, "%s: refused: not in a scripted phase (%s)", op_names[op], code);
  if (err == DH_E_GAME_OVER) return luaL_error(L, "%s: refused: the game is over (%s)", op_names[op], code);
  return luaL_error(L, "%s: refused (%s)", op_names[op], code);
}

static int script_op(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int op = luaL_checkoption(L, 2, NULL, op_names), err = DH_OK, hand = m->hand_no, seat;
  switch (op) {
    case OP_TURN: err = dh_match_set_turn(m, checkseat(L, 3, m)); break;
    case OP_VAR: {
      lua_Integer i = luaL_checkinteger(L, 3), v = luaL_checkinteger(L, 4);
      luaL_argcheck(L, i >= 1 && i <= 8, 3, "var out of range (1 to 8)");
      luaL_argcheck(L, v >= INT16_MIN && v <= INT16_MAX, 4, "var value out of range (16 bits)");
      err = dh_match_set_var(m, (int)i - 1, (int)v);
      break;
    }
    case OP_TRUMP: err = dh_match_set_trump(m, lua_isnil(L, 3) ? DH_NOSUIT : dhL_checksuit(L, 3)); break;
    case OP_DECLARER: err = dh_match_set_declarer(m, lua_isnil(L, 3) ? -1 : checkseat(L, 3, m)); break;
    case OP_TAKE: err = dh_match_take(m, checkseat(L, 3, m), (int)luaL_checkinteger(L, 4)); break;
    case OP_DISCARD: seat = checkseat(L, 3, m); err = dh_match_discard(m, seat, dhL_checkset(L, 4, NULL)); break;
    case OP_SIT_OUT: err = dh_match_sit_out(m, checkseat(L, 3, m)); break;
    case OP_PLAY: err = dh_match_start_play(m, lua_isnoneornil(L, 3) ? -1 : checkseat(L, 3, m)); break;
    case OP_END_HAND:
      dhL_rules_enter(L, m->rules);
      err = dh_match_end_hand(m);
      if (err == DH_E_RULE) return dhL_rules_raise(L);
      if (err == DH_OK) dhG_log_hand_end(L, m, hand);
      break;
    case OP_STEP: {
      lua_Integer k = luaL_checkinteger(L, 3);
      luaL_argcheck(L, k >= 1 && k <= 255, 3, "phase out of range");
      err = dh_match_set_step(m, (int)k, lua_isnoneornil(L, 4) ? -1 : checkseat(L, 4, m));
      break;
    }
    case OP_CONTROL: seat = checkseat(L, 3, m); err = dh_match_control(m, seat, checkseat(L, 4, m)); break;
    case OP_EXPOSE: err = dh_match_expose(m, checkseat(L, 3, m), lua_toboolean(L, 4)); break;
    case OP_TEAM: {
      lua_Integer t = luaL_checkinteger(L, 4);
      luaL_argcheck(L, t >= 1 && t <= DH_MAX_SEATS, 4, "team out of range");
      err = dh_match_set_team(m, checkseat(L, 3, m), (int)t - 1);
      break;
    }
    case OP_TABLE: {
      const char *name = luaL_checkstring(L, 3);
      int k = strcmp(name, "base") == 0 ? 0 : dhL_rules_mode(m->rules, name);
      if (k < 0) return luaL_error(L, "table: no mode '%s' in trump_tables", name);
      err = dh_match_set_table(m, k);
      break;
    }
    case OP_SHOW: seat = checkseat(L, 3, m); err = dh_match_show(m, seat, dhL_checkset(L, 4, NULL)); break;
  }
  if (err != DH_OK) return refuse_op(L, m, op, err);
  return 0;
}

/*
** core.script_apply(game, seat, id, fn, ...) -> true: logs the script move
** numbered id by seat, then calls fn(...), which applies it with
** script_op.  When fn raises, the game and its log are put back as they
** were and the error goes on: a move is applied whole or not at all.
*/
static int script_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1), saved;
  int seat = checkseat(L, 2, m), nargs = lua_gettop(L) - 4;
  lua_Integer id = luaL_checkinteger(L, 3), n;
  alog *a;
  luaL_checktype(L, 4, LUA_TFUNCTION);
  luaL_argcheck(L, id >= 0 && id < ((lua_Integer)1 << 40), 3, "text number out of range");
  if (m->phase != DH_PHASE_SCRIPT) return luaL_error(L, "not in a phase script");
  saved = *m;
  n = get_log(L, 1)->n;
  log_action(L, m, ACT_SCRIPT, seat, id, 0, 0);
  if (lua_pcall(L, nargs, 0, 0) != LUA_OK) {
    *m = saved;
    a = get_log(L, 1);   /* (the log may have grown into a new block: either keeps the entries) */
    a->n = n;
    a->legal_at = 0;
    return lua_error(L);
  }
  get_log(L, 1)->legal_at = 0;
  lua_pushboolean(L, 1);
  return 1;
}

/* core.phase_moves(game or view) -> the codes of the legal moves of a
** prefab phase (phase.h) for the seat to act (a view's: its own turn
** only), in the prefab's order; an empty list when none acts */
static int phase_moves(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : checkview(L, 1);
  const dh_match *m = game ? (const dh_match *)game : &v->m;
  int list[DH_PHASE_MAX_MOVES], n = 0, i;
  if (!v || dh_match_next(m) == v->seat) n = dh_phase_moves(m, list);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, list[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* core.phase_apply(game, seat, code) -> true, or nil, message, code: seat
** plays the prefab phase's move `code`, logged as a script move */
static int phase_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), hand = m->hand_no, err;
  lua_Integer code = luaL_checkinteger(L, 3);
  dhL_rules_enter(L, m->rules);
  err = code < 0 || code > DH_PHASE_MAX_CODE ? DH_E_ILLEGAL_MOVE : dh_phase_apply(m, seat, (int)code);
  if (err == DH_E_ILLEGAL_MOVE) return dhG_refuse(L, err, "not a legal move now: %s", lua_tostring(L, 3));
  if (err) return dhG_turn_refusal(L, m, err, "");
  log_action(L, m, ACT_SCRIPT, seat, code, 0, 0);
  dhG_log_hand_end(L, m, hand);
  lua_pushboolean(L, 1);
  return 1;
}

const luaL_Reg dhG_phase_funcs[] = {
  { "script_op", script_op }, { "script_apply", script_apply },
  { "phase_moves", phase_moves }, { "phase_apply", phase_apply }, { NULL, NULL }
};
