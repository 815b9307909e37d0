-- make docs: the API reference builds with LDoc, without warnings.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"

describe("make docs", function()
  it("builds the API reference with LDoc without warnings", function()
    local _, have = H.sh("command -v ldoc")
    if not have then error("ldoc is missing: bash .ci/bootstrap package") end
    local tmp = H.tmpdir()
    local out = H.run(("cd %s && ldoc -c docs/config.ld -d %s ."):format(H.quote(H.root), H.quote(tmp)))
    -- LDoc reports problems as "file:line: message" and goes on
    assert.falsy(out:match("[^\n]+:%d+: [^\n]+"), out)
    for _, page in ipairs { "index.html", "modules/deckhand.html", "modules/deckhand.core.html" } do
      assert.is_true(H.exists(tmp .. "/" .. page), page)
    end
    H.rmdir(tmp)
  end)
end)
