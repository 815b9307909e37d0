// watch.js: tournaments as they run -- progress, running means with their
// 95% intervals, the results table; for a field of strategies the ranking,
// the pairs and their running differences.
"use strict";
(function () {
  var DH = window.DH, $ = DH.$, el = DH.el;
  var all = {}, current = null, chart = null, pairsChart = null;
  var colours = ["#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#546e7a"];

  DH.gamesLoaded = function (games) {
    var sel = $("t-game");
    games.forEach(function (g) {
      if (g.error) return;
      var o = el("option", g.name); o.value = g.name; sel.appendChild(o);
    });
    sel.value = "spades";
  };

  function withCi(x, ci, digits, scale) {
    if (x === undefined || x === null) return "–";
    scale = scale || 1;
    return (x * scale).toFixed(digits) + " ± " + ((ci || 0) * scale).toFixed(digits);
  }

  function drawList() {
    var body = $("t-list").querySelector("tbody");
    body.innerHTML = "";
    Object.keys(all).map(Number).sort(function (a, b) { return b - a; }).forEach(function (id) {
      var t = all[id];
      var tr = el("tr");
      tr.dataset.id = id; tr.className = "t-row" + (id === current ? " selected" : "");
      [id, t.game, (t.players || []).join(", "), t.state, t.done + "/" + t.total].forEach(function (v) {
        tr.appendChild(el("td", String(v)));
      });
      tr.addEventListener("click", function () { current = id; drawList(); drawDetail(); });
      body.appendChild(tr);
    });
  }

  function drawChart(t) {
    if (!window.Chart) return;
    var sets = [];
    Object.keys(t.series || {}).forEach(function (name, k) {
      var pts = t.series[name], c = colours[k % colours.length];
      sets.push({ label: name + " (95% low)", data: pts.map(function (p) { return { x: p[0], y: p[1] - p[2] }; }),
                  borderColor: "transparent", backgroundColor: c + "33", pointRadius: 0, fill: false });
      sets.push({ label: name + " (95% high)", data: pts.map(function (p) { return { x: p[0], y: p[1] + p[2] }; }),
                  borderColor: "transparent", backgroundColor: c + "33", pointRadius: 0, fill: "-1" });
      sets.push({ label: name, data: pts.map(function (p) { return { x: p[0], y: p[1] }; }),
                  borderColor: c, backgroundColor: c, pointRadius: 0, borderWidth: 2, fill: false });
    });
    var unit = (t.unit || "points") + " per hand";
    if (!chart) {
      chart = new window.Chart($("t-chart"), {
        type: "line", data: { datasets: sets },
        options: { animation: false, maintainAspectRatio: false, parsing: false,
                   scales: { x: { type: "linear", title: { display: true, text: "deals" } },
                             y: { title: { display: true, text: unit } } },
                   plugins: { legend: { labels: { filter: function (i) { return !/95%/.test(i.text); } } } } },
      });
    } else {
      chart.data.datasets = sets;
      chart.options.scales.y.title.text = unit;
      chart.update();
    }
  }

  function drawResults(t) {
    var table = $("t-results");
    table.innerHTML = "";
    var r = t.results;
    $("t-diff").textContent = "";
    if (!r || !r.players) return;
    var tricks = r.players.some(function (p) { return p.tricks !== undefined; });
    var head = ["strategy", (r.unit || "points") + "/hand"];
    if (tricks && r.unit !== "tricks") head.push("tricks/hand");
    if (r.big_blind) head.push("bb/100");
    head.push("win rate", "deals", "forfeits");
    var tr = el("tr");
    head.forEach(function (h) { tr.appendChild(el("th", h)); });
    table.appendChild(tr);
    r.players.forEach(function (p) {
      var row = el("tr");
      var cells = [p.name, withCi(p.score, p.score_ci, 2)];
      if (tricks && r.unit !== "tricks") cells.push(withCi(p.tricks, p.tricks_ci, 3));
      if (r.big_blind) cells.push(withCi(p.bb100, p.bb100_ci, 1));
      cells.push(withCi(p.win, p.win_ci, 1, 100) + "%", p.n || 0, p.forfeits || 0);
      cells.forEach(function (c) { row.appendChild(el("td", String(c))); });
      table.appendChild(row);
    });
    if (r.diff && r.diff.score !== undefined) {
      $("t-diff").textContent = r.diff.a + " − " + r.diff.b + ": " + withCi(r.diff.score, r.diff.score_ci, 2) +
        " " + (r.unit || "points") + "/hand (95% interval, paired over " + r.diff.n + " deals)";
    }
  }

  // a field (round robin, gauntlet): the ranking from the pairs, each
  // pair's difference, and the pairs' running differences with their 95%
  // intervals (for two strategies, their one difference)
  function drawField(t) {
    var r = t.results, table = $("t-ranking");
    table.innerHTML = "";
    var unit = ((r && r.unit) || "points") + "/hand";
    if (r && r.ratings) {
      var head = el("tr");
      ["#", "strategy", "rating (" + unit + " against the field, 95%)"].forEach(function (h) { head.appendChild(el("th", h)); });
      table.appendChild(head);
      r.ratings.forEach(function (x, k) {
        var row = el("tr");
        [String(k + 1), x.name, withCi(x.rating, x.ci, 2)].forEach(function (c) { row.appendChild(el("td", c)); });
        table.appendChild(row);
      });
      (r.pairs || []).forEach(function (p) {
        var row = el("tr");
        ["", p.a + " − " + p.b, withCi(p.score, p.score_ci, 2) + " (" + (p.n || 0) + " deals)"].forEach(function (c) {
          row.appendChild(el("td", c));
        });
        table.appendChild(row);
      });
    }
    var series = [];
    if (r && r.pairs) r.pairs.forEach(function (p) { if (p.series) series.push({ label: p.a + " − " + p.b, pts: p.series }); });
    else if (r && r.diff && r.diff.series) series.push({ label: r.diff.a + " − " + r.diff.b, pts: r.diff.series });
    $("t-pairs-box").classList.toggle("hidden", series.length === 0 || !window.Chart);
    if (series.length === 0 || !window.Chart) return;
    var sets = [];
    series.forEach(function (s, k) {
      var c = colours[k % colours.length];
      sets.push({ label: s.label + " (95% low)", data: s.pts.map(function (p) { return { x: p.n, y: p.mean - p.ci }; }),
                  borderColor: "transparent", backgroundColor: c + "33", pointRadius: 0, fill: false });
      sets.push({ label: s.label + " (95% high)", data: s.pts.map(function (p) { return { x: p.n, y: p.mean + p.ci }; }),
                  borderColor: "transparent", backgroundColor: c + "33", pointRadius: 0, fill: "-1" });
      sets.push({ label: s.label, data: s.pts.map(function (p) { return { x: p.n, y: p.mean }; }),
                  borderColor: c, backgroundColor: c, pointRadius: 0, borderWidth: 2, fill: false });
    });
    if (!pairsChart) {
      pairsChart = new window.Chart($("t-pairs-chart"), {
        type: "line", data: { datasets: sets },
        options: { animation: false, maintainAspectRatio: false, parsing: false,
                   scales: { x: { type: "linear", title: { display: true, text: "deals" } },
                             y: { title: { display: true, text: unit + ", a − b" } } },
                   plugins: { legend: { labels: { filter: function (i) { return !/95%/.test(i.text); } } } } },
      });
    } else {
      pairsChart.data.datasets = sets;
      pairsChart.options.scales.y.title.text = unit + ", a − b";
      pairsChart.update();
    }
  }

  function drawDetail() {
    var t = all[current];
    $("t-detail").classList.toggle("hidden", !t);
    if (!t) return;
    $("t-title").textContent = "#" + t.id + " " + t.game + ": " + (t.players || []).join(" vs ") + " (" + t.name + ")";
    var pct = t.total ? Math.round(100 * t.done / t.total) : 0;
    $("t-bar").style.width = pct + "%";
    $("t-progress").textContent = t.done + "/" + t.total + " deals (" + pct + "%) · " + t.state;
    $("t-failure").textContent = t.error || (t.problems ? t.problems.join("\n") : "");
    drawChart(t);
    drawResults(t);
    drawField(t);
  }

  function update(t) {
    all[t.id] = t;
    if (current === null) current = t.id;
    drawList();
    if (t.id === current) drawDetail();
  }

  DH.on("tournaments", function (m) { m.list.forEach(update); });
  DH.on("tournament", function (m) { update(m.tournament); });
  DH.onOpen.push(function () { DH.send({ type: "watch" }); });

  function loadRecords() {
    DH.api("GET", "/api/records").then(function (list) {
      var sel = $("t-records");
      sel.innerHTML = "";
      list.forEach(function (r) {
        if (r.kind !== "tournament") return;
        var o = el("option", r.name + " (" + r.game + ")"); o.value = r.name; sel.appendChild(o);
      });
    });
  }
  DH.onTab.watch = loadRecords;

  document.addEventListener("DOMContentLoaded", function () {
    $("t-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      $("t-error").textContent = "";
      var set = $("t-set").value.trim();
      DH.api("POST", "/api/tournaments", {
        game: $("t-game").value, players: $("t-players").value, games: Number($("t-games").value),
        seed: Number($("t-seed").value), jobs: Number($("t-jobs").value), set: set === "" ? undefined : set,
      }).then(function (t) { current = t.id; update(t); })
        .catch(function (e) { $("t-error").textContent = e.message; });
    });
    $("t-open").addEventListener("click", function () {
      $("t-error").textContent = "";
      DH.api("POST", "/api/open", { file: $("t-records").value })
        .then(function (t) { current = t.id; update(t); DH.send({ type: "watch" }); })
        .catch(function (e) { $("t-error").textContent = e.message; });
    });
  });
})();
