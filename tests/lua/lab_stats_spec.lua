-- deckhand.sprt and deckhand.ratings: the statistics of the bot lab,
-- checked by simulation against what they claim (error rates, interval
-- coverage), not against their own output.
local sprt = require "deckhand.sprt"
local ratings = require "deckhand.ratings"

-- a seeded stream of its own, so the runs repeat
local function stream(seed)
  local state = seed
  local function uniform()
    -- xorshift64*: any well-mixed generator will do here
    state = state ~ (state >> 12); state = state ~ (state << 25); state = state ~ (state >> 27)
    return ((state * 0x2545F4914F6CDD1D) >> 11) / 2.0 ^ 53
  end
  local function normal()
    return math.sqrt(-2 * math.log(1 - uniform())) * math.cos(2 * math.pi * uniform())
  end
  return uniform, normal
end

-- the share of many runs that accept H1 when each deal's value is drawn
-- by draw()
local function share_h1(runs, make, draw)
  local h1, deals = 0, 0
  for _ = 1, runs do
    local t = make()
    local d
    repeat d = t:add(draw()) until d
    if d == "H1" then h1 = h1 + 1 end
    deals = deals + t.n
  end
  return h1 / runs, deals / runs
end

-- |observed - expected| within three standard errors of a share of n runs
local function within(observed, expected, n)
  local se = math.sqrt(expected * (1 - expected) / n)
  assert(math.abs(observed - expected) <= 3 * se,
    ("observed %.4f, expected %.4f (3 SE = %.4f)"):format(observed, expected, 3 * se))
end

describe("deckhand.sprt", function()
  local RUNS = 4000

  it("accepts H1 at a rate of alpha when the truth is H0, and H0 at beta when it is H1", function()
    local _, normal = stream(0x9E3779B97F4A7C15)
    for _, c in ipairs { { alpha = 0.05, beta = 0.05 }, { alpha = 0.05, beta = 0.1 }, { alpha = 0.1, beta = 0.05 } } do
      local function make() return sprt.new { lower = 0, upper = 0.2, alpha = c.alpha, beta = c.beta } end
      -- points differences of spread 1 a deal; the truth at each bound
      local false_h1 = share_h1(RUNS, make, function() return 0 + normal() end)
      within(false_h1, c.alpha, RUNS)
      local true_h1 = share_h1(RUNS, make, function() return 0.2 + normal() end)
      within(1 - true_h1, c.beta, RUNS)
    end
  end)

  it("takes fewer deals the further the truth lies beyond the bounds", function()
    local _, normal = stream(12345)
    local function make() return sprt.new { lower = 0, upper = 0.2 } end
    local _, at_bound = share_h1(500, make, function() return 0.2 + normal() end)
    local far_h1, far = share_h1(500, make, function() return 0.6 + normal() end)
    assert.is_true(far < at_bound / 2, ("%.1f deals against %.1f"):format(far, at_bound))
    assert.is_true(far_h1 > 0.99)
  end)

  it("keeps its error rates on wins, losses and shared deals with bounds in Elo", function()
    local uniform = stream(777)
    local elo0, elo1 = 0, 50
    -- a deal's score is 1, 1/2 or 0 (won both rotations, split, lost
    -- both); a draw rate of 40% and the wins set for the mean score
    local function draw_at(elo)
      local s, d = sprt.elo_to_score(elo), 0.4
      local w = s - d / 2
      return function()
        local u = uniform()
        if u < w then return 1 elseif u < w + d then return 0.5 end
        return 0
      end
    end
    local function make() return sprt.elo { elo0 = elo0, elo1 = elo1, alpha = 0.05, beta = 0.05 } end
    local n = 2000
    within(share_h1(n, make, draw_at(elo0)), 0.05, n)
    within(1 - share_h1(n, make, draw_at(elo1)), 0.05, n)
  end)

  it("converts between Elo and the expected score as the logistic curve does", function()
    assert.are.equal(0.5, sprt.elo_to_score(0))
    -- 400 Elo is odds of ten to one
    assert.is_true(math.abs(sprt.elo_to_score(400) - 10 / 11) < 1e-12)
    assert.is_true(math.abs(sprt.score_to_elo(10 / 11) - 400) < 1e-9)
    assert.is_true(math.abs(sprt.score_to_elo(sprt.elo_to_score(-123.4)) + 123.4) < 1e-9)
  end)

  it("refuses bounds and values that make no test", function()
    assert.has_error(function() sprt.new { lower = 1, upper = 0 } end,
      "sprt: upper (0) must be greater than lower (1)")
    assert.has_error(function() sprt.new { lower = 0, upper = 1, alpha = 0.7 } end,
      "sprt: alpha must be a number between 0 and 0.5, got 0.7")
    local t = sprt.new { lower = 0, upper = 1 }
    local ok, err = pcall(t.add, t, 0 / 0)
    assert.is_false(ok)
    assert.matches("sprt: a deal's value must be a finite number, got %-?nan", err)
  end)

  it("decides nothing on a run where every deal is alike", function()
    local t = sprt.new { lower = 0, upper = 1 }
    for _ = 1, 100 do assert.is_nil(t:add(0.5)) end
    assert.matches("undecided after 100 deals", t:summary())
  end)
end)

describe("deckhand.ratings", function()
  local names = { "pimc", "heuristic", "greedy", "random" }
  local truth = { pimc = 1.5, heuristic = 1.0, greedy = 0.2, random = -2.7 }   -- sums to 0

  local function round_robin(noise, normal)
    local res = {}
    for i = 1, #names do
      for j = i + 1, #names do
        local a, b = names[i], names[j]
        local se = 0.1 + 0.05 * (i + j)   -- pairs measured with unequal precision
        res[#res + 1] = { a = a, b = b, mean = truth[a] - truth[b] + (noise and se * normal() or 0), se = se }
      end
    end
    return res
  end

  it("reproduces every difference exactly when the pairs agree", function()
    local fit = assert(ratings.fit(names, round_robin(false)))
    local order = {}
    for k, r in ipairs(fit.ratings) do
      order[k] = r.name
      assert.is_true(math.abs(r.rating - truth[r.name]) < 1e-9, r.name)
      assert.is_true(r.ci > 0)
    end
    assert.are.same({ "pimc", "heuristic", "greedy", "random" }, order)
    local d = fit.diff("greedy", "random")
    assert.is_true(math.abs(d - 2.9) < 1e-9)
  end)

  it("gives intervals that cover the true ratings 95% of the time", function()
    local _, normal = stream(2024)
    local runs, covered, covered_diff = 2000, 0, 0
    for _ = 1, runs do
      local fit = assert(ratings.fit(names, round_robin(true, normal)))
      local r = fit.ratings[1 + (_ % 4)]
      if math.abs(r.rating - truth[r.name]) <= r.ci then covered = covered + 1 end
      local d, ci = fit.diff("pimc", "random")
      if math.abs(d - (truth.pimc - truth.random)) <= ci then covered_diff = covered_diff + 1 end
    end
    within(covered / runs, 0.95, runs)
    within(covered_diff / runs, 0.95, runs)
  end)

  it("says so when the pairs played do not link every strategy", function()
    local fit, why = ratings.fit(names, { { a = "pimc", b = "heuristic", mean = 1, se = 0.1 },
                                          { a = "greedy", b = "random", mean = 1, se = 0.1 } })
    assert.is_nil(fit)
    assert.are.equal("the pairs played do not link every strategy to every other", why)
  end)

  it("ranks a gauntlet (one against each of the others) the same way", function()
    local res = {}
    for _, other in ipairs { "heuristic", "greedy", "random" } do
      res[#res + 1] = { a = "pimc", b = other, mean = truth.pimc - truth[other], se = 0.2 }
    end
    local fit = assert(ratings.fit(names, res))
    assert.are.equal("pimc", fit.ratings[1].name)
    assert.are.equal("random", fit.ratings[4].name)
    assert.is_true(math.abs(select(1, fit.diff("heuristic", "greedy")) - 0.8) < 1e-9)
  end)
end)

describe("deckhand.report", function()
  local report = require "deckhand.report"
  local stats = require "deckhand.stats"
  local json = require "deckhand.json"

  local data = {
    title = "spades: a <b> & c", unit = "points",
    ranking = { { name = "pimc", rating = 1.2, ci = 0.1 }, { name = "</script><script>alert(1)", rating = -1.2, ci = 0.1 } },
    pairs = { { a = "pimc", b = "</script><script>alert(1)", mean = 2.4, ci = 0.2, n = 100 } },
    series = { { label = "pimc - x", points = { { n = 2, mean = 1, ci = 1 }, { n = 4, mean = 2, ci = 0.5 } } } },
    timing = { { name = "pimc", mean_ms = 12.5, max_ms = 80, decisions = 1000 } },
  }

  it("writes one page with its data, the tables in order and Chart.js inlined", function()
    local page = assert(report.html(data, "/* chart stand-in */"))
    assert.truthy(page:find("<title>spades: a &lt;b&gt; &amp; c</title>", 1, true))
    assert.truthy(page:find("/* chart stand-in */", 1, true))
    -- a strategy's name cannot end a script element or add markup
    assert.falsy(page:find("<script>alert", 1, true))
    local embedded = page:match('<script id="lab%-data" type="application/json">(.-)</script>')
    local back = json.decode(embedded)
    assert.are.same(data.ranking[2].name, back.ranking[2].name)
    local first = page:find("<td>pimc</td>", 1, true)
    local second = page:find("<td>&lt;/script&gt;", 1, true)
    assert.truthy(first and second and first < second)
  end)

  it("inlines Debian's Chart.js when it is installed, and says what to install when not", function()
    local saved = report.chart
    report.chart = "/nonexistent/chart.min.js"
    local page, err = report.html(data)
    report.chart = saved
    assert.is_nil(page)
    assert.matches("install Debian's libjs%-chart%.js", err)
    local f = io.open(report.chart)
    if f then
      f:close()
      assert.truthy(assert(report.html(data)):find("Chart.js v", 1, true))
    end
  end)

  it("gives the running mean and interval that the whole run's statistics give", function()
    local xs = {}
    for i = 1, 1000 do xs[i] = ((i * 7919) % 13) - 6 + ((i % 3 == 0) and 0.5 or 0) end
    local s = report.series(xs, 50)
    assert.is_true(#s <= 51)
    local last = s[#s]
    local m, ci, n = stats.mean_ci(xs)
    assert.are.equal(n, last.n)
    assert.is_true(math.abs(last.mean - m) < 1e-12 and math.abs(last.ci - ci) < 1e-9)
  end)
end)
