-- every_game_spec.lua: every shipped game, and the games of examples/games/,
-- played to its end through the page alone against bots, at a desktop
-- width (1280) and a phone's (420): the page draws each from the table
-- its server describes (deckhand/table.lua, web/table.js) and a person
-- makes every move by clicking (a card of the hand, or of the hand the seat
-- plays from: Bridge's dummy; a button; a pick of several cards; a bid from
-- a list; a size).  One deal each, bots unpaced, to keep it short.  A
-- screenshot of each game at each width is kept in build/web-artifacts/
-- (<game>-<width>.png, mid-game, and <game>-<width>-over.png).
package.path = "tests/web/?.lua;" .. package.path
local wd = require "webdriver"

local artifacts = "build/web-artifacts"
os.execute("mkdir -p " .. artifacts)

-- one deal of each (options that make the match one deal), the seat we play
local GAMES = {
  { "bridge", { boards = 1, contract = "3NT", declarer = "S" }, seat = 3, note = "declarer: plays the dummy" },
  { "bridge", { boards = 1 }, phone_only = true },
  { "blackjack", { max_hands = 1 } },
  { "briscola", {} },
  { "crazy8", { max_hands = 1 } },
  { "euchre", { max_hands = 1 }, may_sit_out = true },   -- a partner going alone: we never act
  { "gin", { max_hands = 1 } },
  { "hearts", { max_hands = 1 } },
  { "holdem", { max_hands = 1 } },
  { "ohhell", { max_size = 1 } },
  { "omaha", { max_hands = 1 } },
  { "pinochle", { max_hands = 1 } },
  { "scopa", { max_hands = 1 } },
  { "skat", { deals = 1 } },
  { "spades", { max_hands = 1 } },
  { "whist", { max_hands = 1 } },
  { "cribbage", { max_hands = 1 }, example = true },
  { "knockout", { players = 3 }, example = true, may_sit_out = true },   -- knocked out: we act no more
  { "president", { max_hands = 1 }, example = true },
  { "gofish", { max_hands = 1 }, example = true, may_sit_out = true },   -- the turn comes to a seat that said "go fish"
  { "sheepshead", { max_hands = 1 }, example = true },
}

local server_pid, url, dir, driver, pipe

setup(function()
  local p = io.popen("mktemp -d")
  dir = p:read("l")
  p:close()
  -- the example game is offered as a user's game is: a rules/ folder on DECKHAND_PATH
  os.execute(("mkdir -p %s/rules %s/records && cp examples/games/cribbage.lua examples/games/knockout.lua examples/games/president.lua examples/games/gofish.lua examples/games/sheepshead.lua %s/rules/"):format(dir, dir, dir))
  pipe = assert(io.popen(("sh -c 'echo $$; DECKHAND_PATH=%s exec lua5.4 bin/deckhand web --port 0 --pace 0 " ..
    "--records %s/records 2>%s/server.log'"):format(dir, dir, dir)))
  server_pid = math.tointeger(tonumber(pipe:read("l")))
  url = assert((pipe:read("l") or ""):match("(http://%S+)"), "the server printed no address")
  driver = wd.start()
end)

teardown(function()
  if driver then driver:stop() end
  if server_pid then os.execute(("kill %d"):format(server_pid)) end
  if pipe then pipe:close() end
  if dir then os.execute("rm -rf '" .. dir .. "'") end
end)

-- our moves, made in the page as a person would make them, until the match
-- is over, `most` moves are made or 40 s have passed: one script in the
-- page (one driver call a move holds each back by a second).  The script's
-- callback gets { state = "over" | "paused" | "failed: ..." | "stuck: ...",
-- did = { what we did } }.  bid: whether to pick the first of a list of
-- calls (once) instead of its other buttons
local PLAY = [[
  var bid = arguments[0], most = arguments[1], callback = arguments[arguments.length - 1];
  var $ = function (id) { return document.getElementById(id); };
  var q = function (css) { return Array.from(document.querySelectorAll(css)); };
  var did = [], until = Date.now() + 40000, waiting = null, waitedSince = 0;
  function finish(state) { callback({ state: state, did: did, bid: bid }); }
  function choosing() {
    return q("#moves .move-btn[data-move]").filter(function (b) {
      return / /.test(b.dataset.move) && b.dataset.move.split(" ").some(function (w) { return DH.parseCard(w); });
    })[0];
  }
  // one move of ours, or what stops us ("wait": not our turn)
  function step() {
    if (!$("over").classList.contains("hidden")) return "over";
    var st = $("play-status").textContent;
    if (/^match (failed|error)/.test(st)) return "failed: " + $("message").textContent;
    if ($("message").textContent !== "") return "failed: " + $("message").textContent;
    if (st.indexOf("your turn") !== 0) return "wait";
    var pass = $("pass-btn");
    var sized = pass && / the (\d+) selected/.exec(pass.textContent);
    if (sized) {   // a move of several cards: the cards of the first move the pick can make
      var n = Number(sized[1]);
      var first = (pass.dataset.moves || "").split("|")[0].split(" ").filter(function (w) { return DH.parseCard(w); });
      q("#hand .card").filter(function (c) { return first.indexOf(c.dataset.card) >= 0; })
        .forEach(function (c) { c.click(); });
      pass.click();
      return "pick " + n;
    }
    if (pass) {    // picks of several sizes or single cards (a climbing game): pass, else one card
      var no = q("#moves .move-btn[data-move='pass']")[0];
      if (no) { no.click(); return "pass"; }
      q("#hand .card")[0].click();
      pass.click();
      return "pick 1";
    }
    // a card clicked that makes several moves: the page asks which
    var asked = choosing();
    if (asked) { asked.click(); return asked.dataset.move; }
    var card = q(".play-from .card.legal")[0] || q("#hand .card.legal")[0];
    if (card) {
      var from = card.closest(".play-from") ? " from seat " + card.closest(".seat").dataset.seat : "";
      card.click();
      return "card " + card.dataset.card + from;
    }
    var choice = q("#moves .choice-btn")[0];
    if (choice && bid) { bid = false; choice.click(); return "choice " + $("choice-0").value; }
    var buttons = q("#moves .move-btn[data-move]");
    var like = ["check", "call", "stand", "draw", "take", "pass", "go", "no insurance"];
    for (var i = 0; i < like.length; i++) {
      var b = buttons.filter(function (x) { return x.dataset.move === like[i]; })[0];
      if (b) { b.click(); return like[i]; }
    }
    if (buttons[0]) { buttons[0].click(); return buttons[0].dataset.move; }
    if (choice) { choice.click(); return "choice"; }
    return "stuck: " + $("moves").textContent;
  }
  function tick() {
    // after a move: until the log shows it (or the end, or a refusal)
    // or a card's several moves drawn to choose from; 5 s at most)
    if (waiting !== null && q("#log li").length <= waiting && $("over").classList.contains("hidden")
        && $("message").textContent === "" && !choosing() && Date.now() < waitedSince + 5000) {
      return setTimeout(tick, 20);
    }
    waiting = null;
    var logged = q("#log li").length;
    var r = step();
    if (r === "over" || /^(failed|stuck)/.test(r)) return finish(r);
    if (r !== "wait") { did.push(r); waiting = logged; waitedSince = Date.now(); }
    if (did.length >= most || Date.now() > until) return finish("paused");
    setTimeout(tick, r === "wait" ? 30 : 0);
  }
  tick();
]]

local function open_match(b, game, options, seat)
  b:get(url)
  b:wait(function() return b:text(b:find("#conn")) == "connected" and #b:find_all("#play-game option") > 0 end,
    20, "the games")
  local resumed = pcall(b.wait, b, function() local id = b:find("#play-table"); return id and b:displayed(id) end, 1)
  if resumed then b:click(b:find("#play-leave")) end
  b:wait(function() return #b:find_all(".bot-select") > 0 end, 20, "the setup")
  b:js("var s = document.getElementById('play-game'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))", game)
  for k, v in pairs(options) do
    b:wait(function() return b:find("#opt-" .. k) end, 10, "the option " .. k)
    b:type(b:find("#opt-" .. k), v)
  end
  if seat then
    b:js("var s = document.getElementById('play-seat'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))",
      tostring(seat))
  end
  b:type(b:find("#play-seed"), 11)
  b:wait(function() return #b:find_all(".bot-select") > 0 end, 10, "the bots")
  -- fast bots: the random one (its moves are the game's legal moves all the same)
  b:js("document.querySelectorAll('.bot-select').forEach(function (s) { s.value = 'random'; })")
  b:click(b:find("#play-start"))
  b:wait(function() local id = b:find("#play-table"); return id and b:displayed(id) end, 30, "the table")
end

-- plays the match to its end; returns what we did.  A screenshot after
-- our third move and one at the end
local function play_out(b, name, width)
  local did, bid, shot = {}, true, false
  local deadline = os.time() + 240
  while true do
    assert(os.time() < deadline, name .. ": the match did not end; we did " .. table.concat(did, ", "))
    local r = b:js_async(55, PLAY, bid, shot and 1000 or 3)
    for _, x in ipairs(r.did) do did[#did + 1] = x end
    bid = r.bid
    assert(r.state == "over" or r.state == "paused", name .. ": " .. r.state .. "; we did " .. table.concat(did, ", "))
    if not shot then
      b:screenshot(("%s/%s-%d.png"):format(artifacts, name, width))
      shot = true
    end
    if r.state == "over" then break end
  end
  b:screenshot(("%s/%s-%d-over.png"):format(artifacts, name, width))
  assert.matches("Game over", b:text(b:find("#over")))
  -- nothing wider than the window: the page fits a phone
  local wide = b:js("return document.documentElement.scrollWidth")
  assert.is_true(wide <= width, ("%s: the page is %d px wide in a %d px window"):format(name, wide, width))
  return did
end

describe("keyboard play", function()
  it("makes a call by its text and a card by its name, typed", function()
    local b = driver:session(1280, 900)
    local ok, err = pcall(function()
      open_match(b, "spades", { max_hands = 1 })
      local function typed(text)
        local box = b:find("#type-move")
        b:type(box, text .. "\u{E007}")   -- and Enter
      end
      local function our_turn(css)
        b:wait(function() return b:text(b:find("#play-status")) == "your turn" and b:find(css) end, 20, css)
      end
      our_turn("#moves .move-btn[data-move='bid 3']")
      typed("BID 3")   -- the text of a call, in any case
      b:wait(function() return b:text(b:find("#log")):match("you: bid 3") end, 10, "our bid")
      our_turn("#hand .card.legal")
      local card = b:attr(b:find("#hand .card.legal"), "data-card")
      local name = card:gsub("^T", "10"):lower()   -- as a person types it: "10d" for Td
      typed(name)
      b:wait(function() return b:text(b:find("#log")):match("you: " .. card) end, 10, "our card " .. card)
    end)
    b:quit()
    assert(ok, err)
  end)
end)

describe("picking cards", function()
  it("plays a pair in a climbing game by picking its two cards (examples/games/president.lua)", function()
    local b = driver:session(1280, 900)
    local ok, err = pcall(function()
      -- seed 11: seat 2 holds the 3 of clubs, so leads, and Qc Qd Qh
      open_match(b, "president", { max_hands = 1 }, 2)
      b:wait(function() return b:text(b:find("#play-status")) == "your turn" and b:find("#pass-btn") end, 20, "our lead")
      assert.are.equal("play the selected cards", b:text(b:find("#pass-btn")))
      b:click(b:find("#hand .card[data-card='Qh']"))
      b:click(b:find("#hand .card[data-card='Qd']"))
      b:click(b:find("#pass-btn"))
      b:wait(function() return b:text(b:find("#log")):match("you: Qd Qh") end, 10, "our pair")
    end)
    b:quit()
    assert(ok, err)
  end)
end)

for _, width in ipairs { 1280, 420 } do
  describe(("every game through the page at %d px"):format(width), function()
    local b
    setup(function() b = driver:session(width, 900) end)
    teardown(function() if b then b:quit() end end)
    for _, case in ipairs(GAMES) do
      local name, options = case[1], case[2]
      if not (case.phone_only and width ~= 420) and not (case.seat and width == 420) then
        it(("plays %s%s to the end"):format(name, case.note and " (" .. case.note .. ")" or ""), function()
          local t0 = os.time()
          open_match(b, name, options, case.seat)
          local did = play_out(b, name, width)
          if os.getenv("TIMING") then io.stderr:write(("%s %d: %d s, %d moves\n"):format(name, width, os.time() - t0, #did)) end
          if not case.may_sit_out then assert.is_true(#did > 0, name .. ": we made no move") end
          if case.seat == 3 and name == "bridge" then
            -- the declarer played the dummy's cards (seat 1, across the table)
            assert.matches("from seat 1", table.concat(did, ", "))
          end
        end)
      end
    end
  end)
end
