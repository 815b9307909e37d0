// play.js: a match against the bots.  Everything drawn comes from the
// seat's own table (the server's description of its view, drawn by
// table.js), the moves it may make and the public texts of the others'
// moves.
"use strict";
(function () {
  var DH = window.DH, $ = DH.$, el = DH.el;
  var games = {}, strategies = [], info = null, match = null, selected = {};

  // ---- setup form -------------------------------------------------------

  function optionInputs(game) {
    var box = $("play-options");
    box.innerHTML = "<legend>Options</legend>";
    var opts = (games[game] || {}).options || {};
    Object.keys(opts).sort().forEach(function (k) {
      var label = el("label", k + " ");
      var input = el("input");
      input.name = k; input.id = "opt-" + k;
      input.value = String(opts[k]);
      input.dataset.default = String(opts[k]);
      input.dataset.kind = typeof opts[k];
      input.addEventListener("change", refreshSeats);
      label.appendChild(input);
      box.appendChild(label);
    });
  }

  // the options the form changed from their defaults, typed
  function chosenOptions() {
    var out = {};
    $("play-options").querySelectorAll("input").forEach(function (i) {
      if (i.value === i.dataset.default) return;
      var v = i.value.trim();
      if (v === "true") out[i.name] = true;
      else if (v === "false") out[i.name] = false;
      else if (v !== "" && !isNaN(Number(v))) out[i.name] = Number(v);
      else out[i.name] = v;
    });
    return out;
  }

  function refreshSeats() {
    var game = $("play-game").value;
    $("play-error").textContent = "";
    DH.api("POST", "/api/variant", { game: game, options: chosenOptions() }).then(function (v) {
      info = v;
      var seat = $("play-seat"), old = seat.value;
      seat.innerHTML = "";
      for (var s = 1; s <= v.seats; s++) {
        var o = el("option", "seat " + s + (v.sides ? " (side " + v.sides[s - 1] + ")" : ""));
        o.value = s; seat.appendChild(o);
      }
      if (old && old <= v.seats) seat.value = old;
      drawBots();
    }).catch(function (e) { $("play-error").textContent = e.message; });
  }

  function drawBots() {
    var box = $("play-bots"), me = Number($("play-seat").value);
    box.innerHTML = "<legend>Bots</legend>";
    for (var s = 1; s <= info.seats; s++) {
      if (s === me) continue;
      var label = el("label", "seat " + s + " ");
      var sel = el("select");
      sel.className = "bot-select"; sel.dataset.seat = s; sel.id = "bot-" + s;
      strategies.forEach(function (n) { var o = el("option", n); o.value = n; sel.appendChild(o); });
      sel.value = strategies.indexOf("heuristic") >= 0 ? "heuristic" : strategies[0];
      label.appendChild(sel);
      box.appendChild(label);
    }
  }

  function start(ev) {
    ev.preventDefault();
    var bots = {};
    document.querySelectorAll(".bot-select").forEach(function (s) { bots[s.dataset.seat] = s.value; });
    var list = [];
    for (var s = 1; s <= info.seats; s++) list.push(bots[s] || "heuristic");
    var msg = { type: "start", game: $("play-game").value, options: chosenOptions(),
                seat: Number($("play-seat").value), bots: list };
    var seed = $("play-seed").value.trim();
    if (seed !== "") msg.seed = Number(seed);
    $("play-error").textContent = "";
    if (!DH.send(msg)) $("play-error").textContent = "not connected to the server";
  }

  // ---- the table ---------------------------------------------------------

  function seatName(s) {
    if (!match) return "seat " + s;
    return s === match.seat ? "you" : "seat " + s + " (" + match.names[s - 1] + ")";
  }

  function shortName(s) { return match && s === match.seat ? "you" : "seat " + s; }

  function log(text) {
    var li = el("li", text);
    $("log").appendChild(li);
    $("log").scrollTop = $("log").scrollHeight;
  }

  // a move names the step of the table it was chosen on (each button and
  // card keeps the step it was drawn at): sent again, by a double click or
  // from a table already past, the server refuses it as stale_move and
  // changes nothing.  The same move again within 400 ms, with no other
  // seat's move between, is taken for the second half of a double click
  // (on the button drawn in the first one's place) and not sent at all.
  var lastSent = 0, lastMove = null;
  function send(move, step) {
    var now = Date.now();
    if (move === lastMove && now - lastSent < 400) return;
    lastSent = now; lastMove = move;
    $("message").textContent = "";
    DH.send({ type: "move", seat: match.seat, move: move, step: step });
  }

  function moveButton(text, label) {
    var b = el("button", label || text, "move-btn"), step = match.step;
    b.type = "button"; b.dataset.move = text;
    b.addEventListener("click", function () { send(text, step); });
    return b;
  }

  // the table the server describes (deckhand/table.lua), drawn by table.js
  function draw() {
    var t = match.table, step = match.step;
    var mine = match.your_turn && t.moves.select;
    if (!mine) selected = {};
    DH.drawTable(t, { names: match.names, yourTurn: match.your_turn, selected: selected,
                      send: function (m) { send(m, step); }, button: moveButton });
    var from = t.moves.hand && t.moves.hand !== t.seat ? ": play from " + DH.tableName(t, t.moves.hand, match.names) : "";
    var st = match.state !== "playing" ? "match " + match.state
           : match.your_turn ? "your turn" + from : match.turn ? "waiting for " + seatName(match.turn) : "";
    $("play-status").textContent = st;
  }

  function showTable(on) {
    $("play-table").classList.toggle("hidden", !on);
    $("play-setup").classList.toggle("hidden", on);
  }

  DH.on("state", function (m) {
    match = m;
    localStorage.setItem("deckhand.token", m.token);
    $("play-title").textContent = m.game + " · you are seat " + m.seat;
    $("last-trick-btn").classList.toggle("hidden", !m.view.trick);
    $("log").innerHTML = ""; $("message").textContent = "";
    $("over").classList.add("hidden");
    showTable(true);
    draw();
    if (m.state === "over") showOver(m.result, m.record);
  });
  DH.on("move", function (m) {
    if (!match) return;
    match.view = m.view; match.table = m.table; match.turn = m.turn; match.your_turn = m.your_turn; match.step = m.step;
    if (m.seat !== match.seat) lastSent = 0;   // another seat moved: a click now is a move of its own
    log(seatName(m.seat) + ": " + m.move);
    draw();
  });
  DH.on("hand", function (m) {
    log("hand " + m.number + " over: " + m.seats.join(" / ") + (m.tricks ? " (tricks " + m.tricks.join(" / ") + ")" : ""));
  });
  DH.on("refused", function (m) {
    if (m.code === "stale_move") return;   // a repeat of a move made: nothing to say
    lastSent = 0;   // nothing was made: the next click is a move of its own
    $("message").textContent = "refused: " + m.message + " (" + m.code + ")";
    $("message").dataset.code = m.code;
  });
  DH.on("error", function (m) {
    if (m.code === "unknown_match") { localStorage.removeItem("deckhand.token"); showTable(false); return; }
    var target = match ? $("message") : $("play-error");
    target.textContent = m.message + " (" + m.code + ")";
    // a bot that forfeits (over its time limit, an error) ends the match
    if (match && m.code === "match_failed") { match.state = "failed"; match.your_turn = false; draw(); }
  });
  function showOver(result, record) {
    match.state = "over";
    var o = $("over");
    o.classList.remove("hidden");
    o.innerHTML = "";
    var winners = (result.winners || []).map(seatName).join(", ");
    o.appendChild(el("div", "Game over: " + result.seats.join(" / ") + " " + result.unit + " per seat; won by " + winners));
    if (record) {
      var b = el("button", "Replay this match"); b.type = "button"; b.id = "replay-match";
      b.addEventListener("click", function () { DH.replayFile(record); });
      o.appendChild(b);
    }
    var again = el("button", "New match"); again.type = "button"; again.id = "new-match";
    again.addEventListener("click", function () { leave(); });
    o.appendChild(again);
    draw();
  }
  DH.on("over", function (m) { showOver(m.result, m.record); });
  DH.on("left", function () { match = null; localStorage.removeItem("deckhand.token"); showTable(false); });

  function leave() {
    if (match && match.state === "playing") DH.send({ type: "leave" });
    else { match = null; localStorage.removeItem("deckhand.token"); showTable(false); }
  }

  // a reload resumes the match
  DH.onOpen.push(function () {
    var token = localStorage.getItem("deckhand.token");
    if (token) DH.send({ type: "resume", token: token });
  });

  document.addEventListener("DOMContentLoaded", function () {
    $("play-setup").addEventListener("submit", start);
    $("play-game").addEventListener("change", function () { optionInputs($("play-game").value); refreshSeats(); });
    $("play-seat").addEventListener("change", drawBots);
    $("play-leave").addEventListener("click", leave);
    $("last-trick-btn").addEventListener("click", function () { $("last-trick").classList.toggle("hidden"); });
    // keyboard play: a card by its name, a call by its text, then Enter
    $("type-move").addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" || !match) return;
      var text = DH.typedMove(match.table, ev.target.value);
      if (text) send(text, match.step);
      ev.target.value = "";
    });
    Promise.all([DH.api("GET", "/api/games"), DH.api("GET", "/api/strategies")]).then(function (r) {
      strategies = r[1];
      var sel = $("play-game");
      r[0].forEach(function (g) {
        if (g.error) return;
        games[g.name] = g;
        var o = el("option", g.name); o.value = g.name; sel.appendChild(o);
      });
      sel.value = games.spades ? "spades" : sel.options[0].value;
      optionInputs(sel.value);
      refreshSeats();
      DH.gamesLoaded(r[0], strategies);
    }).catch(function (e) { $("play-error").textContent = e.message; });
  });
})();
