// Shared by the Crapette and Up-and-down pages: the JSON API client, the game kept in the
// address (#g=ID&t=SEAT.TOKEN,...), the computer's moves played out one by one at the pace
// chosen, the log and the screen-reader announcements, card faces.
"use strict";

const Table = (() => {
  const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const PACE = { slow: 1500, normal: 800, fast: 350, fastest: 40 };

  async function api(path, body) {
    let r;
    try {
      r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                              body: JSON.stringify(body || {}) });
    } catch (e) {
      throw new Error("the server cannot be reached");
    }
    let data;
    try { data = await r.json(); } catch (e) { data = { error: `the server answered ${r.status}` }; }
    if (!r.ok) {
      const err = new Error(data.error || `the server answered ${r.status}`);
      err.status = r.status;
      throw err;
    }
    return data;
  }

  function saveAddress(game, tokens) {
    const t = Object.entries(tokens).map(([s, tok]) => `${s}.${tok}`).join(",");
    history.replaceState(null, "", `#g=${encodeURIComponent(game)}&t=${t}`);
  }

  function readAddress() {
    const h = new URLSearchParams(location.hash.slice(1));
    const game = h.get("g"), t = h.get("t");
    if (!game || !t) return null;
    const tokens = {};
    for (const part of t.split(",")) {
      const i = part.indexOf(".");
      if (i > 0) tokens[part.slice(0, i)] = part.slice(i + 1);
    }
    return Object.keys(tokens).length ? { game, tokens } : null;
  }

  function pace() {
    const el = document.getElementById("pace");
    return PACE[el && el.value] ?? PACE.normal;
  }

  const sleep = ms => new Promise(res => setTimeout(res, ms));

  function announce(text) {
    const el = document.getElementById("live");
    el.textContent = text;
  }

  function log(text, cls) {
    const ol = document.getElementById("log");
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    ol.appendChild(li);
    while (ol.children.length > 300) ol.removeChild(ol.firstChild);
    ol.scrollTop = ol.scrollHeight;
  }

  function clearLog() { document.getElementById("log").textContent = ""; }

  // A card face: rank text ("10", "K"), suit letter S H D C.
  function face(rank, suit) {
    const el = document.createElement("div");
    const red = suit === "H" || suit === "D";
    el.className = "card" + (red ? " red" : "");
    el.innerHTML = `<div class="corner">${rank}<span>${SUIT[suit]}</span></div><div class="pip">${SUIT[suit]}</div>`;
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  function back() {
    const el = document.createElement("div");
    el.className = "card back";
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  function slot() {
    const el = document.createElement("div");
    el.className = "slot";
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  function suitWord(s) { return { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[s]; }
  function rankWord(r) { return { A: "ace", J: "jack", Q: "queen", K: "king" }[r] || r; }

  function showError(e) {
    const el = document.getElementById("status");
    el.textContent = e.message;
    announce(e.message);
  }

  return { api, saveAddress, readAddress, pace, sleep, announce, log, clearLog, face, back, slot,
           suitWord, rankWord, showError, SUIT };
})();
