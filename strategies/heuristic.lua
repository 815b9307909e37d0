-- heuristic: hand-written play for each game, seeing only the view.
--
-- The play of one game is a file of its own, heuristic/<game>.lua on the
-- strategy path: <game> the variant's `heuristic` field when it names one
-- (which must exist), else the variant's name; a game without one is
-- played by the generic trick player, heuristic/trick.lua.  Shipped:
--   spades   bids from sure tricks and hand strength, Nil with a weak hand;
--            covers a partner's Nil, ducks once the contract is made (bags);
--            a blind Nil bidder gives its strongest cards, its partner
--            returns its weakest outside trumps (blind_nil_exchange)
--   hearts   passes the dangerous cards, ducks under the trick, sheds the
--            queen of spades and high hearts when void
--   briscola greedy with trump economy: takes loaded tricks cheaply, keeps
--            trumps for points, throws a worthless card otherwise; swaps
--            the 2 of trumps for the turned card whenever allowed (exchange)
--   ohhell   bids expected tricks (avoiding the dealer's hook), then tries
--            to take exactly that many
--   holdem   the Chen score before the flop, equity after it (act)
--   euchre   makes trump by the worth of its hand, goes alone with both bowers
--   bridge   opens and responds by points and shape; declarer plays the
--            dummy with the generic trick play
--   skat     bids by its trumps, lays away its cheapest cards, names its
--            best game
--   pinochle bids up to its melds and expected points, names the suit of
--            its best value (the rules' meld table)
--   crazy8   keeps its eights, plays into its longest suit, sheds the
--            costliest card
--   blackjack basic strategy for the rules in force, computed from them
--            (infinite-shoe expected values of stand, hit, double, split,
--            surrender against each up card); never insures
--   trick    any other trick-taking variant: wins a trick as cheaply as it
--            can, else throws its lowest card (ducks when a low score wins)
--   lua_game any other game written wholly in Lua (deckhand.lua_game): the
--            rules' own quick choice, view:greedy(); with none, a short
--            look ahead (each move in a few sampled worlds, played out)
-- Each asks the view what the rules decide (who takes a trick, a card's
-- strength, the partners, the pass count) rather than copying the rules.
-- Options: M.takes below (docs/bots.md's table is made from it), variant,
-- seed.  The part gets them as given, not with the defaults filled in (a
-- part of one's own that takes none, or fewer, is not handed more): its
-- defaults are its own, and M.takes says them (strategy_docs_spec plays
-- matches with each given as documented and left out, and checks they
-- are the same).
local dh = require "deckhand"

local M = {}

M.takes = {
  nil_bids = { "boolean", true, doc = "Spades: bid Nil with a weak hand (`false`: never)" },
  avoid_bags = { "boolean", true,
                 doc = "Spades: duck once the side has made its contract, to take no bags (`false`: keep winning)" },
  samples = { "integer", 300, min = 1, doc = "Hold'em, Omaha: the Monte Carlo trials of each equity estimate" },
  game = { "string", doc = "the game whose part plays (`heuristic/<game>.lua`) when no variant is given" },
}

function M.new(options)
  dh.check_options("heuristic", options, M.takes)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local part = "heuristic.trick"
  local named = variant and variant.heuristic
  if named then   -- the variant names its heuristic: it must be there
    if not dh.has_strategy("heuristic." .. named) then
      error(("heuristic: variant %s names heuristic '%s', but there is no heuristic/%s.lua on the strategy path")
            :format(variant.name, named, named), 0)
    end
    part = "heuristic." .. named
  else
    local game = variant and variant.name or options.game
    if game and dh.has_strategy("heuristic." .. game) then part = "heuristic." .. game
    elseif variant and variant.rules == nil then part = "heuristic.lua_game" end
  end
  local s = dh.strategy(part, options)
  s.name = "heuristic"
  return s
end

return M
