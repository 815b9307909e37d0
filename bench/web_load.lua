-- deckhand web under load: a server in its own process (bin/deckhand web,
-- bots unpaced) and CLIENTS pages at once over WebSocket on 127.0.0.1, each
-- playing a whole match against heuristic bots (its seat plays the first
-- legal move; the bots of each match think in the match's own process).
-- Prints the errors (there should be none), the time from a page's move to
-- the server's answer (median and 90th percentile), and the server's time
-- per move of every seat, beside the same matches played in this process
-- by deckhand.run with no server (the reference).
--   lua5.4 bench/web_load.lua [clients] [game] [max_hands]
local dh = require "deckhand"
local json = require "deckhand.json"
local libs = require "deckhand.web.libs"
local cqueues = libs.require "cqueues"
local websocket = libs.require "http.websocket"
local request = libs.require "http.request"

local clients = math.tointeger(tonumber(arg[1])) or 50
local game = arg[2] or "spades"
local max_hands = math.tointeger(tonumber(arg[3])) or 3
local options = { max_hands = max_hands }

local function median(xs, q)
  table.sort(xs)
  return xs[math.max(1, math.ceil(#xs * (q or 0.5)))]
end

-- the server
local dir = io.popen("mktemp -d"):read("l")
local p = assert(io.popen(("sh -c 'echo $$; exec lua5.4 bin/deckhand web --port 0 --pace 0 --records %s 2>/dev/null'")
  :format(dir)))
local pid = p:read("l")
local port = assert((p:read("l") or ""):match(":(%d+)/"), "the server did not start")

local errors, rtts, moves_total = {}, {}, 0
local cq = cqueues.new()
local t0 = cqueues.monotime()
for i = 1, clients do
  cq:wrap(function()
    local ok, err = pcall(function()
      -- a page's token, as the page has it
      local req = request.new_from_uri(("http://127.0.0.1:%s/"):format(port))
      local _, stream = assert(req:go(30))
      local token = assert(assert(stream:get_body_as_string(30)):match('<meta name="deckhand%-token" content="(%x+)">'))
      local ws = websocket.new_from_uri(("ws://127.0.0.1:%s/ws?token=%s"):format(port, token))
      assert(ws:connect(30))
      local seat = i % 4 + 1
      ws:send(json.encode { type = "start", game = game, seat = seat, options = options, bots = "heuristic" })
      local sent
      while true do
        local text = assert(ws:receive(120))
        local m = json.decode(text)
        if m.type == "error" then error(m.code .. ": " .. m.message) end
        if m.type == "move" then
          moves_total = moves_total + 1
          if m.seat == seat and sent then rtts[#rtts + 1] = cqueues.monotime() - sent; sent = nil end
        end
        if m.type == "over" then break end
        if (m.type == "state" or m.type == "move") and m.your_turn then
          sent = cqueues.monotime()
          ws:send(json.encode { type = "move", seat = seat, move = m.view.moves[1], step = m.step })
        end
      end
      ws:close()
    end)
    if not ok then errors[#errors + 1] = tostring(err) end
  end)
end
assert(cq:loop())
local wall = cqueues.monotime() - t0
os.execute("kill " .. pid)
p:close()
os.execute("rm -rf '" .. dir .. "'")

-- the reference: the same number of matches by deckhand.run, no server
local variant = dh.variant(game, options)
local r0, ref_moves = os.clock(), 0
for i = 1, clients do
  local seat = i % 4 + 1
  local players = {}
  for s = 1, variant.seats do
    players[s] = s == seat and function(view) return view:moves()[1] end
                 or dh.strategy("heuristic", { variant = variant, seed = i * 10 + s })
  end
  dh.run(dh.game(variant, { seed = i }), players, {
    on_event = function(e) if e.kind == "move" then ref_moves = ref_moves + 1 end end })
end
local ref = os.clock() - r0

print(("%d clients, %s (max_hands %d) against heuristic bots: %d errors%s"):format(clients, game, max_hands,
  #errors, #errors > 0 and (" (" .. errors[1] .. ")") or ""))
print(("  %d moves in %.2f s: %.3f ms per move through the server (all seats, wall time, clients included)")
  :format(moves_total, wall, wall / moves_total * 1000))
print(("  a page's move answered in %.2f ms (median), %.2f ms (90%%), over %d moves")
  :format(median(rtts) * 1000, median(rtts, 0.9) * 1000, #rtts))
print(("  reference, the same matches by deckhand.run in one process: %.3f ms per move (%d moves); ratio %.1f")
  :format(ref / ref_moves * 1000, ref_moves, (wall / moves_total) / (ref / ref_moves)))
