-- deckhand-scm-1.rockspec: the deckhand Lua module for LuaRocks.
--   luarocks --lua-version=5.4 make rockspecs/deckhand-scm-1.rockspec
-- run from a source tree builds deckhand.core from the C sources listed
-- below and installs it with the Lua files; nothing is downloaded.
-- The lists are explicit ("builtin" has no globs); `lua5.4 .ci/sync-rockspec.lua`
-- rewrites them from the tree, and tests/lua/rockspec_spec.lua
-- fails when an engine/*.c, bindings/lua/*.c, deckhand/*.lua or rules/*.lua
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
        "engine/card.c",
        "engine/cardset.c",
        "engine/deck.c",
        "engine/equity.c",
        "engine/match.c",
        "engine/pattern.c",
        "engine/pattern_match.c",
        "engine/playout.c",
        "engine/poker_describe.c",
        "engine/poker_enum.c",
        "engine/poker_eval.c",
        "engine/poker_many.c",
        "engine/poker_tables.c",
        "engine/policy.c",
        "engine/range.c",
        "engine/rng.c",
        "engine/rule_bid.c",
        "engine/rule_hand.c",
        "engine/rule_play.c",
        "engine/rule_points.c",
        "engine/rule_win.c",
        "engine/rules.c",
        "engine/trick.c",
        "engine/version.c",
        "engine/view.c",
        "bindings/lua/lcard.c",
        "bindings/lua/lcardset.c",
        "bindings/lua/lcore.c",
        "bindings/lua/ldeck.c",
        "bindings/lua/lequity.c",
        "bindings/lua/lgame.c",
        "bindings/lua/lpattern.c",
        "bindings/lua/lpoker.c",
        "bindings/lua/lrng.c",
        "bindings/lua/lrules.c",
        "bindings/lua/ltrick.c",
      },
      incdirs = { "engine" },
      defines = { "NDEBUG" },
      libraries = { "m" },
    },
    ["deckhand"] = "bindings/lua/deckhand/init.lua",
    ["deckhand.game"] = "bindings/lua/deckhand/game.lua",
    ["deckhand.holdem"] = "bindings/lua/deckhand/holdem.lua",
    ["deckhand.holdem_bots"] = "bindings/lua/deckhand/holdem_bots.lua",
    ["deckhand.searchpath"] = "bindings/lua/deckhand/searchpath.lua",
    ["deckhand.strategy"] = "bindings/lua/deckhand/strategy.lua",
    ["deckhand.tournament"] = "bindings/lua/deckhand/tournament.lua",
    ["deckhand.variant"] = "bindings/lua/deckhand/variant.lua",
    ["deckhand.rules.briscola"] = "rules/briscola.lua",
    ["deckhand.rules.hearts"] = "rules/hearts.lua",
    ["deckhand.rules.holdem"] = "rules/holdem.lua",
    ["deckhand.rules.ohhell"] = "rules/ohhell.lua",
    ["deckhand.rules.spades"] = "rules/spades.lua",
    ["deckhand.strategies.greedy"] = "strategies/greedy.lua",
    ["deckhand.strategies.heuristic"] = "strategies/heuristic.lua",
    ["deckhand.strategies.human"] = "strategies/human.lua",
    ["deckhand.strategies.pimc"] = "strategies/pimc.lua",
    ["deckhand.strategies.random"] = "strategies/random.lua",
  },
  install = { bin = { deckhand = "bin/deckhand" } },
}
