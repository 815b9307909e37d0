// cards.js: cards drawn as cards (rank, suit symbol, suit colour).
"use strict";
var DH = window.DH || {};
window.DH = DH;

DH.SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// "Td" -> { rank: "10", suit: "d", name: "Td" }, or null for a text that is no card
DH.parseCard = function (text) {
  if (typeof text !== "string") return null;
  var m = /^(10|[2-9TJQKA])([cdhs])(#\d+)?$/i.exec(text.trim());
  if (!m) {
    if (/^(BJ|RJ|LJ|SJ)$/i.test(text)) return { rank: "J", suit: null, joker: true, name: text };
    return null;
  }
  var r = m[1].toUpperCase();
  return { rank: r === "T" ? "10" : r, suit: m[2].toLowerCase(), name: text, copy: m[3] || "" };
};

// a card element; opts.who labels the seat that played it
DH.cardEl = function (text, opts) {
  opts = opts || {};
  var el = document.createElement("div");
  el.className = "card";
  var c = DH.parseCard(text);
  el.dataset.card = text;
  if (!c) { el.textContent = text; return el; }
  if (c.joker) { el.textContent = "★"; el.classList.add("red"); }
  else {
    if (c.suit === "h" || c.suit === "d") el.classList.add("red");
    var r = document.createElement("span"); r.textContent = c.rank + c.copy;
    var s = document.createElement("span"); s.className = "suit"; s.textContent = DH.SUITS[c.suit];
    el.appendChild(r); el.appendChild(s);
  }
  el.title = text;
  if (opts.who) {
    var w = document.createElement("span"); w.className = "who"; w.textContent = opts.who;
    el.appendChild(w);
  }
  return el;
};

DH.backEl = function () {
  var el = document.createElement("div");
  el.className = "card back";
  return el;
};

// a list of card names (an array, or names separated by spaces) drawn into el
DH.drawCards = function (el, list, opts) {
  el.innerHTML = "";
  if (typeof list === "string") list = list.split(/\s+/).filter(Boolean);
  (list || []).forEach(function (t) { el.appendChild(DH.cardEl(t, opts)); });
  return el;
};

// names of a value that holds cards: an array of names or a string of them
DH.cardList = function (v) {
  if (Array.isArray(v)) return v.every(function (x) { return DH.parseCard(x); }) ? v : null;
  if (typeof v === "string") {
    var parts = v.split(/\s+/).filter(Boolean);
    return parts.length && parts.every(function (x) { return DH.parseCard(x); }) ? parts : null;
  }
  return null;
};
