// app.js: the tabs, the WebSocket to the server, small helpers.
"use strict";
var DH = window.DH;

DH.$ = function (id) { return document.getElementById(id); };
DH.el = function (tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
};

// the page's token, written in its meta tag by the server: sent with every
// call that changes something and when the WebSocket opens (docs/web.md)
DH.token = function () {
  var m = document.querySelector('meta[name="deckhand-token"]');
  return m ? m.getAttribute("content") : "";
};

DH.api = function (method, path, body) {
  var init = { method: method, headers: {} };
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers["content-type"] = "application/json"; }
  if (method !== "GET") init.headers["x-deckhand-token"] = DH.token();
  return fetch(path, init).then(function (r) {
    return r.json().then(function (v) {
      if (!r.ok) throw new Error(v && v.error ? v.error : ("HTTP " + r.status));
      return v;
    });
  });
};

// tabs
DH.show = function (tab) {
  ["play", "watch", "replay"].forEach(function (t) {
    DH.$("page-" + t).classList.toggle("hidden", t !== tab);
    DH.$("tab-" + t).classList.toggle("active", t === tab);
  });
  if (DH.onTab && DH.onTab[tab]) DH.onTab[tab]();
};
DH.onTab = {};

// the WebSocket: handlers by message type, reconnects after a drop
DH.handlers = {};
DH.onOpen = [];
DH.send = function (msg) {
  if (DH.ws && DH.ws.readyState === 1) { DH.ws.send(JSON.stringify(msg)); return true; }
  return false;
};
DH.connect = function () {
  var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token=" +
                         encodeURIComponent(DH.token()));
  DH.ws = ws;
  var opened = false;
  ws.onopen = function () {
    opened = true;
    DH.$("conn").textContent = "connected";
    DH.onOpen.forEach(function (f) { f(); });
  };
  ws.onmessage = function (e) {
    var msg;
    try { msg = JSON.parse(e.data); } catch (err) { return; }
    (DH.handlers[msg.type] || []).forEach(function (f) { f(msg); });
  };
  ws.onclose = function () {
    DH.$("conn").textContent = "disconnected: reconnecting…";
    if (opened) { setTimeout(DH.connect, 1000); return; }
    // refused before it opened while the server answers: this page's token
    // is one the server no longer knows (it restarted); a reload brings a
    // fresh one (at most one reload every 10 s)
    fetch("/static/app.js", { method: "HEAD" }).then(function (r) {
      var last = Number(sessionStorage.getItem("deckhand.reloaded") || 0);
      if (r.ok && Date.now() - last > 10000) {
        sessionStorage.setItem("deckhand.reloaded", String(Date.now()));
        location.reload();
      } else setTimeout(DH.connect, 1000);
    }).catch(function () { setTimeout(DH.connect, 1000); });
  };
};
DH.on = function (type, f) { (DH.handlers[type] = DH.handlers[type] || []).push(f); };

document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("nav .tab").forEach(function (b) {
    b.addEventListener("click", function () { DH.show(b.dataset.tab); });
  });
  DH.show(location.hash.replace("#", "") || "play");
  DH.connect();
});
