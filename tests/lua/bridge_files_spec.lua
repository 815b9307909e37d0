-- Bridge as bridge players use it: PBN and LIN in and out, a fixed
-- contract, the double-dummy table and par (`deckhand solve`).
-- Golden values come from the PBN 2.1 standard's conventions, the Laws
-- of Duplicate Bridge (Law 77's scoring table), DDS's answers (the data
-- of tests/c/dds_goldens.h) and par worked by hand from the rules.
local dh = require "deckhand"
local pbn = require "deckhand.bridge.pbn"
local lin = require "deckhand.bridge.lin"
local board = require "deckhand.bridge.board"
local par = require "deckhand.bridge.par"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local function read(path)
  local f = assert(io.open(root .. "/" .. path, "rb"))
  local t = f:read("a")
  f:close()
  return t
end

local function run(args)
  local p = assert(io.popen(("cd %s && lua5.4 bin/deckhand %s 2>&1; echo \"exit $?\""):format(root, args)))
  local out = p:read("a")
  p:close()
  return out, tonumber(out:match("exit (%d+)%s*$"))
end

describe("PBN", function()
  local text = read("tests/data/bridge/two_boards.pbn")

  it("reads the tags, the deal, the auction and the play as the standard writes them", function()
    local boards = assert(pbn.parse(text))
    assert.are.equal(2, #boards)
    local b = boards[1]
    assert.are.same({ 1, 1, "none", "4S", 3, 10 }, { b.board, b.dealer, b.vulnerable, b.contract, b.declarer, b.result })
    assert.are.equal("Wanda", b.tags.West)
    -- the deal from North: North's spades are AKQ2, West's the 4 and 3
    assert.are.same({ "As", "Ks", "Qs", "2s" }, { b.hands[1][1], b.hands[1][2], b.hands[1][3], b.hands[1][4] })
    assert.are.same({ "4s", "3s" }, { b.hands[4][1], b.hands[4][2] })
    assert.are.same({ "1C", "pass", "1S", "pass", "4S", "pass", "pass", "pass" }, b.auction)
    -- the play section's columns are the seats from the opening leader
    -- (West) on; South won the first trick with the ace of hearts, so the
    -- second trick is South's 5s, West's 3s, North's 2s, East's 9s
    assert.are.same({ "9h", "Kh", "Qh", "Ah", "5s", "3s", "2s", "9s" }, { table.unpack(b.play, 1, 8) })
    -- East's nine won it: East leads the third
    assert.are.equal("Ts", b.play[9])
    -- "AP" is the three passes that end an auction (four at the start)
    assert.are.same({ "pass", "pass", "pass", "pass" }, boards[2].auction)
    assert.are.equal("pass", boards[2].contract)
  end)

  it("writes what it reads, and reads back what it writes", function()
    local boards = assert(pbn.parse(text))
    local again = assert(pbn.parse(pbn.write(boards)))
    assert.are.equal(json.encode(boards), json.encode(again))
    -- the play section is written by columns from the opening leader
    assert.truthy(pbn.write(boards):find("[Play \"W\"]\nH9 HK HQ HA\nS3 S2 S9 S5\n", 1, true))
  end)

  it("turns a board into a game that reached the same position, and the game back into the board", function()
    local b = assert(pbn.parse(text))[1]
    local g = assert(board.game(b))
    assert.are.equal("play", g:phase())
    assert.are.equal(16, #g:record().moves - 8)   -- eight calls, sixteen cards
    local back = board.of_game(g, 1)
    local function as_set(hands)
      local out = {}
      for s, h in ipairs(hands) do
        out[s] = {}
        for _, c in ipairs(h) do out[s][c] = true end
      end
      return out
    end
    assert.are.same(as_set(b.hands), as_set(back.hands))
    assert.are.same(b.auction, back.auction)
    assert.are.same(b.play, back.play)
    assert.are.same({ "4S", 3, 4 }, { back.contract, back.declarer, back.leader })
    -- and the record replays through `deckhand replay`
    local out, code = run("replay tests/data/bridge/two_boards.pbn --game 1")
    assert.are.equal(0, code, out)
    assert.truthy(out:find("seat 1: 4S", 1, true), out)
  end)

  it("names what is wrong in a bad file", function()
    local bad = text:gsub('%[Deal "N:AKQ2', '[Deal "N:AKQ1', 1)
    local ok, why = pbn.parse(bad)
    assert.is_nil(ok)
    assert.matches("pbn: line 14: bad rank '1' in 'AKQ1.K32.A32.K32' %(ten is T%)", why)
    -- a card the player does not hold, found by playing the board
    local b = assert(pbn.parse((text:gsub("H9 HK HQ HA", "H9 HK HQ H2", 1))))[1]
    local g, msg = board.game(b)
    assert.is_nil(g)
    assert.matches("board 1: trick 1, S's 2h: card not in", msg)
    assert.matches("text outside any tag", select(2, pbn.parse("just words\n")))
    assert.matches("no game", select(2, pbn.parse("% only a comment\n")))
  end)
end)

describe("LIN", function()
  -- written by hand from the LIN conventions: the dealer digit (3: North)
  -- then South's, West's and North's hands (East's left out: the rest),
  -- an alerted call, the cards in the order played and a claim
  local line = "pn|Sue,Wanda,Nils,Erik|st||md|3S8765HA54DT98CA54,S43H9876D7654C876,SAKQ2HK32DA32CK32,|"
            .. "rh||ah|Board 1|sv|o|mb|1C!|an|could be short|mb|p|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|"
            .. "pg||pc|H9|pc|HK|pc|HQ|pc|HA|pg||pc|S5|pc|S3|pc|S2|pc|S9|pg||mc|10|"

  it("reads the deal, the calls, the cards and the claim", function()
    local b = assert(lin.parse(line))[1]
    assert.are.same({ 1, 1, "none", 10 }, { b.board, b.dealer, b.vulnerable, b.claim })
    assert.are.same({ "1C", "pass", "1S", "pass", "4S", "pass", "pass", "pass" }, b.auction)
    assert.are.same({ "9h", "Kh", "Qh", "Ah", "5s", "3s", "2s", "9s" }, b.play)
    -- East holds the 13 cards the others do not
    local east = {}
    for _, c in ipairs(b.hands[2]) do east[c] = true end
    for _, c in ipairs { "Js", "Ts", "9s", "Qh", "Jh", "Th", "Kd", "Qd", "Jd", "Qc", "Jc", "Tc", "9c" } do
      assert.is_true(east[c], c)
    end
    assert.are.equal("Nils", b.tags.North)
    -- the same board as the PBN file's
    local from_pbn = assert(pbn.parse(read("tests/data/bridge/two_boards.pbn")))[1]
    local mine, theirs = {}, {}
    for s = 1, 4 do
      mine[s], theirs[s] = {}, {}
      for _, c in ipairs(b.hands[s]) do mine[s][c] = true end
      for _, c in ipairs(from_pbn.hands[s]) do theirs[s][c] = true end
    end
    assert.are.same(theirs, mine)
  end)

  it("writes what it reads", function()
    local boards = assert(lin.parse(line))
    local again = assert(lin.parse(lin.write(boards)))
    for _, k in ipairs { "dealer", "vulnerable", "auction", "play", "claim", "board" } do
      assert.are.same(boards[1][k], again[1][k], k)
    end
  end)

  it("refuses what is not LIN, naming the pair", function()
    assert.matches("lin: pair 1: md|9S| needs a dealer 1 to 4 first", select(2, lin.parse("md|9S|")))
    assert.matches("bad call 'zz'", select(2, lin.parse(line:gsub("mb|1S|", "mb|zz|"))))
    assert.matches("card 8s dealt twice",
      select(2, lin.parse("md|3S8765HA54DT98CA54,S843H9876D7654C76,SAKQ2HK32DA32CK32,|")))
  end)

  it("exports a recorded game as LIN and PBN (deckhand replay --to)", function()
    local out, code = run("replay tests/data/bridge/two_boards.pbn --game 1 --to lin")
    assert.are.equal(0, code, out)
    local b = assert(lin.parse(out))[1]
    assert.are.equal(16, #b.play)
    out, code = run("replay tests/data/bridge/two_boards.pbn --game 1 --to pbn")
    assert.are.equal(0, code, out)
    assert.are.equal("4S", assert(pbn.parse(out))[1].contract)
    out, code = run("replay tests/data/bridge/two_boards.pbn --to xml")
    assert.are.equal(1, code)
    assert.matches("%-%-to must be pbn or lin, got 'xml'", out)
  end)
end)

describe("a fixed contract", function()
  -- Law 77: 4S doubled, not vulnerable, four down: 100 + 200 + 200 + 300
  it("plays the contract from declarer's left with no auction, and scores it by the table", function()
    local v = dh.variant("bridge", { contract = "4SX", declarer = "S", boards = 1 })
    local g = dh.game(v, { seed = 3 })
    assert.are.equal("play", g:phase())
    assert.are.equal(4, g:next_player())   -- West leads against South
    assert.are.equal(3, g:declarer())
    local rng = dh.rng(1)
    while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    local t = g:result().hands[1].tricks
    local made = t[1] + t[3]
    local expect = dh.rule.duplicate_score { level = 4, strain = "S", doubled = 1, vulnerable = false, tricks = made }
    local r = g:result()
    if expect >= 0 then assert.are.equal(expect, r.sides[1]) else assert.are.equal(-expect, r.sides[2]) end
    -- the first move of the record is a card: no calls
    assert.matches("^%w%w$", g:record().moves[1][2])
  end)

  it("fixes the vulnerability when asked: 4S made exactly scores 420, or 620 vulnerable", function()
    -- a deal where South's side takes ten tricks in spades however it is
    -- played is hard to write; the score of the same play under both
    -- vulnerabilities differs exactly as Law 77 says instead
    local function play(vul)
      local g = dh.game(dh.variant("bridge", { contract = "4S", declarer = "S", boards = 1, vulnerable = vul }),
                        { seed = 11 })
      local rng = dh.rng(5)
      while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
      local t = g:result().hands[1].tricks
      return g:result().sides, t[1] + t[3]
    end
    local nv, made = play("none")
    local vul = play("ns")
    local function law77(v) return dh.rule.duplicate_score { level = 4, strain = "S", doubled = 0, vulnerable = v, tricks = made } end
    assert.are.same(nv[1] - nv[2], law77(false))
    assert.are.same(vul[1] - vul[2], law77(true))
  end)

  it("refuses a contract that is not one, or one without its declarer", function()
    assert.has_error(function() dh.variant("bridge", { contract = "8S", declarer = "S" }) end,
      "bridge: contract must be a bid such as 4S, 3NT, 4HX or 6CXX, got '8S'")
    assert.has_error(function() dh.variant("bridge", { contract = "4S" }) end,
      "bridge: a fixed contract needs its declarer: N, E, S or W, got ''")
    assert.has_error(function() dh.variant("bridge", { declarer = "S" }) end,
      "bridge: declarer is for a fixed contract: give the contract too")
    assert.has_error(function() dh.variant("bridge", { vulnerable = "all" }) end,
      "bridge: vulnerable must be none, ns, ew or both, got 'all'")
  end)
end)

describe("the double-dummy table and par", function()
  it("gives DDS's tricks on the whole deals of its goldens", function()
    local text = read("tests/c/dds_goldens.h")
    local k = 0
    -- the first two deals are whole: DDS's digits per strain (S H D C NT)
    -- and leader (N E S W), the leader's side's tricks
    for deal, digits in text:gmatch('{ "(N:[^"]+)", "(%x+)" }') do
      k = k + 1
      if k > 2 then break end
      local hands = assert(pbn.parse_deal(deal))
      local t = par.table(hands)
      local dds_strain = { 4, 3, 2, 1, 5 }   -- ours C D H S NT in DDS's order
      for strain = 1, 5 do
        for decl = 1, 4 do
          local leader = decl % 4 + 1
          local d = tonumber(digits:sub((dds_strain[strain] - 1) * 4 + leader, (dds_strain[strain] - 1) * 4 + leader), 16)
          assert.are.equal(13 - d, t[strain][decl], ("deal %d strain %d declarer %d"):format(k, strain, decl))
        end
      end
    end
    assert.are.equal(3, k)
  end)

  -- a table written by hand: for each strain C D H S NT, North's, East's,
  -- South's and West's tricks as declarer
  local function tbl(ns, ew)
    local t = {}
    for s = 1, 5 do t[s] = { ns[s], ew[s], ns[s], ew[s] } end
    return t
  end

  it("finds the game a side makes: 4S, ten tricks, 420 not vulnerable", function()
    local score, contracts = par.score(tbl({ 6, 6, 8, 10, 8 }, { 7, 7, 5, 3, 5 }), "none", 1)
    assert.are.equal(420, score)
    assert.are.equal(1, #contracts)
    assert.are.equal("4S NS", contracts[1].text)
  end)

  it("reports the lowest level that scores the same: 4S+1 for eleven tricks (450 either way)", function()
    local score, contracts = par.score(tbl({ 6, 6, 8, 11, 8 }, { 7, 7, 5, 2, 5 }), "none", 1)
    assert.are.equal(450, score)
    assert.are.equal("4S+1 NS", contracts[1].text)
  end)

  it("finds the sacrifice: 5H doubled three down, 500, against a vulnerable 4S worth 620", function()
    -- East-West take eight tricks in hearts; 4H is below 4S, so the
    -- sacrifice is 5H, three down doubled not vulnerable: 100 + 200 + 200
    local score, contracts = par.score(tbl({ 6, 6, 5, 10, 8 }, { 7, 7, 8, 3, 5 }), "ns", 1)
    assert.are.equal(500, score)
    assert.are.equal("5HX-3 EW", contracts[1].text)
    assert.are.same({ 2, 4 }, contracts[1].declarers)
  end)

  it("says when a deal is passed out at par", function()
    local score, contracts = par.score(tbl({ 6, 6, 6, 6, 6 }, { 6, 6, 6, 6, 6 }), "none", 1)
    assert.are.equal(0, score)
    assert.are.equal(0, #contracts)
  end)

  it("prints the table and par with deckhand solve, and refuses bad input by name", function()
    local out, code = run("solve tests/data/bridge/two_boards.pbn --board 2")
    assert.are.equal(0, code, out)
    assert.truthy(out:find("board 2, dealer East, North-South vulnerable", 1, true), out)
    assert.truthy(out:find("      C  D  H  S NT\n  N   7  8  8  9  9\n", 1, true), out)
    assert.truthy(out:find("par NS 600: 3NT NS", 1, true), out)
    out, code = run("solve tests/data/bridge/two_boards.pbn --board 1")
    assert.truthy(out:find("after 16 cards, East to play", 1, true), out)
    out, code = run('solve --deal "N:AKQ2.K32.A32.K32 JT9.QJT.KQJ.QJT9 8765.A54.T98.A54"')
    assert.are.equal(1, code)
    assert.matches("deckhand: %-%-deal: a deal has four hands, got 3", out)
    out, code = run("solve tests/data/bridge/two_boards.pbn --board 9")
    assert.are.equal(1, code)
    assert.matches("no board 9 in the file %(it has 2%)", out)
    out, code = run("solve --deal N:AKQ2.K32.A32.K32 --vulnerable maybe")
    assert.are.equal(1, code)
  end)
end)
