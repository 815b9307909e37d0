-- Spades: four players, partners 1 & 3 against 2 & 4.
--
-- Bidding goes once round from the dealer's left, 0 (Nil) to 13.  The
-- player left of the dealer leads; players follow suit when able; spades
-- are trumps and may not be led until a spade has been played (or the
-- leader holds only spades).
--
-- Scoring per side: the contract is the sum of the side's non-Nil bids,
-- made with the tricks of its non-Nil players: 10 per bid trick and 1 per
-- overtrick (each overtrick a bag), or -10 per bid trick when set.  A Nil
-- scores +100 when its player takes no trick, else -100; the Nil player's
-- tricks are bags and do not count toward the partner's bid.  Every 10
-- bags cost 100 points and are removed.  First side to the target wins;
-- if both pass it in one hand the higher wins; a tie plays on.  House
-- rules as options: blind Nil (blind_nil, worth blind_nil_value; with
-- blind_nil_behind only for a side that far behind; with
-- blind_nil_exchange = 2 the exchange below), Nil's tricks counted
-- to the partner, a loss floor, a minimum bid, no bags, a cap on a side's
-- two bids (side_cap = 13, as OpenSpiel plays) and a minimum for them
-- (side_min, Nil aside).
--
-- Both partners Nil.  Each Nil scores +-100 on its own.  The side's
-- contract is then 0 tricks, so what the side took is all surplus: by
-- default the Nil players' tricks are bags only (no points, as with one
-- Nil); with nil_tricks_to_partner they count for the side as tricks in
-- surplus of its contract, 1 point and a bag each ("tricks won in surplus
-- of the contract count 1 each",
-- http://tipwriter.expertscolumn.com/article/spades-card-game-rules).
-- E.g. both Nil, one taking 2 tricks: -100 + 100 + 2 = 2 and 2 bags.
--
-- The blind Nil exchange (blind_nil_exchange = n, 1 to 4, as Spades is
-- commonly played with n = 2): once every bid is made and before the first lead,
-- a player who bid blind Nil passes n cards face down to the partner, who
-- adds them to the hand and passes back n cards face down (any n, the
-- ones just received included); the game's phase is then "exchange" and
-- the moves read "pass 2c 3d".  Each sees the cards it received; the
-- other side sees only that n cards went each way.  When both partners
-- bid blind Nil nobody exchanges (each wants to shed its high cards and
-- neither may take the other's); a blind Nil on each side gives two
-- exchanges, in bidding order.
local dh = require "deckhand"
local R = dh.rule

return {
  name = "spades",
  options = {
    target = 500,                  -- points to win (the original PHP engine: 400)
    blind_nil = false,             -- allow blind Nil (scores +-200)
    blind_nil_value = 200,
    nil_value = 100,
    nil_tricks_to_partner = false, -- a Nil player's tricks count toward the partner's bid
    floor = false,                 -- a loss floor, e.g. -200: a side at or below it loses
    min_bid = 1,                   -- the lowest bid besides Nil
    bags = true,                   -- false: no bags (overtricks still score 1)
    bag_limit = 10,
    bag_penalty = 100,
    max_hands = 200,               -- every match ends
    side_cap = false,              -- e.g. 13: a side's two bids may not total more (OpenSpiel's rule)
    side_min = false,              -- e.g. 4: a side's two bids, Nil aside, must total at least this
    blind_nil_behind = false,      -- e.g. 100: blind Nil only for a side this far behind
    blind_nil_exchange = false,    -- e.g. 2: a blind Nil bidder and its partner exchange 2 cards
  },
  build = function(o)
    -- the exchange: a few cards (the partner chooses n of 13 + n: its moves
    -- are listed, and 10 of 23 would be over a million of them)
    local x = o.blind_nil_exchange
    if x ~= false and (math.type(x) ~= "integer" or x < 1 or x > 4) then
      error(("spades: blind_nil_exchange must be false or a count of cards from 1 to 4, got %s"):format(tostring(x)), 0)
    end
    if x and not o.blind_nil then error("spades: blind_nil_exchange needs blind_nil = true", 0) end
    local bid = R.bid_range(o.min_bid, 13, true)
    if o.blind_nil then bid = bid | R.blind_nil end
    -- the house rules that look at the partner's bid or the scores: a Lua
    -- rule, called only when one of them is chosen
    if o.side_cap or o.side_min or o.blind_nil_behind then
      bid = bid & function(state, seat, b)
        local partner = (seat + 1) % 4 + 1
        local theirs = state:bids()[partner]
        if b == dh.BLIND_NIL and o.blind_nil_behind then
          local scores, mine = state:scores(), state:side(seat)
          local best = -math.huge
          for side, v in ipairs(scores) do if side ~= mine and v > best then best = v end end
          if best - scores[mine] < o.blind_nil_behind then return false end
        end
        if theirs == false or b <= 0 then return true end   -- the partner has not bid, or a Nil
        local total = b + math.max(theirs, 0)
        if o.side_cap and total > o.side_cap then return false end
        if o.side_min and theirs > 0 and total < o.side_min then return false end
        return true
      end
    end
    local win = R.first_to(o.target)
    if o.floor then win = win | R.loss_floor(o.floor) end
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "french52",
      sizes = { 13 },
      trump = "s",
      bidding = true,
      blind_exchange = o.blind_nil and o.blind_nil_exchange or nil,
      nil_bid = true,                -- a bid of 0 is a Nil (its move reads "nil")
      hand = R.follow_suit & R.break_suit("s"),
      play = R.trump_wins | R.highest_of_led,
      points = R.contract {
        per_trick = 10, overtrick = 1, set = 10,
        ["nil"] = o.nil_value, blind_nil = o.blind_nil_value,
        bags = o.bags and o.bag_limit or 0, bag_penalty = o.bag_penalty,
        nil_tricks_to_partner = o.nil_tricks_to_partner,
      },
      win = win,
      bid = bid,
      max_hands = o.max_hands,
    }
  end,
}
