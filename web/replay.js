// replay.js: a recorded game step by step, forward and back, every hand shown.
"use strict";
(function () {
  var DH = window.DH, $ = DH.$, el = DH.el;
  var state = null;
  // the step asked for last: clicks quicker than the answers add up, and
  // only the answer to the last request is drawn
  var wanted = null, asked = 0;

  function loadRecords(pick) {
    return DH.api("GET", "/api/records").then(function (list) {
      var sel = $("r-file"), old = pick || sel.value;
      sel.innerHTML = "";
      list.forEach(function (r) {
        var o = el("option", r.name + " (" + r.game + (r.kind === "tournament" ? ", " + r.deals + " deals" : "") + ")");
        o.value = r.name; o.dataset.kind = r.kind; sel.appendChild(o);
      });
      if (old) sel.value = old;
    });
  }
  DH.onTab.replay = function () { loadRecords(); };

  function fetchStep(step) {
    var q = "file=" + encodeURIComponent($("r-file").value) + "&deal=" + Number($("r-deal").value) +
            "&rotation=" + Number($("r-rotation").value) + "&step=" + step;
    $("r-error").textContent = "";
    var mine = ++asked;
    wanted = step;
    return DH.api("GET", "/api/replay?" + q).then(function (r) {
      if (mine !== asked) return;
      state = r; wanted = r.step; draw();
    }).catch(function (e) {
      if (mine !== asked) return;
      wanted = state ? state.step : null;
      $("r-error").textContent = e.message;
    });
  }

  function current() { return wanted !== null ? wanted : state.step; }

  function who(s) { return "seat " + s + (state.names ? " (" + state.names[s - 1] + ")" : ""); }

  function draw() {
    $("r-view").classList.remove("hidden");
    $("r-step").textContent = "move " + state.step + " of " + state.total + " · " + state.phase;
    var last = state.step > 0 ? state.moves[state.step - 1] : null;
    $("r-move").textContent = last ? who(last[0]) + ": " + last[1] : "the deal";
    var v = state.views[0], table = $("r-table");
    table.innerHTML = "";
    if (v.trick && v.trick.cards.length) v.trick.cards.forEach(function (c, i) { table.appendChild(DH.cardEl(c, { who: "seat " + v.trick.seats[i] })); });
    if (v.board) v.board.forEach(function (c) { table.appendChild(DH.cardEl(c)); });
    if (v.pile && v.pile.length) table.appendChild(DH.cardEl(v.pile[v.pile.length - 1], { who: "pile" }));
    var facts = [];
    if (v.scores) facts.push("scores " + v.scores.join(" / "));
    // the bids as the game names them (a Nil is "nil", not 0): the table's notes
    var seats = state.tables && state.tables[0] ? state.tables[0].players : [];
    var bids = seats.map(function (p) {
      var n = (p.notes || []).filter(function (x) { return x.indexOf("bid ") === 0; })[0];
      return n ? n.slice(4) : null;
    });
    if (bids.some(function (b) { return b !== null; })) facts.push("bids " + bids.map(function (b) { return b === null ? "–" : b; }).join(" / "));
    if (v.tricks) facts.push("tricks " + v.tricks.join(" / "));
    if (v.pot !== undefined) facts.push("pot " + v.pot + ", stacks " + v.stacks.join(" / "));
    table.appendChild(el("div", facts.join(" · "), "kv"));
    var hands = $("r-hands");
    hands.innerHTML = "";
    state.views.forEach(function (view, i) {
      var box = el("div", null, "seat-hand");
      box.dataset.seat = i + 1;
      box.appendChild(el("b", who(i + 1)));
      var row = el("div", null, "cards");
      DH.drawCards(row, DH.cardList(view.hand) || DH.cardList(view.hole) || []);
      box.appendChild(row);
      hands.appendChild(box);
    });
    $("r-result").textContent = state.result
      ? "final: " + state.result.seats.join(" / ") + " " + state.result.unit + " per seat, winners " + state.result.winners.join(", ")
      : "";
  }

  DH.replayFile = function (name) {
    DH.show("replay");
    loadRecords(name).then(function () {
      $("r-file").value = name; $("r-deal").value = 1; $("r-rotation").value = 1;
      fetchStep(0);
    });
  };

  document.addEventListener("DOMContentLoaded", function () {
    $("r-form").addEventListener("submit", function (ev) { ev.preventDefault(); fetchStep(0); });
    $("r-first").addEventListener("click", function () { if (state) fetchStep(0); });
    $("r-last").addEventListener("click", function () { if (state) fetchStep(state.total); });
    $("r-prev").addEventListener("click", function () { if (state && current() > 0) fetchStep(current() - 1); });
    $("r-next").addEventListener("click", function () { if (state && current() < state.total) fetchStep(current() + 1); });
  });
})();
