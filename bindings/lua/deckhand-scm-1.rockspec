-- deckhand-scm-1.rockspec: the deckhand Lua module for LuaRocks.
--   luarocks --lua-version=5.4 make bindings/lua/deckhand-scm-1.rockspec
-- run from a source tree builds deckhand.core from the C sources listed
-- below and installs it with the Lua files; nothing is downloaded.
-- The lists are explicit ("builtin" has no globs); `lua5.4 .ci/sync-rockspec.lua`
-- rewrites them from the tree, and tests/lua/rockspec_spec.lua
-- fails when an engine/*/*.c, bindings/lua/*.c, deckhand/*.lua or rules/*.lua
-- file of the tree is missing here.
rockspec_format = "3.0"
package = "deckhand"
version = "scm-1"

source = {
  url = "git+https://example.invalid/deckhand.git",  -- not fetched by `luarocks make`
}

description = {
  summary = "A card-game engine: a C11 core with a Lua 5.4 layer for rules and bots",
  detailed = [[
Cards, decks, seeded shuffles, tricks and poker hands in C; variants
(Spades, Hearts, Briscola, Oh Hell, Hold'em) and strategies in Lua.]],
}

dependencies = {
  "lua >= 5.4, < 5.5",
}

build = {
  type = "builtin",
  modules = {
    ["deckhand.core"] = {
      sources = {
        "engine/core/card.c",
        "engine/core/cardset.c",
        "engine/core/deck.c",
        "engine/core/rng.c",
        "engine/core/trick.c",
        "engine/core/version.c",
        "engine/trick/match.c",
        "engine/trick/playout.c",
        "engine/trick/policy.c",
        "engine/trick/rule_bid.c",
        "engine/trick/rule_hand.c",
        "engine/trick/rule_play.c",
        "engine/trick/rule_points.c",
        "engine/trick/rule_win.c",
        "engine/trick/rules.c",
        "engine/trick/view.c",
        "engine/poker/equity.c",
        "engine/poker/pattern.c",
        "engine/poker/pattern_match.c",
        "engine/poker/poker_cards.c",
        "engine/poker/poker_describe.c",
        "engine/poker/poker_enum.c",
        "engine/poker/poker_eval.c",
        "engine/poker/poker_keys.c",
        "engine/poker/poker_many.c",
        "engine/poker/poker_many512.c",
        "engine/poker/poker_tables.c",
        "engine/poker/range.c",
        "engine/solve/solve.c",
        "bindings/lua/lcard.c",
        "bindings/lua/lcardset.c",
        "bindings/lua/lcore.c",
        "bindings/lua/ldeck.c",
        "bindings/lua/lequity.c",
        "bindings/lua/lfield.c",
        "bindings/lua/lgame.c",
        "bindings/lua/lhost.c",
        "bindings/lua/lpattern.c",
        "bindings/lua/lpoker.c",
        "bindings/lua/lrng.c",
        "bindings/lua/lrules.c",
        "bindings/lua/lsolve.c",
        "bindings/lua/ltrick.c",
      },
      incdirs = { "engine", "engine/core", "engine/trick", "engine/poker", "engine/solve" },
      defines = { "NDEBUG" },
      libraries = { "m" },
    },
    ["deckhand"] = "bindings/lua/deckhand/init.lua",
    ["deckhand.game"] = "bindings/lua/deckhand/game.lua",
    ["deckhand.guard"] = "bindings/lua/deckhand/guard.lua",
    ["deckhand.holdem"] = "bindings/lua/deckhand/holdem.lua",
    ["deckhand.json"] = "bindings/lua/deckhand/json.lua",
    ["deckhand.lua_game"] = "bindings/lua/deckhand/lua_game.lua",
    ["deckhand.move"] = "bindings/lua/deckhand/move.lua",
    ["deckhand.options"] = "bindings/lua/deckhand/options.lua",
    ["deckhand.progress"] = "bindings/lua/deckhand/progress.lua",
    ["deckhand.records"] = "bindings/lua/deckhand/records.lua",
    ["deckhand.replay"] = "bindings/lua/deckhand/replay.lua",
    ["deckhand.results"] = "bindings/lua/deckhand/results.lua",
    ["deckhand.run"] = "bindings/lua/deckhand/run.lua",
    ["deckhand.sandbox"] = "bindings/lua/deckhand/sandbox.lua",
    ["deckhand.searchpath"] = "bindings/lua/deckhand/searchpath.lua",
    ["deckhand.stats"] = "bindings/lua/deckhand/stats.lua",
    ["deckhand.strategy"] = "bindings/lua/deckhand/strategy.lua",
    ["deckhand.terminal"] = "bindings/lua/deckhand/terminal.lua",
    ["deckhand.tournament"] = "bindings/lua/deckhand/tournament.lua",
    ["deckhand.trick_view"] = "bindings/lua/deckhand/trick_view.lua",
    ["deckhand.variant"] = "bindings/lua/deckhand/variant.lua",
    ["deckhand.web.catalog"] = "bindings/lua/deckhand/web/catalog.lua",
    ["deckhand.web.libs"] = "bindings/lua/deckhand/web/libs.lua",
    ["deckhand.web.match"] = "bindings/lua/deckhand/web/match.lua",
    ["deckhand.web.replay"] = "bindings/lua/deckhand/web/replay.lua",
    ["deckhand.web.routes"] = "bindings/lua/deckhand/web/routes.lua",
    ["deckhand.web.server"] = "bindings/lua/deckhand/web/server.lua",
    ["deckhand.web.sessions"] = "bindings/lua/deckhand/web/sessions.lua",
    ["deckhand.web.watch"] = "bindings/lua/deckhand/web/watch.lua",
    ["deckhand.workers"] = "bindings/lua/deckhand/workers.lua",
    ["deckhand.rules.bridge"] = "rules/bridge.lua",
    ["deckhand.rules.briscola"] = "rules/briscola.lua",
    ["deckhand.rules.crazy8"] = "rules/crazy8.lua",
    ["deckhand.rules.euchre"] = "rules/euchre.lua",
    ["deckhand.rules.hearts"] = "rules/hearts.lua",
    ["deckhand.rules.holdem"] = "rules/holdem.lua",
    ["deckhand.rules.ohhell"] = "rules/ohhell.lua",
    ["deckhand.rules.pinochle"] = "rules/pinochle.lua",
    ["deckhand.rules.spades"] = "rules/spades.lua",
    ["deckhand.rules.whist"] = "rules/whist.lua",
    ["deckhand.strategies.greedy"] = "strategies/greedy.lua",
    ["deckhand.strategies.heuristic"] = "strategies/heuristic.lua",
    ["deckhand.strategies.heuristic.bridge"] = "strategies/heuristic/bridge.lua",
    ["deckhand.strategies.heuristic.briscola"] = "strategies/heuristic/briscola.lua",
    ["deckhand.strategies.heuristic.crazy8"] = "strategies/heuristic/crazy8.lua",
    ["deckhand.strategies.heuristic.euchre"] = "strategies/heuristic/euchre.lua",
    ["deckhand.strategies.heuristic.hearts"] = "strategies/heuristic/hearts.lua",
    ["deckhand.strategies.heuristic.holdem"] = "strategies/heuristic/holdem.lua",
    ["deckhand.strategies.heuristic.lua_game"] = "strategies/heuristic/lua_game.lua",
    ["deckhand.strategies.heuristic.ohhell"] = "strategies/heuristic/ohhell.lua",
    ["deckhand.strategies.heuristic.pinochle"] = "strategies/heuristic/pinochle.lua",
    ["deckhand.strategies.heuristic.spades"] = "strategies/heuristic/spades.lua",
    ["deckhand.strategies.heuristic.trick"] = "strategies/heuristic/trick.lua",
    ["deckhand.strategies.human"] = "strategies/human.lua",
    ["deckhand.strategies.ismcts"] = "strategies/ismcts.lua",
    ["deckhand.strategies.pimc"] = "strategies/pimc.lua",
    ["deckhand.strategies.pimc.holdem"] = "strategies/pimc/holdem.lua",
    ["deckhand.strategies.random"] = "strategies/random.lua",
  },
  install = { bin = { deckhand = "bin/deckhand" } },
}
