--- deckhand.variant_index: the variant each Rules was built for.  Views
-- and sampled worlds carry their Rules, not their Variant; the variant
-- loader (deckhand/variant.lua) records each variant it builds here, and
-- the game and view layers (deckhand/game.lua, trick_view.lua) look it up,
-- so none of them depends on the order the package installs them in.
-- @module deckhand.variant_index

local M = {}

local by_rules = setmetatable({}, { __mode = "k" })

--- variant_index.remember(rules, variant): variant was built with rules
function M.remember(rules, variant) by_rules[rules] = variant end

--- variant_index.of(rules) -> the variant built with rules, or nil
function M.of(rules) return by_rules[rules] end

return M
