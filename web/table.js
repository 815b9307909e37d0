// table.js: draws any game's table from the description the server sends
// (deckhand/table.lua): the seats round the table with their face-up
// cards and notes, the trick, the piles, the status line, the seat's hand
// and its moves (cards to click in a named hand, calls as buttons, long
// runs of calls as a list, sizes as a field).  No code for a particular game.
"use strict";
(function () {
  var DH = window.DH, $ = DH.$, el = DH.el;

  // seat s's name for this page: "you", a compass point, "seat 3"
  function nameOf(t, s, names) {
    var p = t.players[s - 1] || {};
    var base = p.name || "seat " + s;
    if (s === t.seat) return "you" + (p.name ? " (" + p.name + ")" : "");
    return base + (names && names[s - 1] ? " (" + names[s - 1] + ")" : "");
  }
  DH.tableName = nameOf;

  // the other seats in playing order from the seat's left, the one across
  // the table (of an even number) in the middle of the row
  function seatOrder(t) {
    var out = [];
    for (var k = 1; k < t.seats; k++) out.push((t.seat - 1 + k) % t.seats + 1);
    return out;
  }

  function cardsRow(list, opts) {
    var row = el("div", null, "cards");
    (list || []).forEach(function (c) { row.appendChild(DH.cardEl(c, opts)); });
    return row;
  }

  // a pile: its name, its visible cards, backs for the rest (a few)
  function pileEl(p) {
    var box = el("div", null, "pile");
    box.dataset.pile = p.name;
    var shown = (p.cards || []).length;
    box.appendChild(el("div", p.name + (p.count !== undefined && p.count !== null ? " " + p.count : "")
      + (p.note ? " (" + p.note + ")" : ""), "pile-name"));
    var row = cardsRow(p.cards);
    var backs = Math.min(Math.max((p.count || 0) - shown, 0), shown > 0 ? 1 : 3);
    if (p.slots) backs = Math.max(p.slots - shown, 0);
    for (var i = 0; i < backs; i++) row.appendChild(DH.backEl());
    box.appendChild(row);
    return box;
  }

  // the cards of a hand the seat plays from: legal ones raised, the others
  // dimmed; a click makes the card's move (several: the page asks which),
  // or picks it for a move of several cards
  function playable(row, list, t, ctx) {
    var mv = t.moves, yourTurn = ctx.yourTurn;
    var byCard = mv.cards || {}, any = Object.keys(byCard).length > 0;
    list.forEach(function (c) {
      var e = DH.cardEl(c);
      if (yourTurn && mv.select) {   // picked, then sent by the button (a card of a single move too)
        e.classList.add("legal");
        e.classList.toggle("selected", !!ctx.selected[c]);
        e.addEventListener("click", function () { ctx.selected[c] = !ctx.selected[c]; e.classList.toggle("selected"); });
      } else {
        if (any) e.classList.add(yourTurn && byCard[c] ? "legal" : "dim");
        e.addEventListener("click", function () {
          var moves = byCard[c];
          if (moves && moves.length > 1) {
            var box = $("moves"); box.innerHTML = "";
            moves.forEach(function (m) { box.appendChild(ctx.button(m)); });
          } else ctx.send(moves ? moves[0] : c);   // an illegal card goes too: the engine says why
        });
      }
      row.appendChild(e);
    });
  }

  function seatEl(t, s, ctx) {
    var p = t.players[s - 1];
    var d = el("div", null, "seat");
    d.dataset.seat = s;
    if (s === t.seat) d.classList.add("me");
    if (t.turn === s) d.classList.add("turn");
    if (p.out) d.classList.add("out");
    d.appendChild(el("b", nameOf(t, s, ctx.names) + (p.label ? " · " + p.label : "")));
    var lines = [];
    if (p.side) lines.push("side " + p.side);
    if (p.count !== undefined && p.count !== null) lines.push(p.count + (p.count === 1 ? " card" : " cards"));
    d.appendChild(el("div", lines.concat(p.notes || []).join(" · "), "kv"));
    if ((p.cards || []).length) {
      var row = el("div", null, "cards");
      if (s !== t.seat && t.moves.hand === s) {   // the seat plays these (Bridge's dummy)
        row.classList.add("hand", "play-from");
        playable(row, p.cards, t, ctx);
      } else p.cards.forEach(function (c) { row.appendChild(DH.cardEl(c)); });
      d.appendChild(row);
    }
    (p.groups || []).forEach(function (g) {
      var box = el("div", null, "group");
      box.appendChild(el("div", g.label, "group-name"));
      box.appendChild(cardsRow(g.cards));
      d.appendChild(box);
    });
    return d;
  }

  function drawSeats(t, ctx) {
    var box = $("seats");
    box.innerHTML = "";
    var order = seatOrder(t);
    order.forEach(function (s) { box.appendChild(seatEl(t, s, ctx)); });
    var me = $("me-seat");   // the seat's own box, by its hand
    me.innerHTML = "";
    me.appendChild(seatEl(t, t.seat, ctx));
  }

  function drawCentre(t, ctx) {
    var trick = $("trick"), board = $("board");
    trick.innerHTML = ""; board.innerHTML = "";
    var who = function (s) { return s === t.seat ? "you" : (t.players[s - 1].name || "seat " + s); };
    if (t.trick && t.trick.length) {
      t.trick.forEach(function (p) { trick.appendChild(DH.cardEl(p.card, { who: who(p.seat) })); });
    } else if (t.last_trick && t.last_trick.plays && t.phase === "play") {
      t.last_trick.plays.forEach(function (p) {   // the trick just taken, until the next card
        var e = DH.cardEl(p.card, { who: who(p.seat) });
        e.classList.add("faded", "trick-card");
        if (p.seat === t.last_trick.winner) e.classList.add("winner");
        trick.appendChild(e);
      });
    }
    (t.piles || []).forEach(function (p) { board.appendChild(pileEl(p)); });
    var last = $("last-trick");
    last.innerHTML = "";
    if (t.last_trick && t.last_trick.plays) {
      last.appendChild(el("div", "last trick, taken by " + nameOf(t, t.last_trick.winner, ctx.names)));
      var row = el("div", null, "cards");
      t.last_trick.plays.forEach(function (p) { row.appendChild(DH.cardEl(p.card, { who: who(p.seat) })); });
      last.appendChild(row);
    } else last.appendChild(el("div", "no trick taken yet this hand"));
  }

  function drawStatus(t, ctx) {
    var box = $("scores");
    box.innerHTML = "";
    var head = [];
    if (t.hand_number) head.push("hand " + t.hand_number);
    if (t.phase) head.push(t.phase);
    if (t.scores) {
      var s = t.scores.values.map(function (x, i) {
        return (t.scores.by === "side" ? "side " + (i + 1) : nameOf(t, i + 1, null)) + ": " + x;
      });
      head.push("scores " + s.join(", "));
    }
    box.appendChild(el("div", head.join(" · ")));
    (t.status || []).forEach(function (line) { box.appendChild(el("div", line, "status-line")); });
    if (t.facts && t.facts.length) box.appendChild(el("div", t.facts.join(" · "), "kv facts"));
  }

  function drawMoves(t, ctx) {
    var box = $("moves"), mv = t.moves;
    box.innerHTML = "";
    if (!ctx.yourTurn) return;
    if (mv.select) {
      var sel = mv.select, counts = sel.counts;
      var singles = Object.keys(mv.cards || {}).length > 0;
      // "pass the 3 selected cards"; sets of several sizes, or cards alone
      // besides (a climbing game's 7h, 7c 7d): "play the selected cards"
      var label = counts.length === 1 && !singles
        ? (sel.word || "play") + " the " + counts[0] + " selected cards"
        : (sel.word || "play") + " the selected cards";
      var b = el("button", label, "move-btn");
      b.type = "button"; b.id = "pass-btn";
      b.dataset.moves = sel.moves.join("|");   // the moves the pick can make (for tools and tests)
      b.addEventListener("click", function () {
        var picked = Object.keys(ctx.selected).filter(function (c) { return ctx.selected[c]; });
        var one = picked.length === 1 && (mv.cards || {})[picked[0]];
        if (one && one.length === 1) { ctx.send(one[0]); return; }
        // the game's own text for these cards, else the cards in the order picked
        var found = selectMove(sel, picked.join(" "));
        ctx.send(found || (sel.word ? sel.word + " " : "") + picked.join(" "));
      });
      box.appendChild(b);
    }
    (mv.buttons || []).forEach(function (m) { box.appendChild(ctx.button(m)); });
    (mv.choices || []).forEach(function (c, i) {
      var sel = el("select"); sel.id = "choice-" + i; sel.className = "choice";
      c.moves.forEach(function (m) { var o = el("option", m); o.value = m; sel.appendChild(o); });
      var go = el("button", c.label || "call", "move-btn choice-btn"); go.type = "button";
      go.addEventListener("click", function () { ctx.send(sel.value); });
      box.appendChild(sel); box.appendChild(go);
    });
    (mv.amounts || []).forEach(function (a) {
      var amount = el("input"); amount.type = "number"; amount.id = "amount"; amount.className = "amount";
      amount.min = a.min; amount.max = a.max; amount.value = a.min;
      var go = el("button", a.action + " …", "move-btn"); go.type = "button"; go.id = "amount-btn";
      go.addEventListener("click", function () { ctx.send(a.action + " " + amount.value); });
      box.appendChild(el("span", " " + a.action + " " + a.min + "-" + a.max + ": "));
      box.appendChild(amount); box.appendChild(go);
    });
  }

  // the move of a pick whose cards are these (names in any order and case;
  // the pick's word, if it has one, left out), or null
  function selectMove(sel, cards) {
    var key = cards.toLowerCase().split(/\s+/).sort().join(" "), found = null;
    sel.moves.forEach(function (m) {
      if (!found && m.toLowerCase().split(" ").slice(sel.word ? 1 : 0).sort().join(" ") === key) found = m;
    });
    return found;
  }

  // every move of the table as texts, for the keyboard
  function allMoves(mv) {
    var out = [];
    Object.keys(mv.cards || {}).forEach(function (c) { out = out.concat(mv.cards[c]); });
    out = out.concat(mv.buttons || []);
    (mv.choices || []).forEach(function (c) { out = out.concat(c.moves); });
    if (mv.select) out = out.concat(mv.select.moves);
    return out;
  }

  // a line typed: a move's text (any case), a card's name (its one move),
  // or, for a move of several cards, the cards; else sent as typed (the
  // engine says why it is refused)
  DH.typedMove = function (t, line) {
    var text = line.trim(), low = text.toLowerCase(), mv = t.moves;
    if (!text) return null;
    var found = null;
    allMoves(mv).forEach(function (m) { if (!found && m.toLowerCase() === low) found = m; });
    if (found) return found;
    var card = DH.parseCard(text);
    if (card) {
      var name = (card.rank === "10" ? "T" : card.rank) + card.suit + card.copy;
      if (mv.cards && mv.cards[name] && mv.cards[name].length === 1) return mv.cards[name][0];
      return name;
    }
    if (mv.select) {
      found = selectMove(mv.select, low);
      if (found) return found;
    }
    return text;
  };

  // draws the whole table.  ctx: names (by seat), yourTurn, selected (the
  // cards picked), send(text), button(text) -> a button making the move
  DH.drawTable = function (t, ctx) {
    drawStatus(t, ctx); drawSeats(t, ctx); drawCentre(t, ctx);
    var hand = $("hand");
    hand.innerHTML = "";
    if (t.moves.hand === t.seat || !t.moves.hand) playable(hand, t.hand || [], t, ctx);
    else (t.hand || []).forEach(function (c) { var e = DH.cardEl(c); e.classList.add("dim"); hand.appendChild(e); });
    drawMoves(t, ctx);
  };
})();
