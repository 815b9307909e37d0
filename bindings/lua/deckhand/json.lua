--- deckhand.json: JSON for records and the line protocol.
--
-- encode writes keys sorted, so that equal values give equal bytes (records
-- of the same tournament compare byte for byte); decode reads with
-- lua-cjson when it is installed (several times faster on large records)
-- and dkjson otherwise, with the same results: integers come back as
-- integers, null as nil.
-- @module deckhand.json

local M = {}

local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if next(v) == nil then out[#out + 1] = "[]"; return end
    if #v > 0 then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out); out[#out + 1] = ":"
        local val = v[k]
        if val == nil then val = v[tonumber(k)] end
        encode(val, out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return ({ ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t" })[c]
             or ("\\u%04x"):format(c:byte())
    end) .. '"'
  elseif t == "number" then
    if math.type(v) == "integer" then out[#out + 1] = tostring(v)
    elseif v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = "null"
    elseif v == math.floor(v) and math.abs(v) < 2^53 then out[#out + 1] = ("%d"):format(v)
    else out[#out + 1] = ("%.17g"):format(v) end
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif v == nil then out[#out + 1] = "null"
  else out[#out + 1] = '"' .. tostring(v) .. '"' end
end

--- json.encode(value) -> text (keys sorted; a Card or other value by its tostring)
function M.encode(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end

-- cjson gives every number as a float and null as a light userdata: make
-- its result what dkjson gives
local function normalize(v, null)
  if type(v) == "table" then
    for k, x in pairs(v) do
      if x == null then v[k] = nil else v[k] = normalize(x, null) end
    end
  elseif math.type(v) == "float" and v == math.floor(v) and math.abs(v) < 2^53 then
    return math.tointeger(v)
  end
  return v
end

-- the decoder, chosen at the first decode: lua-cjson when it loads, else
-- dkjson; neither is needed to load the package
local decoder

local function pick()
  local ok, cjson = pcall(require, "cjson.safe")
  if ok and type(cjson) == "table" and cjson.decode then
    M.backend = "cjson"
    local decode_raw, null = cjson.decode, cjson.null
    return function(s)
      local v, err = decode_raw(s)
      if v == nil and err then return nil, err end
      return normalize(v, null)
    end
  end
  local found, dkjson = pcall(require, "dkjson")
  if not found then
    error("deckhand.json: no JSON decoder (install lua-cjson or lua-dkjson)", 3)
  end
  M.backend = "dkjson"
  return function(s)
    local v, _, err = dkjson.decode(s, 1, nil)
    if err then return nil, err end
    return v
  end
end

--- json.decode(text) -> value, or nil, message
function M.decode(s)
  decoder = decoder or pick()
  return decoder(s)
end

--- json.which() -> "cjson" or "dkjson": the library decode uses
function M.which()
  decoder = decoder or pick()
  return M.backend
end

return M
