-- knockout_president_spec.lua: two games of examples/games written from the
-- docs alone, Knockout Whist (a trick-engine variant with a Lua phase) and
-- President (a climbing game in Lua), held to their rules in prose
-- (pagat.com's): random matches at several table sizes, every rule checked
-- from what the engine reports (its trick counts, the hands dealt, the
-- cards played), not from the game files' own reckoning.
local dh = require "deckhand"

local root = os.getenv("DECKHAND_ROOT") or "."
local function path(name) return root .. "/examples/games/" .. name .. ".lua" end

describe("Knockout Whist", function()
  for _, players in ipairs { 2, 4, 7 } do
    it(("plays by its rules with %d players"):format(players), function()
      local v = dh.variant(path("knockout"), { players = players })
      for seed = 1, 6 do
        local g = dh.game(v, { seed = seed })
        local rng = dh.rng(seed)
        local out = {}          -- seats knocked out, from the engine's trick counts
        local seen_hand = 0
        while g:next_player() do
          local h, seat = g:hand_number(), g:next_player()
          if h ~= seen_hand then  -- a new hand: the last one's tricks decide who is out
            seen_hand = h
            local hands = g:result().hands
            local last = hands[#hands]
            if last then
              for s = 1, players do if (last.tricks[s] or 0) == 0 then out[s] = true end end
            end
            assert.are.equal(h, #hands + 1)
          end
          if g:phase() == "trumps" then
            local moves = g:moves()
            if h == 1 then            -- the turned card's suit is trumps
              assert.are.same({ "trump " .. g:upcard().suit }, { tostring(moves[1]) })
            elseif #moves == 4 then   -- the chooser took the most tricks last hand
              local last = g:result().hands[h - 1].tricks
              local most = 0
              for s = 1, players do most = math.max(most, last[s] or 0) end
              assert.are.equal(most, last[seat], ("hand %d: seat %d chooses with %d tricks"):format(h, seat, last[seat]))
            end
          else
            -- play: every seat still in holds 8 - h cards at the first lead,
            -- the knocked out sit out and never play
            assert.is_nil(out[seat], ("seat %d plays after it was knocked out"):format(seat))
            for s = 1, players do assert.are.equal(out[s] == true, g:view(seat):sitting_out(s)) end
            if g:trick_number() == 1 and #g:trick() == 0 then
              for s = 1, players do
                if not out[s] then assert.are.equal(8 - h, #g:hand(s)) end
              end
            end
          end
          assert(g:apply(seat, rng:pick(g:moves())))
        end
        -- the last seat standing took a trick in every hand, and wins
        local r = g:result()
        local standing = {}
        for s = 1, players do
          local every = true
          for _, hand in ipairs(r.hands) do every = every and (hand.tricks[s] or 0) > 0 end
          if every then standing[#standing + 1] = s end
        end
        assert.are.equal(1, #standing)
        assert.are.same(standing, r.winners)
        assert.is_true(#r.hands <= 7)
        -- the scores rank the seats by the hand they were knocked out in
        local lasted = {}
        for s = 1, players do
          lasted[s] = #r.hands + 1
          for k, hand in ipairs(r.hands) do
            if (hand.tricks[s] or 0) == 0 then lasted[s] = k; break end
          end
        end
        for a = 1, players do
          for b = 1, players do
            if lasted[a] > lasted[b] then assert.is_true(r.seats[a] > r.seats[b]) end
          end
        end
      end
    end)
  end

  it("names trumps by the suit its chooser holds most, for a bot that takes the first move", function()
    local v = dh.variant(path("knockout"))
    local heuristic = dh.strategy("heuristic", { variant = v })
    local checked = 0
    for seed = 1, 10 do
      local g = dh.game(v, { seed = seed })
      local rng = dh.rng(seed)
      while g:next_player() do
        local seat = g:next_player()
        if g:phase() == "trumps" and #g:moves() == 4 then
          local hand = g:hand(seat)
          local pick = tostring(heuristic.move(g:view(seat))):sub(-1)
          for _, s in ipairs { "c", "d", "h", "s" } do assert.is_true(#hand:suit(pick) >= #hand:suit(s)) end
          checked = checked + 1
        end
        assert(g:apply(seat, rng:pick(g:moves())))
      end
    end
    assert.is_true(checked >= 5, "only " .. checked .. " choices")
  end)
end)

describe("President", function()
  local VALUE = { [2] = 15 }
  local function value(card) return VALUE[card.rank] or card.rank end

  for _, players in ipairs { 3, 4, 7 } do
    it(("plays by its rules with %d players"):format(players), function()
      local v = dh.variant(path("president"), { players = players, max_hands = 2 })
      for seed = 1, 4 do
        local g = dh.game(v, { seed = seed })
        local rng = dh.rng(seed)
        local top, order, hand_no, totals = nil, {}, 1, {}
        local passes, last = 0, nil
        for s = 1, players do totals[s] = 0 end
        local function counts()
          local c = {}
          for s = 1, players do c[s] = #g:view(s):get("hand") end
          return c
        end
        if true then   -- the holder of the 3 of clubs leads the first hand
          assert.is_true(g:view(g:next_player()):get("hand"):has("3c"))
        end
        while g:next_player() do
          local seat = g:next_player()
          local moves = g:moves()
          for _, m in ipairs(moves) do
            if tostring(m) ~= "pass" then
              local cards = dh.cards(tostring(m))
              local list = cards:list()
              for _, c in ipairs(list) do assert.are.equal(value(list[1]), value(c)) end   -- one rank
              if top then   -- as many cards as the top, of a higher rank (the 2 highest)
                assert.are.equal(#top, #cards)
                assert.is_true(value(list[1]) > value(top:list()[1]), tostring(m) .. " on " .. tostring(top))
              end
            end
          end
          assert.are.equal(top ~= nil, tostring(moves[#moves]) == "pass")   -- a lead may not pass
          local before = counts()
          local move = rng:pick(moves)
          assert(g:apply(seat, move))
          if tostring(move) ~= "pass" then
            top = dh.cards(tostring(move))
            if before[seat] == #top then order[#order + 1] = seat end
            passes, last = 0, seat
          else
            passes = passes + 1
          end
          if g:hand_number() ~= hand_no or not g:next_player() then
            -- the hand is over: a point for each player finishing below
            for s = 1, players do
              local placed = false
              for _, o in ipairs(order) do placed = placed or o == s end
              if not placed then order[#order + 1] = s end
            end
            for place, s in ipairs(order) do totals[s] = totals[s] + players - place end
            assert.are.same(totals, g:result().seats)
            if g:next_player() then
              -- the Scum gave the President its two highest and leads
              local pres, scum = order[1], order[players]
              assert.are.equal(scum, g:next_player())
              local gave = g:view(scum):get("gave")
              assert.are.equal(pres, gave.to)
              local low = math.huge
              for c in gave.cards:iter() do low = math.min(low, value(c)) end
              for c in (g:view(scum):get("hand") - gave.got):iter() do assert.is_true(value(c) <= low) end
            end
            hand_no, order, top = g:hand_number(), {}, nil
          elseif top and g:view(g:next_player()):get("to_beat") == nil then
            -- cleared once every other player still holding cards passed in a row;
            -- the last to play leads, or when out, the next holding cards
            local others, now = 0, counts()
            for s = 1, players do if s ~= last and now[s] > 0 then others = others + 1 end end
            assert.are.equal(others, passes)
            local lead = last
            while now[lead] == 0 do lead = lead % players + 1 end
            assert.are.equal(lead, g:next_player())
            top, passes = nil, 0
          end
        end
      end
    end)
  end
end)
