--- deckhand.merge: the records of a tournament's shards merged.
--
-- `deckhand.tournament_merge(files [, out])`, installed by
-- deckhand/tournament.lua: the shards' records checked as a resumed run
-- checks its own (deckhand/records.lua, deckhand/deal_check.lua), totalled
-- once each deal and written, in index order, to a new file.
-- @module deckhand.merge

local records = require "deckhand.records"
local results = require "deckhand.results"
local lab = require "deckhand.lab"

-- a variant's name as a record may give it (deckhand/replay.lua): the
-- search path finds it; anything else would be a file a record names
local function plain_name(s)
  return type(s) == "string" and s:match("^[%w_%-]+$") ~= nil
end

return function(deckhand, T)
  local expect = T.expect

  --- deckhand.tournament_merge(files [, out [, variant]]) -> results over
  -- the shards' records; out: a new file for the merged record (never one
  -- of the inputs), its deals in index order; variant: the game's file, for
  -- a tournament run from a file (a record's header naming a file is not
  -- loaded: reading a record runs no code).  The files are read twice, line by
  -- line (once to check them, once to total and write them merged), so
  -- the memory does not grow with the deals, unless a file is out of
  -- index order: its deals are then sorted in memory.
  function deckhand.tournament_merge(files, out, variant)
    if type(files) ~= "table" or #files == 0 then error("merge: no record files", 2) end
    local problems, c, header, check, totals, seq = {}, nil, nil, nil, nil, nil
    local sets, sorted = {}, true
    -- the first file holding deal i: the one it is counted from
    local function owner(i, upto)
      for k = 1, upto do if sets[k]:has(i) then return k end end
    end
    local where = {}
    for k, file in ipairs(files) do
      if not c then   -- the first file names the tournament
        local h, err = records.header(file)
        if not h then error(err, 0) end
        local fine, why = pcall(T.config, h.tournament)
        if not fine then error(("%s: its header is not a tournament's (%s)"):format(file, why), 0) end
        c = h.tournament
        local made = c
        if variant ~= nil then
          made = {}
          for key, v in pairs(c) do made[key] = v end
          made.variant = variant
        elseif not plain_name(c.variant) then
          error(("%s: its game is the file %s, and a record loads no file: name the file to merge with"
            .. " (deckhand merge --variant FILE)"):format(file, tostring(c.variant)), 0)
        end
        fine, why = pcall(T.make_variant, made)
        if not fine then error(("%s: %s"):format(file, why), 0) end
        check, totals = expect(c, why), results.new(c, T.tables(c, why), results.low_wins(why))
      end
      local last = 0
      where[k] = { "in " .. file, "in " .. files[1] }
      local r, err = records.read(file, c, check, where[k], function(l)
        if l.i < last then sorted = false end
        last = l.i
        local first = owner(l.i, k - 1)
        if first then
          problems[#problems + 1] = ("%s: deal %d is also in %s (counted once)"):format(file, l.i, files[first])
        end
      end)
      if not r then error(err, 0) end
      -- shards of one tournament share its bots' seeds: a shard played with
      -- another secret is another tournament
      if header and r.header.secret ~= header.secret then
        error(("merge: %s was played with another secret than %s (its bots had other seeds): give every shard"
          .. " the same --secret"):format(file, files[1]), 0)
      end
      header = header or r.header
      sets[k] = r.seen
      for _, p in ipairs(r.problems) do problems[#problems + 1] = file .. ": " .. p end
    end
    do
      -- each file's counted deals, in its order, as a stream; merged in
      -- index order, totalled (in the order a whole run totals them) and
      -- written
      local streams = {}
      for k, file in ipairs(files) do
        streams[k] = coroutine.wrap(function()
          records.read(file, c, check, where[k], function(l)
            if not owner(l.i, k - 1) then coroutine.yield(l) end
          end)
          coroutine.yield(nil)
        end)
      end
      local next_line
      if sorted then   -- a k-way merge: the lowest index at the head of each stream
        local heads = {}
        for k = 1, #streams do heads[k] = streams[k]() end
        next_line = function()
          local best
          for k = 1, #streams do
            if heads[k] and (not best or heads[k].i < heads[best].i) then best = k end
          end
          if not best then return nil end
          local l = heads[best]
          heads[best] = streams[best]()
          return l
        end
      else
        local all = {}
        for k = 1, #streams do for l in streams[k] do all[#all + 1] = l end end
        table.sort(all, function(a, b) return a.i < b.i end)
        local n = 0
        next_line = function() n = n + 1; return all[n] end
      end
      -- a sequential test's run: the test over every shard's deals in
      -- index order, up to the first deal missing
      seq = c.sprt and lab.sequential(c.sprt, c, 1, 1)
      local function counted()
        local l = next_line()
        if l then
          totals:add(l)
          if seq then seq:feed(l) end
        end
        return l
      end
      if out then
        records.write_new(out, header, counted, files)
      else
        while counted() do end
      end
    end
    local res = totals:result()
    res.config, res.problems = c, problems
    if seq then res.sprt = seq:result() end
    return res
  end
end
