-- deckhand web, hidden information: everything the server sends to one
-- seat over a whole match, read off the socket, names no card hidden from
-- that seat when it was sent.  What is hidden is worked out apart from the
-- server: the match's record is replayed to each message's step and the
-- other seats' hands are read from the game itself.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local json = require "deckhand.json"
local F = require "file_helper"

-- every card named anywhere in a decoded message (strings, and the words
-- of strings such as "pass 2c 3c 4c")
local function cards_named(v, out)
  out = out or {}
  if type(v) == "table" then
    for k, x in pairs(v) do cards_named(k, out); cards_named(x, out) end
  elseif type(v) == "string" then
    for word in v:gmatch("[^%s,]+") do
      local ok, c = pcall(dh.card, word)
      if ok then out[tostring(c)] = true end
    end
  end
  return out
end

-- the game after the first k moves of a record
local function at_step(record, k)
  local partial = {}
  for key, v in pairs(record) do partial[key] = v end
  partial.moves = { table.unpack(record.moves, 1, k) }
  return assert(dh.replay(partial))
end

-- step by step through a record (one game, each move applied once):
-- f(game, k) after the first k moves, k = 0 .. #moves
local function each_step(record, f)
  local g = at_step(record, 0)
  f(g, 0)
  for k, m in ipairs(record.moves) do
    assert(g:apply(m[1], m[2]))
    f(g, k)
  end
end

-- per step of a trick game: the cards the other seats hold, less the
-- ones `me` passed them this hand (which it knows), and the hand number
local function trick_steps(record, me, passed_by_hand)
  local hidden, hand_no = {}, {}
  each_step(record, function(g, k)
    local passed = passed_by_hand and passed_by_hand[g:hand_number()] or {}
    local out = {}
    for s = 1, g:seats() do
      if s ~= me then
        for c in g:hand(s):iter() do
          if not passed[tostring(c)] then out[tostring(c)] = true end
        end
      end
    end
    hidden[k], hand_no[k] = out, g:hand_number()
  end)
  return hidden, hand_no
end

-- the messages a seat got over a whole match, with the record
local function whole_match(opts, seat, choose)
  local texts, record
  H.with_server({}, function(server)
    local c = H.start(server, { game = opts.game, seat = seat, options = opts.options, bots = "random", seed = opts.seed })
    local over = H.play(c, seat, choose)
    texts = c.texts
    record = json.decode(F.slurp(server.app.records .. "/" .. over.record))
  end)
  return texts, record
end

-- a message less what it says of a hand that is over: cards of a finished
-- hand were all played in public, and the next hand may deal the same
-- names to other seats (the last card of a hand, the last trick shown
-- until the new hand's first trick is taken)
local function current_part(msg, hand_no)
  if not hand_no then return msg end
  local copy = {}
  for k, v in pairs(msg) do copy[k] = v end
  local step = msg.step or 0
  if msg.type == "move" and step > 0 and hand_no[step] ~= hand_no[step - 1] then copy.move = nil end
  local v = msg.view
  if v and v.tricks then
    local n = 0
    for _, t in ipairs(v.tricks) do n = n + t end
    if n == 0 then
      copy.view = {}
      for k, x in pairs(v) do copy.view[k] = x end
      copy.view.last_trick = nil
    end
  end
  return copy
end

local function leaks(texts, hidden_at, hand_no)
  local found, checked = {}, 0
  for _, text in ipairs(texts) do
    local msg = json.decode(text)
    local hidden = hidden_at(msg)
    for card in pairs(cards_named(current_part(msg, hand_no))) do
      checked = checked + 1
      if hidden[card] then found[#found + 1] = ("step %d %s: %s"):format(msg.step, msg.type, card) end
    end
  end
  return found, checked
end

describe("deckhand web: a seat sees only its own view", function()
  it("finds no hidden card in anything sent to a Spades seat over a whole match", function()
    local texts, record = whole_match({ game = "spades", options = { target = 400, max_hands = 4 }, seed = 5 }, 3)
    -- more than one hand (the bots' seeds are secret per run: a target one
    -- hand cannot reach, at most 230 points with a Nil)
    assert.truthy(#record.moves > 56)
    local hidden, hand_no = trick_steps(record, 3)
    local function hidden_at(msg) return hidden[msg.step or 0] end
    local found, checked = leaks(texts, hidden_at, hand_no)
    assert.same({}, found)
    assert.truthy(checked > 500)   -- the messages did name cards: the seat's own and the played ones
    -- the check itself finds a card that is hidden: one of the others' at the start
    local first = next(hidden[0])
    local planted = json.encode { type = "move", step = 0, view = { note = "holds " .. first } }
    assert.equal(1, #leaks({ planted }, hidden_at))
  end)

  it("finds no passed card in anything sent to a Hearts seat (the others' passes are hidden)", function()
    local texts, record = whole_match({ game = "hearts", options = { max_hands = 2 }, seed = 8 }, 2)
    -- the cards seat 2 passed, hand by hand (it knows where they went)
    local passed_by_hand, hand = {}, 1
    for _, m in ipairs(record.moves) do
      if m[1] == 2 and m[2]:match("^pass ") then
        passed_by_hand[hand] = cards_named(m[2])
        hand = hand + 1
      end
    end
    local hidden, hand_no = trick_steps(record, 2, passed_by_hand)
    local found = leaks(texts, function(msg) return hidden[msg.step or 0] end, hand_no)
    assert.same({}, found)
    -- the others' passes reached seat 2 as the bare word
    local others = 0
    for _, text in ipairs(texts) do
      local msg = json.decode(text)
      if msg.type == "move" and msg.seat ~= 2 and msg.move:match("^pass") then
        assert.equal("pass", msg.move)
        others = others + 1
      end
    end
    assert.equal(6, others)   -- three other seats, two hands
  end)

  -- one hand of a game whose hidden cards lie in the others' hands and in
  -- a talon or stock: hidden at a step is what lies there less every card
  -- that every seat's view has named so far (Euchre's turned card, Crazy
  -- Eights' pile), all read from the replayed game, not from the messages
  for _, case in ipairs {
    { game = "euchre", options = { max_hands = 1 }, seed = 11, seat = 2 },
    { game = "crazy8", options = { max_hands = 1 }, seed = 12, seat = 3 },
  } do
    it(("finds no hidden card in anything sent to a %s seat (others' hands, talon, stock)"):format(case.game), function()
      local texts, record = whole_match(case, case.seat)
      local me, hidden, public = case.seat, {}, {}
      each_step(record, function(g, k)
        local seen_by = {}
        for s = 1, g:seats() do seen_by[s] = cards_named(g:view(s):data()) end
        for card in pairs(seen_by[1]) do
          local all = true
          for s = 2, g:seats() do all = all and seen_by[s][card] == true end
          if all then public[card] = true end
        end
        local out = {}
        for zone, cards in pairs(g:locations()) do
          if zone ~= "hand " .. me and (zone:match("^hand ") or zone == "talon" or zone == "stock") then
            for c in cards:iter() do
              if not public[tostring(c)] then out[tostring(c)] = true end
            end
          end
        end
        hidden[k] = out
      end)
      local found, checked = leaks(texts, function(msg) return hidden[msg.step or 0] end)
      assert.same({}, found)
      assert.truthy(checked > 20)
      -- and there was something to hide all along: others' cards at the start
      local n = 0
      for _ in pairs(hidden[0]) do n = n + 1 end
      assert.truthy(n >= 15)
    end)
  end

  it("never shows a Hold'em seat the others' hole cards or the board to come", function()
    local texts, record = whole_match({ game = "holdem", options = { seats = 3, max_hands = 1 }, seed = 21 }, 1,
      function(view)
        for _, m in ipairs(view.moves) do if m == "check" or m == "call" then return m end end
        return view.moves[1]
      end)
    local total = #record.moves
    -- folded seats never show their cards; the others may at the showdown, after the last move
    local folded = {}
    for _, m in ipairs(record.moves) do if m[2] == "fold" then folded[m[1]] = true end end
    local hidden = {}
    each_step(record, function(g, k)
      local out = {}
      if k < total then
        local where, shown = g:locations(), {}
        for _, c in ipairs(g:view(1):data().board) do shown[c] = true end
        for s = 2, 3 do for c in where["hole " .. s]:iter() do out[tostring(c)] = true end end
        for c in where.board:iter() do if not shown[tostring(c)] then out[tostring(c)] = true end end
        for s = 2, 3 do out["hole " .. s] = where["hole " .. s] end
      else   -- over: a folded seat's cards stay hidden
        for s = 2, 3 do
          if folded[s] then for c in hidden[k - 1]["hole " .. s]:iter() do out[tostring(c)] = true end end
        end
      end
      hidden[k] = out
    end)
    for k = 0, total - 1 do hidden[k]["hole 2"], hidden[k]["hole 3"] = nil, nil end
    local function hidden_at(msg) return hidden[msg.step or 0] end
    local found, checked = leaks(texts, hidden_at)
    assert.same({}, found)
    assert.truthy(checked > 0)
  end)
end)
