-- euchre_spec.lua: Euchre (rules/euchre.lua) against its rule text: the
-- two rounds of making trump, the dealer's pickup and face-down discard,
-- going alone, the bowers, the lead, the score of a hand (pagat's table:
-- 1 for three or four tricks, 2 for a march, 4 for a lone march, 2 to the
-- defenders when the makers are euchred), and what the views hide.
local dh = require "deckhand"
local texts = require("deckhand.move").texts

local json = require("deckhand.json").encode

-- a stacked first hand: the hands of seats 1-4 and the kitty, the turned
-- card first
local function game(hands, kitty, options, dealer)
  return dh.game(dh.variant("euchre", options), { seed = 1, dealer = dealer or 4,
                                                  deal = { hands[1], hands[2], hands[3], hands[4], kitty } })
end

local HANDS = { "Jh Jd Ah 9c Ts", "Kh Qh Ac Kc Qc", "Th 9h As Ks Qs", "Ad Kd Qd Td 9d" }
local KITTY = "Js Jc Tc 9s"   -- Js turned (dealer 4)

local function act(g, ...)
  for _, t in ipairs { ... } do assert(g:apply(g:next_player(), t)) end
end

describe("euchre", function()
  -- http://www.euchrelinks.com/variations.html: "A player defending against
  -- a loner can declare 'defending alone' ... and play heads-up against the
  -- lone-caller.  If the defender euchres the lone-caller, his side scores
  -- four points."
  it("lone_defender: a defender may play alone against a lone maker, 4 for euchring it", function()
    -- seat 1 orders up spades alone (dealer 4 picks up Js); seat 2 passes,
    -- seat 4 (the dealer) defends alone: seats 3 and 2 sit out
    local g = game(HANDS, KITTY)
    act(g, "order up alone")
    assert.equal("discard", g:phase())               -- without the option: no defence step
    g = game(HANDS, KITTY, { lone_defender = true })
    act(g, "order up alone")
    assert.equal("defend", g:phase())
    assert.equal(2, g:next_player())
    assert.same({ "pass", "defend alone" }, texts(g:moves()))
    act(g, "pass")
    assert.equal(4, g:next_player())
    act(g, "defend alone")
    assert.equal("discard", g:phase())               -- the dealer still takes the card up
    act(g, "discard 9d")
    assert.equal("play", g:phase())
    local rng = dh.rng(2)
    while g:hand_number() == 1 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    assert.same({ 1, 0, 0, 4 }, g:hands()[1].tricks)   -- two seats sat out; the maker euchred
    assert.same({ 0, 4 }, g:hands()[1].points)         -- by the lone defender: 4, not 2
    -- the option's scores by the rule: R.makers' alone_euchred
    assert.equal("Phase(turned_card_trump)", tostring(dh.variant("euchre", { lone_defender = true }).spec.phases))
    assert.is_true(dh.phase.turned_card_trump { lone_defender = true }:options().lone_defender)
  end)

  it("lone_defender: both defenders may pass, and a call alone asks them too", function()
    local g = game(HANDS, KITTY, { lone_defender = true })
    act(g, "pass", "pass", "pass", "pass")            -- turned down
    act(g, "call hearts alone")                       -- seat 1 calls alone: seat 3 sits out
    assert.equal("defend", g:phase())
    act(g, "pass", "pass")
    assert.equal("play", g:phase())
    assert.equal(1, g:next_player())
  end)

  -- https://blog.worldofcardgames.com/2014/08/euchre-is-discarding-up-card-legal.html:
  -- that site's dealer may not discard the card picked up; the player it
  -- quotes, and today's default here, may
  it("dealer_may_discard_upcard = false keeps the card picked up in the dealer's hand", function()
    local g = game(HANDS, KITTY)
    act(g, "pass", "pass", "pass", "pick up")
    assert.equal(6, #g:moves())
    local with = {}
    for _, t in ipairs(texts(g:moves())) do with[t] = true end
    assert.is_true(with["discard Js"])
    g = game(HANDS, KITTY, { dealer_may_discard_upcard = false })
    act(g, "pass", "pass", "pass", "pick up")
    assert.equal(5, #g:moves())
    for _, t in ipairs(texts(g:moves())) do assert.are_not.equal("discard Js", t) end
    assert.is_nil((g:apply(4, "discard Js")))
    act(g, "discard 9d")
    assert.is_true(g:hand(4):has("Js"))
    assert.is_true(dh.phase.turned_card_trump { keep_upcard = true }:options().keep_upcard)
    -- six trumps: the heuristic would lay the nine picked up away, and
    -- keeps to the legal cards instead (the ten, its next lowest)
    local hands, kitty = { "Jh Jd Ah 9c Ts", "Kh Qh Ac Kc Qc", "Th 9h Ad Kd Qd", "Js Jc As Ks Qs" }, "9s Td 9d Tc"
    for _, keep in ipairs { true, false } do
      local v = dh.variant("euchre", { dealer_may_discard_upcard = keep })
      local h = dh.strategy("heuristic", { variant = v, seed = 1 })
      g = game(hands, kitty, { dealer_may_discard_upcard = keep })
      act(g, "pass", "pass", "pass", "pick up")
      assert.equal(keep and "discard 9s" or "discard Qs", tostring(h.phases.discard(g:view(4))))
    end
  end)

  it("first round: pass or order up; the dealer picks up the turned card and discards face down", function()
    local g = game(HANDS, KITTY)
    assert.equal("order", g:phase())
    assert.equal(1, g:next_player())   -- left of dealer 4
    assert.equal("Js", tostring(g:upcard()))
    assert.same({ "pass", "order up", "order up alone" }, texts(g:moves()))
    act(g, "pass", "pass", "pass")
    assert.same({ "pass", "pick up", "pick up alone" }, texts(g:moves()))
    act(g, "pick up")
    assert.equal("s", g:trump())
    assert.equal(4, g:declarer())
    assert.equal("discard", g:phase())
    assert.equal(4, g:next_player())
    assert.equal(6, #g:hand(4))
    assert.is_true(g:hand(4):has("Js"))
    -- the others see the turned card go into the dealer's hand
    assert.is_true(g:view(1):hand(4):has("Js"))
    act(g, "discard 9d")
    assert.equal("play", g:phase())
    assert.equal(1, g:next_player())
    assert.equal("9d", tostring(g:discard(4)))
    assert.equal(5, #g:hand(4))
    -- a face-down discard: the others' views are the same whichever card
    -- went, and no longer place the turned card in the hand
    local other = game(HANDS, KITTY)
    act(other, "pass", "pass", "pass", "pick up", "discard Js")
    for seat = 1, 3 do
      assert.equal(json(g:view(seat):data()), json(other:view(seat):data()))
      assert.equal(0, #g:view(seat):discard(4))
      assert.same({ 0, 0, 0, 1 }, g:view(seat):discards())
    end
    assert.same({ "9d" }, g:view(4):data().discard)
    assert.equal("discard", g:public("discard 9d"))
    assert.equal("pick up", g:public("pick up"))
  end)

  it("second round: any suit but the turned one; all passing throws the hand in", function()
    local g = game(HANDS, KITTY)
    act(g, "pass", "pass", "pass", "pass")
    assert.equal("call", g:phase())
    assert.equal(1, g:next_player())
    local moves = texts(g:moves())
    assert.equal("pass", moves[1])
    for _, m in ipairs(moves) do assert.is_nil(m:match("spades")) end
    assert.equal(7, #moves)   -- pass, and three suits alone or not
    act(g, "pass", "pass", "pass", "pass")
    assert.equal(2, g:hand_number())
    assert.equal(1, g:dealer())          -- the deal passes to the left
    assert.same({ 0, 0 }, g:scores())
    assert.equal("order", g:phase())
    assert.equal(2, g:next_player())
  end)

  it("stick the dealer: the dealer may not pass in the second round", function()
    local g = game(HANDS, KITTY, { stick_the_dealer = true })
    act(g, "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert.equal(4, g:next_player())
    local moves = texts(g:moves())
    assert.is_nil(moves[1] == "pass" and true or nil)
    act(g, "call hearts")
    assert.equal("h", g:trump())
    assert.equal(4, g:declarer())
    assert.equal("play", g:phase())
  end)

  it("the bowers: the jack of trumps, then the other jack of its colour, which is a trump", function()
    local g = game(HANDS, KITTY)
    act(g, "order up")                  -- seat 1 orders spades: Js right bower, Jc left
    act(g, "discard 9d")
    assert.equal("s", (g:counts_as("Jc")))
    assert.equal("c", (g:counts_as("Jc", "h")))
    local _, right = g:counts_as("Js")
    local _, left = g:counts_as("Jc")
    local _, ace = g:counts_as("As")
    assert.is_true(right > left and left > ace)
    -- hearts made trump: Jh right, Jd left
    g = game(HANDS, KITTY)
    act(g, "pass", "pass", "pass", "pass", "call hearts")
    -- seat 1 leads Jd (a heart now): every seat must follow with a heart
    assert(g:apply(1, "Jd"))
    local function sorted(t) table.sort(t); return t end
    assert.same({ "Kh", "Qh" }, sorted(texts(g:moves():list())))
    assert(g:apply(2, "Qh"))
    assert.same({ "9h", "Th" }, sorted(texts(g:moves():list())))
    assert(g:apply(3, "9h"))
    -- seat 4 holds diamonds but no heart: Jd led was not a diamond
    assert.equal(5, #g:moves())
    assert(g:apply(4, "Ad"))
    local _, winner = g:last_trick()
    assert.equal(1, winner)              -- the left bower beats the queen
    -- seat 1 leads Jh, the right bower, and takes the trick over Kh
    assert(g:apply(1, "Jh"))
    assert(g:apply(2, "Kh"))
    assert(g:apply(3, "Th"))
    assert(g:apply(4, "Kd"))
    _, winner = g:last_trick()
    assert.equal(1, winner)
  end)

  it("going alone: the partner sits out and the next seat playing leads", function()
    -- dealer 1; seat 4 orders up alone: its partner, seat 2 (left of the
    -- dealer), sits out and seat 3 leads
    local g = game(HANDS, KITTY, nil, 1)
    assert.equal(2, g:next_player())
    act(g, "pass", "pass", "order up alone")
    assert.is_true(g:sitting_out(2))
    assert.equal("discard", g:phase())
    assert.equal(1, g:next_player())
    act(g, "discard 9c")
    assert.equal(3, g:next_player())
    -- three cards make a trick
    for _ = 1, 3 do assert(g:apply(g:next_player(), g:moves()[1])) end
    assert.equal(2, g:trick_number())
    assert.equal(5, #g:hand(2))          -- the partner's cards stay down
    -- the dealer's partner alone: the dealer sits out and does not pick up
    g = game(HANDS, KITTY, nil, 4)       -- dealer 4, partner 2
    act(g, "pass", "order up alone")
    assert.is_true(g:sitting_out(4))
    assert.equal("play", g:phase())
    assert.equal(5, #g:hand(4))
    assert.equal(1, g:next_player())
  end)

  -- the hand's points by the rule text, from its tricks, maker and loneness
  local function expected(g, tricks, maker, alone)
    local side = g:side(maker)
    local got = 0
    for s = 1, 4 do if g:side(s) == side then got = got + tricks[s] end end
    local pts = { 0, 0 }
    if got == 5 then pts[side] = alone and 4 or 2
    elseif got >= 3 then pts[side] = 1
    else pts[3 - side] = 2 end
    return pts
  end

  it("scores each hand as the rule text's table, over random play", function()
    local v = dh.variant("euchre", { max_hands = 1 })
    local seen = {}
    for seed = 1, 600 do
      local g = dh.game(v, { seed = seed })
      local rng = dh.rng(seed)
      local maker, alone
      while g:next_player() do
        if g:phase() == "play" and not maker then maker, alone = g:declarer(), g:sitting_out(((g:declarer() + 1) % 4) + 1) end
        assert(g:apply(g:next_player(), rng:pick(g:moves())))
      end
      local hands = g:result().hands
      local h = hands[#hands]
      if maker then
        local pts = expected(g, h.tricks, maker, alone)
        assert.same(pts, h.sides, ("seed %d"):format(seed))
        local got = h.tricks[maker] + h.tricks[(maker + 1) % 4 + 1]
        local kind = (got == 5 and (alone and "lone march" or "march")) or (got >= 3 and "made") or "euchred"
        seen[kind] = true
      else
        assert.same({ 0, 0 }, h.sides)   -- thrown in: the cap ends the match
        seen["thrown in"] = true
      end
    end
    for _, kind in ipairs { "made", "march", "lone march", "euchred" } do
      assert.is_true(seen[kind], kind .. " never happened")
    end
  end)

  it("plays to 10 points and records and replays every phase", function()
    local v = dh.variant("euchre")
    local function bot(name) return dh.strategy(name, { variant = v, seed = 3 }) end
    local g = dh.play(v, { bot "heuristic", bot "random", bot "pimc", bot "greedy" }, { seed = 5 })
    local r = g:result()
    assert.is_true(r.over)
    local best = math.max(r.sides[1], r.sides[2])
    assert.is_true(best >= 10)
    local again = assert(dh.replay(g:record()))
    assert.same(g:scores(), again:scores())
    assert.equal(json(g:record()), json(again:record()))
  end)

  it("refuses a move out of its phase or turn, changing nothing", function()
    local g = game(HANDS, KITTY)
    local before = json(g:record())
    local ok, msg, code = g:apply(2, "pass")
    assert.is_nil(ok); assert.equal("not_your_turn", code); assert.is_string(msg)
    ok, _, code = g:apply(1, "call hearts")      -- a second-round move in the first
    assert.is_nil(ok); assert.equal("illegal_move", code)
    ok, _, code = g:apply(1, dh.card("Jh"))      -- a card before trump is made
    assert.is_nil(ok); assert.equal("wrong_phase", code)
    assert.equal(before, json(g:record()))
  end)
  it("the heuristic values the turned card as the trump it is: a dealer with the right bower turned picks it up", function()
    -- dealer 4 holds Ah and nothing else of worth; Jh turned: taken in it
    -- is the right bower (3) beside the ace of trumps (2): worth 5, the
    -- heuristic's threshold (a deck without the turned card would rank
    -- Jd first and Ah second, and count Jh as nothing: 2.5, a pass)
    local hands = { "9d Td Qd Kd Ad", "Qc Kc Ac Jc Qs", "Ks As Js 9h Th", "Ah 9c Tc 9s Ts" }
    local g = game(hands, "Jh Qh Kh Jd")
    act(g, "pass", "pass", "pass")
    local h = dh.strategy("heuristic", { variant = dh.variant("euchre"), seed = 1 })
    assert.equal("pick up", tostring(h.move(g:view(4))))
  end)

  it("the heuristic's explainer: worlds where the maker holds trumps and the passers few are likelier", function()
    local v = dh.variant("euchre")
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    local g = game(HANDS, KITTY)
    assert.is_nil(h.explainer(g:view(1)))   -- nobody has chosen yet
    act(g, "pass", "pass", "order up")       -- seats 1 and 2 pass, 3 orders spades up
    local view = g:view(4)
    local explain = assert(h.explainer(view))
    -- spades as trumps, the left bower (Jc) among them, from the rule text
    local trumps = dh.cards "Js Jc As Ks Qs Ts 9s"
    local plain, weighed = { 0, 0, 0 }, { 0, 0, 0 }
    local total, rng = 0, dh.rng(7)
    for _ = 1, 2000 do
      local world = view:sample(rng)
      local p = explain(world)
      assert.is_true(p > 0 and p <= 1)
      local deal = world:deal()
      for s = 1, 3 do
        local n = #(deal[s] & trumps)
        plain[s], weighed[s] = plain[s] + n / 2000, weighed[s] + n * p
      end
      total = total + p
    end
    for s = 1, 3 do weighed[s] = weighed[s] / total end
    -- the maker's trumps count up by more than a card; each passer's down
    assert.is_true(weighed[3] > plain[3] + 1, ("maker: %.2f vs %.2f"):format(weighed[3], plain[3]))
    assert.is_true(weighed[1] < plain[1] - 0.1, ("seat 1: %.2f vs %.2f"):format(weighed[1], plain[1]))
    assert.is_true(weighed[2] < plain[2] - 0.1, ("seat 2: %.2f vs %.2f"):format(weighed[2], plain[2]))
    -- the option is pimc's, checked by name
    assert.has_error(function() dh.strategy("pimc", { variant = v, infer = "psychic" }) end)
    local ok, move = pcall(function()
      return dh.strategy("pimc", { variant = v, seed = 2, infer = "heuristic", script_worlds = 20 }).move(view)
    end)
    assert.is_true(ok, move)
    assert.is_truthy(move and g:clone():apply(4, move))
  end)
end)
