--- deckhand.settings_of: the settings a variant was made with.
--
--     local o = dh.settings_of(options.variant)   -- a Variant, or its name
--
-- What a game's own heuristic reads of the rules in force (Crazy Eights'
-- draw limit, Gin's knock and bonuses); {} when there are none.
-- @module deckhand.settings_of

return function(variant)
  if type(variant) == "table" and variant.settings then return variant.settings end
  if type(variant) == "string" then
    local ok, v = pcall(require "deckhand".variant, variant)
    if ok and v.settings then return v.settings end
  end
  return {}
end
