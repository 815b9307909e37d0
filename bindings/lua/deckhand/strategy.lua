--- deckhand.strategy: finding and loading bots by name.
--
-- A strategy file (`strategies/<name>.lua`) returns a table with
-- `bid(view)`, `play(view)`, `pass(view)` (and `act(view)` for poker), or a
-- table with `new(options)` that returns such a table.  It is found on
-- `deckhand.strategy_path`, built like `deckhand.path` for variants:
-- DECKHAND_PATH first, then ./strategies, then the repository's strategies.
-- @module deckhand.strategy

local searchpath = require "deckhand.searchpath"

return function(deckhand)
  deckhand.strategy_path = searchpath.default("strategies")
  local loaded = {}   -- file -> what it returned

  --- deckhand.strategy(name_or_path_or_table [, options]) -> strategy
  -- options are handed to the file's new(options); the tournament passes
  -- variant (a Variant) and seed (an integer) besides the user's own.
  function deckhand.strategy(source, options)
    local def
    if type(source) == "table" then
      def = source
    elseif type(source) == "string" then
      local file = source
      if not (source:find("[/\\]") or source:match("%.lua$")) then
        local err
        file, err = package.searchpath(source, deckhand.strategy_path)
        if not file then error(("strategy '%s' not found:%s"):format(source, err), 2) end
      end
      def = loaded[file]
      if not def then
        local chunk, err = loadfile(file, "t")
        if not chunk then error(err, 2) end
        def = chunk()
        if type(def) ~= "table" then error(file .. ": a strategy file must return a table", 2) end
        loaded[file] = def
      end
    else
      error("bad argument #1 to 'strategy' (name, path or table expected, got " .. type(source) .. ")", 2)
    end
    local s = def
    if def.new then
      s = def.new(options or {})
      s.name = s.name or (type(source) == "string" and source) or "strategy"
    end
    -- one entry point for every phase: move(view), which the phase's
    -- convenience answers when the strategy has none of its own
    if s.move == nil then
      s.move = function(view)
        local f = s[view:phase()] or s.act
        if type(f) ~= "function" then
          error(("%s: no move(view) and nothing for the phase '%s'"):format(s.name or "strategy",
                                                                         view:phase()), 2)
        end
        return f(view)
      end
    end
    return s
  end
end
