// play.js: a match against the bots.  Everything drawn comes from the
// seat's own view (view:data() of the server), the moves it may make and
// the public texts of the others' moves.
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

  // the moves of the view, by the card they play ("8h call s" plays 8h);
  // a word and one card ("discard 9c") is made by a click on the card too
  function movesByCard(moves) {
    var by = {}, other = [], pass = false;
    moves.forEach(function (m) {
      var words = m.split(" "), first = words[0];
      if (first === "pass" && m.length > 4) { pass = true; return; }
      if (words.length === 2 && !DH.parseCard(first) && DH.parseCard(words[1])) {
        (by[words[1]] = by[words[1]] || []).push(m);
        other.push(m);
        return;
      }
      if (DH.parseCard(first)) (by[first] = by[first] || []).push(m);
      else other.push(m);
    });
    return { by: by, other: other, pass: pass };
  }

  function moveButton(text, label) {
    var b = el("button", label || text, "move-btn"), step = match.step;
    b.type = "button"; b.dataset.move = text;
    b.addEventListener("click", function () { send(text, step); });
    return b;
  }

  function drawHand(cards, view, mine) {
    var hand = $("hand");
    hand.innerHTML = "";
    var yourTurn = match.your_turn, step = match.step;
    var cardMoves = Object.keys(mine.by).length > 0;   // none: a bid, a bet: the cards are only shown
    cards.forEach(function (c) {
      var e = DH.cardEl(c);
      var legal = yourTurn && !!mine.by[c];
      if (cardMoves) e.classList.add(legal ? "legal" : "dim");
      if (mine.pass && yourTurn) {
        e.classList.toggle("selected", !!selected[c]);
        e.classList.remove("dim"); e.classList.add("legal");
        e.addEventListener("click", function () { selected[c] = !selected[c]; e.classList.toggle("selected"); });
      } else {
        e.addEventListener("click", function () {
          var list = mine.by[c];
          if (list && list.length > 1) {   // one card, several moves: say which
            var box = $("moves"); box.innerHTML = "";
            list.forEach(function (m) { box.appendChild(moveButton(m)); });
          } else send(list ? list[0] : c, step);   // an illegal card goes too: the engine says why
        });
      }
      hand.appendChild(e);
    });
  }

  function drawMoves(view, mine) {
    var box = $("moves"), step = match.step;
    box.innerHTML = "";
    if (!match.your_turn) return;
    if (mine.pass) {
      var b = el("button", "Pass the selected cards", "move-btn");
      b.type = "button"; b.id = "pass-btn";
      b.addEventListener("click", function () {
        var cards = Object.keys(selected).filter(function (c) { return selected[c]; });
        send("pass " + cards.join(" "), step);
      });
      box.appendChild(b);
    }
    var legal = view.legal || [];
    mine.other.forEach(function (m) {
      if (/^(bet|raise) /.test(m)) return;   // Hold'em sizes: below, with the amount
      var label = m;
      legal.forEach(function (l) { if (l.action === m && l.amount) label = m + " " + l.amount; });
      box.appendChild(moveButton(m, label));
    });
    legal.forEach(function (l) {
      if (l.action !== "bet" && l.action !== "raise") return;
      mine.other.forEach(function (m) {
        if (m.indexOf(l.action + " ") === 0) box.appendChild(moveButton(m));
      });
      var amount = el("input"); amount.type = "number"; amount.id = "amount";
      amount.min = l.min; amount.max = l.max; amount.value = l.min;
      var go = el("button", l.action + " …", "move-btn"); go.type = "button"; go.id = "amount-btn";
      go.addEventListener("click", function () { send(l.action + " " + amount.value, step); });
      box.appendChild(el("span", " " + l.action + " " + l.min + "-" + l.max + ": "));
      box.appendChild(amount); box.appendChild(go);
    });
  }

  function drawSeats(view) {
    var box = $("seats");
    box.innerHTML = "";
    for (var s = 1; s <= match.seats; s++) {
      var d = el("div", null, "seat");
      if (s === match.seat) d.classList.add("me");
      if (match.turn === s) d.classList.add("turn");
      d.appendChild(el("b", seatName(s)));
      var lines = [];
      // sides only when there are partners; bids only in a game that bids
      if (view.sides && Math.max.apply(null, view.sides) < match.seats) lines.push("side " + view.sides[s - 1]);
      if (view.counts) lines.push(view.counts[s - 1] + " cards");
      if (view.bids && (view.phase === "bid" || view.bids.some(function (b) { return b !== false; }))) {
        var b = view.bids[s - 1];
        lines.push("bid " + (b === false ? "–" : b === 0 ? "nil" : b));
      }
      if (view.tricks) lines.push("took " + view.tricks[s - 1]);
      if (view.stacks) lines.push("stack " + view.stacks[s - 1] + (view.bets ? ", bet " + (view.bets[s - 1] || 0) : ""));
      if (view.folded && view.folded[s - 1]) lines.push("folded");
      if (view.button === s) lines.push("button");
      if (view.dealer === s) lines.push("dealer");
      d.appendChild(el("div", lines.join(" · "), "kv"));
      box.appendChild(d);
    }
  }

  function drawCentre(view) {
    var trick = $("trick"), board = $("board");
    trick.innerHTML = ""; board.innerHTML = "";
    if (view.trick) {
      var cards = view.trick.cards || [];
      if (cards.length > 0) {
        cards.forEach(function (c, i) { trick.appendChild(DH.cardEl(c, { who: shortName(view.trick.seats[i]) })); });
      } else if (view.last_trick && view.phase === "play") {   // the trick just taken, until the next card
        var lt = view.last_trick;
        lt.cards.forEach(function (c, i) {
          var e = DH.cardEl(c, { who: shortName(lt.seats[i]) });
          e.classList.add("faded", "trick-card");
          if (lt.seats[i] === lt.winner) e.classList.add("winner");
          trick.appendChild(e);
        });
      }
    }
    if (view.board) {
      view.board.forEach(function (c) { board.appendChild(DH.cardEl(c)); });
      for (var k = view.board.length; k < 5; k++) board.appendChild(DH.backEl());
    }
    if (view.pile) {   // a discard pile: its top card
      var top = view.pile[view.pile.length - 1];
      if (top) board.appendChild(DH.cardEl(top, { who: "pile" }));
    }
    var info = [];
    if (view.trump && view.trump !== "none") info.push("trump " + (DH.SUITS[view.trump] || view.trump));
    // the turned card: on the table while it may be ordered up, then a
    // word (once the dealer has picked it up it is in the dealer's hand)
    var own = DH.cardList(view.hand) || [];
    if (view.upcard && view.phase === "order" && DH.parseCard(view.upcard)) {
      board.appendChild(DH.cardEl(view.upcard, { who: "turned" }));
    } else if (view.upcard && own.indexOf(view.upcard) < 0 && view.phase !== "play") {
      info.push("turned " + view.upcard);
    }
    if (view.pot !== undefined) info.push("pot " + view.pot);
    if (view.suit && view.pile) info.push("suit to follow " + (DH.SUITS[view.suit] || view.suit));
    if (view.stock !== undefined && typeof view.stock === "number") info.push("stock " + view.stock);
    board.appendChild(el("div", info.join(" · "), "kv"));
    var last = $("last-trick");
    last.innerHTML = "";
    if (view.last_trick) {
      last.appendChild(el("div", "last trick, taken by " + seatName(view.last_trick.winner)));
      var row = el("div", null, "cards");
      view.last_trick.cards.forEach(function (c, i) { row.appendChild(DH.cardEl(c, { who: shortName(view.last_trick.seats[i]) })); });
      last.appendChild(row);
    } else last.appendChild(el("div", "no trick taken yet this hand"));
  }

  function drawScores(view) {
    var s = [];
    if (view.scores) {
      if (view.sides && Math.max.apply(null, view.sides) < match.seats) {
        view.scores.forEach(function (x, i) { s.push("side " + (i + 1) + ": " + x); });
      } else view.scores.forEach(function (x, i) { s.push(seatName(i + 1) + ": " + x); });
    }
    var hand = view.hand_number ? "hand " + view.hand_number + " · " : "";
    $("scores").textContent = hand + (view.phase ? view.phase + " · " : "") + (s.length ? "scores " + s.join(", ") : "");
  }

  function draw() {
    var view = match.view;
    var cards = DH.cardList(view.hand) || DH.cardList(view.hole) || [];
    var mine = movesByCard(view.moves || []);
    if (!mine.pass) selected = {};
    drawScores(view); drawSeats(view); drawCentre(view); drawHand(cards, view, mine); drawMoves(view, mine);
    var st = match.state !== "playing" ? "match " + match.state
           : match.your_turn ? "your turn" : match.turn ? "waiting for " + seatName(match.turn) : "";
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
    match.view = m.view; match.turn = m.turn; match.your_turn = m.your_turn; match.step = m.step;
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
