--- deckhand.sprt: a sequential probability ratio test that stops a match
-- as soon as the answer is known.
--
-- A two-strategy run on duplicate deals gives one number per deal: the
-- paired difference of the two strategies' points (or a's share of the
-- deal's wins, for bounds in Elo).  The test weighs two hypotheses about
-- the mean of that number, H0: mean = lower and H1: mean = upper, and after
-- each deal compares the log-likelihood ratio with Wald's bounds
--
--     log(beta / (1 - alpha))  <=  LLR  <=  log((1 - beta) / alpha)
--
-- Crossing the upper bound accepts H1, the lower one H0.  alpha is the
-- chance of accepting H1 when H0 holds (a false "better"), beta of
-- accepting H0 when H1 holds (a missed improvement).  The per-deal numbers
-- are taken as normal with the variance estimated from the run so far
-- (the generalized SPRT, as fishtest uses for chess engines), so the
-- likelihood ratio of H1 against H0 after n deals with mean m and variance
-- v is
--
--     LLR = n (upper - lower) (2 m - lower - upper) / (2 v)
--
-- Only running sums are kept: memory does not grow with the run.
-- Sources: A. Wald, Sequential Tests of Statistical Hypotheses (1945);
-- M. Van den Bergh, "Comments on the SPRT as used by fishtest" (the
-- generalized SPRT with an estimated variance).
-- @module deckhand.sprt

local M = {}

local Test = {}
Test.__index = Test

-- the first deals' variance is too rough to stop on
local MIN_DEALS = 32

local function check_probability(name, p)
  if type(p) ~= "number" or not (p > 0 and p < 0.5) then
    error(("sprt: %s must be a number between 0 and 0.5, got %s"):format(name, tostring(p)), 3)
  end
end

--- sprt.new{ lower =, upper =, alpha = 0.05, beta = 0.05 } -> a test of
-- the mean of one number a deal (H0: mean = lower, H1: mean = upper).
function M.new(opts)
  if type(opts) ~= "table" then error("sprt.new: a table expected", 2) end
  local lower, upper = opts.lower, opts.upper
  if type(lower) ~= "number" or type(upper) ~= "number" or lower ~= lower or upper ~= upper
     or math.abs(lower) == math.huge or math.abs(upper) == math.huge then
    error("sprt: lower and upper must be finite numbers", 2)
  end
  if not (upper > lower) then
    error(("sprt: upper (%g) must be greater than lower (%g)"):format(upper, lower), 2)
  end
  local alpha, beta = opts.alpha or 0.05, opts.beta or 0.05
  check_probability("alpha", alpha)
  check_probability("beta", beta)
  return setmetatable({
    lower = lower, upper = upper, alpha = alpha, beta = beta,
    accept_h0 = math.log(beta / (1 - alpha)), accept_h1 = math.log((1 - beta) / alpha),
    n = 0, sum = 0, sumsq = 0, decision = nil,
  }, Test)
end

--- The expected score of a side that is `elo` points stronger (the
-- logistic curve of the Elo system: 400 points is odds of ten to one).
function M.elo_to_score(elo) return 1 / (1 + 10 ^ (-elo / 400)) end

--- The Elo difference that a mean score in (0, 1) stands for.
function M.score_to_elo(s)
  if s <= 0 then return -math.huge elseif s >= 1 then return math.huge end
  return -400 * math.log(1 / s - 1, 10)
end

--- sprt.elo{ elo0 =, elo1 =, alpha =, beta = } -> a test on each deal's
-- score in [0, 1] (a's share of the deal's wins), H0 a difference of elo0
-- Elo, H1 of elo1.
function M.elo(opts)
  if type(opts) ~= "table" or type(opts.elo0) ~= "number" or type(opts.elo1) ~= "number" then
    error("sprt.elo: elo0 and elo1 must be numbers", 2)
  end
  local t = M.new { lower = M.elo_to_score(opts.elo0), upper = M.elo_to_score(opts.elo1),
                    alpha = opts.alpha, beta = opts.beta }
  t.elo0, t.elo1 = opts.elo0, opts.elo1
  return t
end

--- test:llr() -> the log-likelihood ratio of H1 against H0 so far (0
-- before the variance can be estimated)
function Test:llr()
  local n = self.n
  if n < 2 then return 0 end
  local m = self.sum / n
  local v = (self.sumsq - n * m * m) / (n - 1)
  -- every deal alike so far: no spread to weigh by; the side of the
  -- midpoint the mean is on is all there is to say, and it is said only
  -- once there is a spread
  if v <= 0 then return 0 end
  return n * (self.upper - self.lower) * (2 * m - self.lower - self.upper) / (2 * v)
end

--- test:add(x) -> the decision ("H0" or "H1") once there is one, else nil.
-- Deals added after the decision still count in the estimate.
function Test:add(x)
  if type(x) ~= "number" or x ~= x or math.abs(x) == math.huge then
    error(("sprt: a deal's value must be a finite number, got %s"):format(tostring(x)), 2)
  end
  self.n, self.sum, self.sumsq = self.n + 1, self.sum + x, self.sumsq + x * x
  if self.decision == nil and self.n >= MIN_DEALS then
    local llr = self:llr()
    if llr >= self.accept_h1 then self.decision, self.decided_at = "H1", self.n
    elseif llr <= self.accept_h0 then self.decision, self.decided_at = "H0", self.n end
  end
  return self.decision
end

--- test:estimate() -> the mean so far and the half width of its 95%
-- interval (no correction is made for stopping early: a sequential
-- test's stopping point leans the estimate a little towards the side it
-- stopped on)
function Test:estimate()
  local n = self.n
  if n == 0 then return nil end
  local m = self.sum / n
  if n < 2 then return m, 0 end
  local v = math.max(0, (self.sumsq - n * m * m) / (n - 1))
  return m, 1.96 * math.sqrt(v / n)
end

--- test:summary() -> one line: the hypotheses, the decision or the LLR so
-- far against its bounds, the deals and the estimate
function Test:summary()
  local what
  if self.elo0 then
    what = ("elo0 %g, elo1 %g"):format(self.elo0, self.elo1)
  else
    what = ("H0 %+g, H1 %+g"):format(self.lower, self.upper)
  end
  local m, ci = self:estimate()
  local est = m and (self.elo0 and ("score %.3f ± %.3f (%+.1f Elo)"):format(m, ci, M.score_to_elo(m))
                     or ("%+.3f ± %.3f"):format(m, ci)) or "no deals"
  local state = self.decision
    and ("accepted %s after %d deals"):format(self.decision, self.decided_at)
    or ("undecided after %d deals, LLR %.2f in (%.2f, %.2f)"):format(self.n, self:llr(),
                                                                   self.accept_h0, self.accept_h1)
  return ("SPRT (%s, alpha %g, beta %g): %s; estimate %s"):format(what, self.alpha, self.beta, state, est)
end

return M
