--- deckhand.commands.check: `deckhand check FILE`, the protocol's property
-- suite (deckhand.properties, what the test suite runs on every shipped
-- game) on a user's own game: a variant file, a dh.lua_game file, or a
-- shipped game's name.
--
--     deckhand check mygame.lua [--option players=3] [--matches 20] [--seed 1]
--
-- One line per property, pass or FAIL with the seed and move of the first
-- failure; the command fails (status 1) when any property does.
-- @module deckhand.commands.check

local dh = require "deckhand"
local cli = require "deckhand.cli"
local properties = require "deckhand.properties"
local rule_guard = require "deckhand.rule_guard"

local M = {}

-- a syntax error of the user's file, with its line: "FILE, line 3: ..."
-- (a message for people loses a "file.lua:3:" prefix, taken for the
-- library's own)
local function syntax_error(file)
  if not (file:find("/", 1, true) or file:match("%.lua$")) then return nil end
  local f = io.open(file, "r")
  if not f then return nil end   -- dh.variant says why it cannot be read
  f:close()
  local chunk, err = loadfile(file, "t", {})
  if chunk then return nil end
  local line, what = tostring(err):match(":(%d+): (.*)$")
  if not line then return nil end
  return ("%s, line %s: %s"):format(file, line, what)
end

--- check.run(a) -> true when every property holds (a: the parsed
-- arguments); raises a message for a file that cannot be loaded
function M.run(a)
  local matches = cli.int_arg(a.matches, "--matches", 1, 100000)
  local seed = cli.int_arg(a.seed, "--seed", 0)
  local max_moves = cli.int_arg(a.max_moves, "--max-moves", 1)
  local limit = cli.rule_time(a.rule_time)
  local bad = syntax_error(a.file)
  if bad then error(bad, 0) end
  -- the game's own code runs under the rule time limit, as in a tournament
  -- (a rule that looped hung the check): loading it, dealing, and each
  -- move of the matches, which stop at the first overrun
  local loaded, variant = rule_guard.pcall(limit, a.file, dh.variant, a.file, cli.parse_opts(a.option, "--option"))
  if not loaded then error(variant, 0) end
  -- the first deal: a game that cannot even start fails here, plainly
  local fine, err = rule_guard.pcall(limit, variant, dh.game, variant, { seed = seed })
  if not fine then error(("%s: cannot deal a game (seed %d): %s"):format(a.file, seed, tostring(err)), 0) end
  print(("deckhand check %s: %d matches, seeds %d to %d, %d seats"):format(variant.name or a.file, matches, seed,
        seed + matches - 1, err:seats()))
  local results, stopped
  for s = seed, seed + matches - 1 do
    local ran, one = rule_guard.pcall(limit, variant, properties.run, variant,
      { matches = 1, seed = s, max_moves = max_moves, step = rule_guard.again })
    if not ran then stopped = ("match %d (seed %d): %s"):format(s - seed + 1, s, tostring(one)); break end
    if not results then results = one else
      for k, r in ipairs(one) do
        results[k].checks = results[k].checks + r.checks
        results[k].failure = results[k].failure or r.failure
      end
    end
    for _, r in ipairs(one) do
      if r.failure and tostring(r.failure.message):find("rule time limit", 1, true) then stopped = "" end
    end
    if stopped then break end
  end
  local lines, all = properties.report(results or {})
  for _, l in ipairs(lines) do print("  " .. l) end
  if stopped then
    if stopped ~= "" then print("  FAIL  " .. stopped) end
    print(("stopped: the game's code ran over the rule time limit (--rule-time %g s)"):format(limit))
    return false
  end
  if not all then
    local first
    for _, r in pairs(results) do
      if type(r) == "table" and r.failure and (not first or r.failure.seed < first) then first = r.failure.seed end
    end
    print(("a failing match alone: deckhand check %s --seed %s --matches 1"):format(a.file, tostring(first)))
  end
  return all
end

--- check.options(p): the command's arguments on argparse parser p
function M.options(p)
  local c = p:command("check", "the protocol's property suite on a game of your own (or a shipped one)")
  c:argument("file", "a variant or dh.lua_game file (or a shipped game's name)")
  c:option("--option", "variant option key=value"):count("*")
  c:option("--matches", "matches to play", "20")
  c:option("--seed", "the first match's seed (match k: seed + k - 1)", "1")
  c:option("--max-moves", "the most moves a match may take before it counts as not ending", "100000")
  c:option("--rule-time", "seconds of wall time the game's Lua code may run at a time (loading it, a rule call,"
    .. " between two moves) before the check stops (0: none)", "10")
  return c
end

return M
