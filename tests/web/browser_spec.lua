-- deckhand web in a real browser: headless chromium driven through
-- chromium-driver (WebDriver).  Plays a Spades hand (bids, a legal card,
-- an illegal one refused with the engine's reason), a Hold'em hand,
-- Hearts' pass, Euchre's trump making, Crazy Eights' eights and draws,
-- replays the match, and runs a 20-deal tournament to its chart and
-- table.  A screenshot of each page is kept in build/web-artifacts/.
package.path = "tests/web/?.lua;" .. package.path
local wd = require "webdriver"

local artifacts = "build/web-artifacts"
os.execute("mkdir -p " .. artifacts)

local server_pid, url, records, driver, b

local function start_server()
  local p = io.popen("mktemp -d")
  records = p:read("l")
  p:close()
  p = assert(io.popen(("sh -c 'echo $$; exec lua5.4 bin/deckhand web --port 0 --pace 0.05 --records %s 2>%s/server.log'")
    :format(records, records)))
  server_pid = math.tointeger(tonumber(p:read("l")))
  url = assert((p:read("l") or ""):match("(http://%S+)"), "the server printed no address")
  -- the pipe stays open while the server runs; it is closed at the end
  return p
end

local pipe

setup(function()
  pipe = start_server()
  driver = wd.start()
  b = driver:session(1280, 1000)
end)

teardown(function()
  if b then b:quit() end
  if driver then driver:stop() end
  if server_pid then os.execute(("kill %d"):format(server_pid)) end
  if pipe then pipe:close() end
  if records then os.execute("rm -rf '" .. records .. "'") end
end)

local function shot(name) b:screenshot(("%s/%s.png"):format(artifacts, name)) end

local function visible(css)
  local id = b:find(css)
  return id and b:displayed(id)
end

local function text(css) return b:text(b:find(css)) end

-- opens the page fresh, on the Play tab, the setup loaded for a game
local function new_match(game, options)
  b:get(url)
  b:wait(function() return text("#conn") == "connected" and #b:find_all("#play-game option") > 0 end, 20, "the games")
  -- the page resumes the match it played last, if any: leave it
  local resumed = pcall(b.wait, b, function() return visible("#play-table") end, 1)
  if resumed then b:click(b:find("#play-leave")) end
  b:wait(function() return visible("#play-setup") and #b:find_all(".bot-select") > 0 end, 20, "the setup")
  if game ~= "spades" then
    b:js("var s = document.getElementById('play-game'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))", game)
    b:wait(function() return b:find("#opt-" .. next(options)) end, 10, "the options of " .. game)
  end
  for k, v in pairs(options) do b:type(b:find("#opt-" .. k), v) end
  b:wait(function() return #b:find_all(".bot-select") > 0 end, 10, "the bots")
end

describe("deckhand web in headless chromium", function()
  it("plays a hand of Spades: bids, a legal card, an illegal one refused with the reason", function()
    new_match("spades", { max_hands = 1 })
    shot("play-setup")
    b:click(b:find("#play-start"))
    b:wait(function() return visible("#play-table") end, 20, "the table")
    assert.equal(13, #b:find_all("#hand .card"))
    -- the bids are buttons; ours when the turn comes
    b:wait(function() return b:find("#moves .move-btn[data-move='bid 3']") end, 30, "the bid buttons")
    shot("play-bid")
    b:click(b:find("#moves .move-btn[data-move='bid 3']"))
    b:wait(function() return text("#me-seat"):match("you.-bid 3") end, 10, "our bid on the table")
    -- a reload resumes the match where it was
    local hand = b:js("return Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.card).join(' ')")
    b:get(url)
    b:wait(function() return visible("#play-table") and text("#me-seat"):match("you.-bid 3") end, 20, "the match again")
    assert.equal(hand, b:js("return Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.card).join(' ')"))
    local refused = false
    local deadline = os.time() + 120
    while not visible("#over") do
      assert(os.time() < deadline, "the hand did not end")
      local legal = b:find_all("#hand .card.legal")
      if #legal > 0 and text("#play-status") == "your turn" then
        local dim = b:find_all("#hand .card.dim")
        local before = #b:find_all("#hand .card")
        if not refused and #dim > 0 then
          local card = b:attr(dim[1], "data-card")
          b:click(dim[1])
          b:wait(function() return text("#message"):match("refused") end, 10, "the refusal")
          local msg = text("#message")
          assert.matches(card, msg, 1, true)
          assert.truthy(msg:match("must_follow_suit") or msg:match("suit_not_broken"), msg)
          assert.equal(before, #b:find_all("#hand .card"))   -- nothing changed
          shot("play-refused")
          refused = true
        end
        local card = b:attr(legal[1], "data-card")
        b:click(legal[1])
        b:wait(function()
          return visible("#over") or not b:find(("#hand .card[data-card='%s']"):format(card))
        end, 15, "the card to leave the hand")
      end
    end
    assert.is_true(refused)
    assert.matches("Game over", text("#over"))
    shot("play-over")
    -- the record of the match replays, forward and back, every hand shown
    b:click(b:find("#replay-match"))
    b:wait(function() return visible("#r-view") end, 10, "the replay")
    assert.equal(4, #b:find_all("#r-hands .seat-hand"))
    assert.equal(52, #b:find_all("#r-hands .card"))
    for _ = 1, 6 do b:click(b:find("#r-next")) end
    b:wait(function() return text("#r-step"):match("^move 6 of") end, 10, "step 6")
    assert.equal(50, #b:find_all("#r-hands .card"))   -- four bids, two cards played
    b:click(b:find("#r-prev"))
    b:wait(function() return text("#r-step"):match("^move 5 of") end, 10, "back to step 5")
    assert.equal(51, #b:find_all("#r-hands .card"))
    shot("replay")
  end)

  it("plays a hand of Hold'em with the betting as buttons", function()
    new_match("holdem", { max_hands = 1 })
    b:click(b:find("#play-start"))
    b:wait(function() return visible("#play-table") end, 20, "the table")
    assert.equal(2, #b:find_all("#hand .card"))
    local acted = 0
    local deadline = os.time() + 60
    while not visible("#over") do
      assert(os.time() < deadline, "the hand did not end")
      local btn = b:find("#moves .move-btn[data-move='check']") or b:find("#moves .move-btn[data-move='call']")
      if btn and text("#play-status") == "your turn" then
        if acted == 0 then shot("holdem") end
        -- our action is in the log when the server took it (the status
        -- may be "your turn" again by the time it is read: the bots are fast)
        local logged = #b:find_all("#log li")
        b:click(btn)
        acted = acted + 1
        b:wait(function() return visible("#over") or #b:find_all("#log li") > logged end, 10, "the action")
      end
    end
    assert.truthy(acted > 0)
    assert.matches("chips per seat", text("#over"))
  end)

  it("passes three cards in Hearts by picking them", function()
    new_match("hearts", { max_hands = 1 })
    b:click(b:find("#play-start"))
    b:wait(function() return visible("#play-table") and b:find("#pass-btn") end, 20, "the pass")
    local cards = b:find_all("#hand .card")
    assert.equal(13, #cards)
    local picked = {}
    for i = 1, 3 do
      picked[i] = b:attr(cards[i], "data-card")
      b:click(cards[i])
    end
    assert.equal(3, #b:find_all("#hand .card.selected"))
    shot("hearts-pass")
    b:click(b:find("#pass-btn"))
    -- the three are gone, three others came: thirteen again
    b:wait(function()
      return not b:find(("#hand .card[data-card='%s']"):format(picked[1])) and #b:find_all("#hand .card") == 13
    end, 20, "the passed cards to leave the hand")
    for _, c in ipairs(picked) do assert.is_nil(b:find(("#hand .card[data-card='%s']"):format(c)), c) end
    b:click(b:find("#play-leave"))
  end)

  it("plays Euchre: the dealer's discard by a click on a card, trump making as buttons, then cards", function()
    new_match("euchre", { max_hands = 6 })
    -- this deal: a bot orders the turned card up, so we (the dealer) discard
    -- first (the heuristic bots' calls: a deal where seat 1 deals and
    -- seat 2, 3 or 4 orders up)
    b:type(b:find("#play-seed"), 7)
    b:click(b:find("#play-start"))
    b:wait(function() return visible("#play-table") and text("#play-status") == "your turn" end, 20, "our turn")
    assert.matches("discard", text("#scores"))
    assert.equal(6, #b:find_all("#hand .card"))
    assert.equal(6, #b:find_all("#hand .card.legal"))
    shot("euchre-discard")
    local card = b:attr(b:find("#hand .card.legal"), "data-card")
    b:click(b:find("#hand .card.legal"))
    b:wait(function() return not b:find(("#hand .card[data-card='%s']"):format(card)) end, 10, "the discard")
    assert.equal(5, #b:find_all("#hand .card"))
    -- a hand may be thrown in or played without us (a partner alone): play
    -- until we have made a trump-making choice and played a card
    local buttons, cards = 0, 0
    local deadline = os.time() + 120
    while buttons == 0 or cards == 0 do
      assert(os.time() < deadline and not visible("#over"), "no trump-making choice and card of ours")
      if text("#play-status") == "your turn" then
        local logged = #b:find_all("#log li")
        local btn = b:find("#moves .move-btn")
        local legal = b:find("#hand .card.legal")
        if btn then
          if buttons == 0 then shot("euchre-trump") end
          b:click(btn)
          buttons = buttons + 1
        elseif legal then
          b:click(legal)
          cards = cards + 1
        end
        b:wait(function() return visible("#over") or #b:find_all("#log li") > logged end, 10, "the move")
      end
    end
    shot("euchre-play")
  end)

  it("makes a double click on Blackjack's hit one card, not two", function()
    new_match("blackjack", { max_hands = 1 })
    b:type(b:find("#play-seed"), 4)   -- this deal gives us 6h 5s: a hit cannot bust
    b:click(b:find("#play-start"))
    local hit = "#moves .move-btn[data-move='hit']"
    b:wait(function() return visible("#play-table") and text("#play-status") == "your turn" and b:find(hit) end,
      20, "the hit button")
    assert.equal(2, #b:find_all("#hand .card"))
    -- two clicks on the button, the second 150 ms later: on the button
    -- clicked (drawn for the step now past) and on the one drawn since
    b:js([[
      var sel = arguments[0], first = document.querySelector(sel);
      first.click();
      setTimeout(function () {
        first.click();
        var again = document.querySelector(sel);
        if (again) again.click();
      }, 150);
    ]], hit)
    b:wait(function() return text("#log"):match("you: hit") end, 10, "the hit")
    os.execute("sleep 1")   -- the second click's time, and more
    local _, hits = text("#log"):gsub("you: hit", "")
    assert.equal(1, hits, text("#log"))
    assert.equal(3, #b:find_all("#hand .card"))
    shot("blackjack-hit")
  end)

  it("plays Crazy Eights: a card on the pile, an eight's suit as buttons, a draw", function()
    new_match("crazy8", { max_hands = 1 })
    b:type(b:find("#play-seed"), 1)   -- this deal gives us 8d
    b:click(b:find("#play-start"))
    b:wait(function() return visible("#play-table") end, 20, "the table")
    assert.matches("pile", text("#board"))
    assert.matches("stock %d+", text("#board"))
    -- an eight when we may (then its suit by a button), else a legal card,
    -- else what the buttons offer (a draw, a pass), until the hand is over
    -- or we have called a suit and drawn
    local played, called, drew = 0, 0, 0
    local deadline = os.time() + 150
    while not visible("#over") and (called == 0 or drew == 0) do
      assert(os.time() < deadline, "no eight of ours and no draw")
      if text("#play-status") == "your turn" then
        local logged = #b:find_all("#log li")
        local legal = b:find_all("#hand .card.legal")
        local pick = legal[1]
        for _, id in ipairs(legal) do
          if b:attr(id, "data-card"):sub(1, 1) == "8" then pick = id end
        end
        if pick then
          local card = b:attr(pick, "data-card")
          local before = #b:find_all("#hand .card")
          b:click(pick)
          if card:sub(1, 1) == "8" then
            local calls = "#moves .move-btn[data-move^='" .. card .. " call ']"
            b:wait(function() return #b:find_all(calls) == 4 end, 10, "the four suits")
            if called == 0 then shot("crazy8-call") end
            b:click(b:find(calls))
            called = called + 1
          end
          b:wait(function() return visible("#over") or #b:find_all("#hand .card") < before end, 10, "the card played")
          played = played + 1
        else
          local btn = b:find("#moves .move-btn")
          assert(btn, "our turn with neither a legal card nor a button")
          b:click(btn)
          drew = drew + 1
        end
        b:wait(function() return visible("#over") or #b:find_all("#log li") > logged end, 10, "the move")
      end
    end
    shot("crazy8-play")
    assert.truthy(called > 0, "we never played our eight")
    assert.matches("you: 8d call", text("#log"))
  end)

  it("runs a 20-deal tournament and shows its chart and results table", function()
    b:get(url)
    b:wait(function() return #b:find_all("#t-game option") > 0 end, 20, "the games")
    b:click(b:find("#tab-watch"))
    b:type(b:find("#t-games"), 20)
    b:type(b:find("#t-players"), "heuristic,random")
    b:click(b:find("#t-start"))
    b:wait(function() return text("#t-progress"):match("^20/20 deals.*done") end, 120, "the tournament's end")
    -- the chart: a line of running means per player, each with its interval band
    local sets = b:js([[
      var c = Chart.getChart("t-chart");
      return c.data.datasets.map(function (d) { return [d.label, d.data.length]; });]])
    local names = {}
    for _, s in ipairs(sets) do
      if not s[1]:match("95%%") then names[#names + 1] = s[1]; assert.truthy(s[2] >= 2) end
    end
    table.sort(names)
    assert.same({ "heuristic", "random" }, names)
    assert.equal(6, #sets)
    assert.equal(3, #b:find_all("#t-results tr"))   -- the header and a row a player
    assert.matches("heuristic %- random", text("#t-diff"):gsub("−", "-"))
    assert.equal("100%", b:js("return document.getElementById('t-bar').style.width"))
    shot("watch")
  end)

  it("draws a running tournament's chart as it grows, lists several, and opens a record file", function()
    -- a record written by the command, as a user would copy one into the folder
    assert(os.execute(("lua5.4 bin/deckhand tournament spades --players greedy,random --games 4 --seed 3 " ..
                       "--record %s/from-cli.jsonl --quiet >/dev/null"):format(records)))
    b:get(url)
    b:wait(function() return #b:find_all("#t-game option") > 0 end, 20, "the games")
    b:click(b:find("#tab-watch"))
    b:type(b:find("#t-games"), 3000)
    b:type(b:find("#t-players"), "random,greedy")
    b:click(b:find("#t-start"))
    -- the chart while it runs: points drawn, more points later, still running
    local function running_points()
      local done, total = text("#t-progress"):match("^(%d+)/(%d+) deals.*running")
      if not done or tonumber(done) < 1 then return nil end
      local n = b:js([[var c = Chart.getChart("t-chart");
        return c ? Math.max.apply(null, c.data.datasets.map(function (d) { return d.data.length; })) : 0;]])
      return n >= 1 and { tonumber(done), n } or nil
    end
    local first = b:wait(running_points, 60, "the chart of the running tournament")
    shot("watch-running")
    local later = b:wait(function()
      local now = running_points()
      return now and now[1] > first[1] and now[2] > first[2] and now
    end, 60, "the chart to grow")
    assert.truthy(later[1] < 3000)
    -- the list: the 20-deal one done, this one running
    local rows = b:js([[return Array.from(document.querySelectorAll("#t-list tbody tr")).map(
      function (r) { return r.children[3].textContent + " " + r.children[4].textContent; });]])
    assert.equal(2, #rows)
    assert.matches("^running %d+/3000$", rows[1])
    assert.equal("done 20/20", rows[2])
    -- a record file of the folder, opened from the page: its table at once
    b:wait(function()
      return b:js([[return Array.from(document.querySelectorAll("#t-records option")).some(
        function (o) { return o.value === "from-cli.jsonl"; });]])
    end, 20, "the record in the list of files")
    b:js("var s = document.getElementById('t-records'); s.value = 'from-cli.jsonl'; s.dispatchEvent(new Event('change'))")
    b:click(b:find("#t-open"))
    b:wait(function() return text("#t-progress"):match("^4/4 deals") end, 20, "the opened record")
    assert.equal(3, #b:find_all("#t-results tr"))
    assert.equal(3, #b:find_all("#t-list tbody tr"))
    shot("watch-several")
  end)
end)
