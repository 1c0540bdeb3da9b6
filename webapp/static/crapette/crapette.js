// The Crapette page: draws the view the server sends for the seat that asked (face-up cards,
// counts of face-down ones), moves by click, drag or keyboard, plays out the computer's
// moves one by one, keeps the match in the address.  The server checks every move.
"use strict";

const T = Table;
const S = { game: null, tokens: {}, view: null, match: null, selected: null, busy: false, hint: null };
const $ = id => document.getElementById(id);

// ---- names ----------------------------------------------------------------------------
function rankOf(code) { return code[0] === "T" ? "10" : code[0]; }
function cardName(code) {
  return code ? `${T.rankWord(rankOf(code))} of ${T.suitWord(code[1])}` : "no card";
}
function cardShort(code) { return code ? rankOf(code) + T.SUIT[code[1]] : ""; }
function humans() { return Object.keys(S.tokens).map(Number); }
function vsComputer() { return humans().length === 1; }
function seatName(p) {
  if (vsComputer()) return p === 0 ? "You" : "The computer";
  return `Player ${p + 1}`;
}
function owner(p) {
  if (vsComputer()) return p === 0 ? "your" : "the computer's";
  return `player ${p + 1}'s`;
}
function pileLabel(name) {
  const n = name.slice(1);
  if (name[0] === "w") return `work space ${n}`;
  if (name[0] === "h") return `home pile ${n}`;
  const word = { f: "first", s: "second", t: "third" }[name[0]];
  return `${owner(Number(n))} ${word} pile`;
}
function tokenFor(seat) { return S.tokens[seat] ?? S.tokens[humans()[0]]; }
function asker() { return S.view && S.tokens[S.view.to_move] ? S.view.to_move : humans()[0]; }
function myTurn() {
  const v = S.view;
  return v && !v.result && !v.computer_to_move && S.tokens[v.to_move] !== undefined && v.legal !== undefined;
}
function targetsOf(src) { return (S.view.legal || []).filter(m => m.from === src).map(m => m.to); }
function sources() { return new Set((S.view.legal || []).map(m => m.from)); }

// ---- drawing --------------------------------------------------------------------------
function cardEl(code) {
  const el = T.face(rankOf(code), code[1]);
  el.dataset.card = code;
  return el;
}

function pileEl(name, cards, opts = {}) {
  const el = document.createElement("div");
  el.className = "pile " + (opts.cls || "");
  el.dataset.pile = name;
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  if (!cards.length && !opts.hidden) el.appendChild(T.slot());
  for (const c of cards) el.appendChild(c ? cardEl(c) : T.back());
  if (opts.count !== undefined) {
    const b = document.createElement("span");
    b.className = "badge";
    b.textContent = opts.count;
    b.setAttribute("aria-hidden", "true");
    el.appendChild(b);
  }
  let label = pileLabel(name);
  const top = cards.length ? cards[cards.length - 1] : null;
  label += opts.count !== undefined ? `, ${opts.count} cards` : `, ${cards.length} cards`;
  if (top) label += `, top ${cardName(top)}`;
  el.setAttribute("aria-label", label);
  return el;
}

function playerEl(p) {
  const v = S.view, side = v.piles[p];
  const box = document.createElement("div");
  box.className = "row" + (v.to_move === p && !v.result ? " to-move" : "");
  const title = document.createElement("div");
  title.className = "who";
  title.textContent = v.seats[p].name + (v.to_move === p && !v.result ? " — to move" : "");
  box.appendChild(title);
  const piles = document.createElement("div");
  piles.className = "own";
  const first = side.first.count ? [...Array(Math.min(side.first.count - 1, 2)).fill(null), side.first.top] : [];
  const second = side.second.count ? [...Array(Math.min(side.second.count - 1, 2)).fill(null), side.second.top] : [];
  piles.appendChild(labelled("First", pileEl(`f${p}`, first, { count: side.first.count, cls: "stack" })));
  piles.appendChild(labelled("Second", pileEl(`s${p}`, second, { count: side.second.count, cls: "stack" })));
  const third = pileEl(`t${p}`, side.third, { cls: "fan third" });
  piles.appendChild(labelled(`Third (${side.third.length})`, third, "grow"));
  box.appendChild(piles);
  if (side.third.length) {
    const d = document.createElement("details");
    d.className = "list";
    d.innerHTML = `<summary>All ${side.third.length} cards of the third pile</summary>`;
    const p2 = document.createElement("p");
    p2.textContent = side.third.map(cardShort).join(" ") + " (top last)";
    d.appendChild(p2);
    box.appendChild(d);
  }
  return box;
}

function labelled(text, el, cls) {
  const w = document.createElement("div");
  w.className = "labelled " + (cls || "");
  const l = document.createElement("div");
  l.className = "plabel";
  l.textContent = text;
  l.setAttribute("aria-hidden", "true");
  w.append(l, el);
  return w;
}

function render() {
  const v = S.view;
  if (!v) return;
  window.drezView = v;
  document.body.dataset.busy = S.busy ? "1" : "0";
  if (v.match) S.match = v.match;
  $("side0").replaceChildren(playerEl(0));
  $("side1").replaceChildren(playerEl(1));
  $("homes").replaceChildren(...v.homes.map((h, i) => pileEl(`h${i + 1}`, h.length ? [h[h.length - 1]] : [],
                                                             { cls: "home" })));
  $("works-left").replaceChildren(...[0, 1, 2, 3].map(i => pileEl(`w${i + 1}`, v.work[i], { cls: "fan work rev" })));
  $("works-right").replaceChildren(...[4, 5, 6, 7].map(i => pileEl(`w${i + 1}`, v.work[i], { cls: "fan work" })));
  const mine = myTurn() && !S.busy;
  const src = mine ? sources() : new Set();
  const targets = new Set(S.selected ? targetsOf(S.selected) : []);
  for (const el of document.querySelectorAll(".pile")) {
    const name = el.dataset.pile;
    el.classList.toggle("source", src.has(name));
    el.classList.toggle("selected", name === S.selected);
    el.classList.toggle("target", targets.has(name));
    el.classList.toggle("hinted", !!S.hint && (S.hint.from === name || S.hint.to === name));
  }
  const end = $("end");
  end.textContent = { switch: "Switch", flip: "Flip", pass: "Pass" }[v.end] || "Switch";
  end.disabled = !mine;
  $("hint").disabled = !mine;
  const stop = $("stop");
  stop.hidden = !(v.stop_by !== null && v.stop_by !== undefined && S.tokens[v.stop_by] && !S.busy);
  if (!stop.hidden) stop.textContent = `Stop! (${seatName(v.stop_by)})`;
  $("status").textContent = statusText();
  renderResult();
  renderMatch();
  layoutFans();
}

function statusText() {
  const v = S.view;
  if (v.result) return "Game over.";
  if (v.computer_to_move) return "The computer is playing…";
  if (S.selected) return `Selected: ${pileLabel(S.selected)} — now pick where it goes.`;
  const who = seatName(v.to_move);
  return who === "You" ? "Your turn." : `${who} to move.`;
}

function renderResult() {
  const v = S.view, box = $("result");
  if (!v.result) { box.replaceChildren(); return; }
  const r = v.result, m = S.match;
  const head = r.winner === null ? "A draw" : `${seatName(r.winner)} ${seatName(r.winner) === "You" ? "win" : "wins"}`;
  const pts = r.points ? ` Points this game: ${seatName(0)} ${r.points[0]}, ${seatName(1)} ${r.points[1]}.` : "";
  box.innerHTML = "";
  const div = document.createElement("div");
  div.className = "result";
  const h = document.createElement("h2");
  h.textContent = `${head}: ${r.reason}.`;
  const p = document.createElement("p");
  p.textContent = `Cards left: ${seatName(0)} ${r.cards_left[0]}, ${seatName(1)} ${r.cards_left[1]}.${pts}`;
  const b = document.createElement("button");
  b.className = "primary";
  if (m && !m.over) {
    b.textContent = `Next game (${m.played.length + 1} of ${m.games})`;
    b.id = "next";
    b.onclick = nextGame;
  } else {
    const lead = m && m.leader !== null ? `${seatName(m.leader)} ${seatName(m.leader) === "You" ? "win" : "wins"} the match` : "The match is level";
    p.textContent += ` ${lead}.`;
    b.textContent = "New match";
    b.id = "again";
    b.onclick = openSetup;
  }
  div.append(h, p, b);
  box.appendChild(div);
}

function short(p) { return seatName(p).replace("The computer", "Computer"); }

function renderMatch() {
  const m = S.match, box = $("match");
  if (!m) { box.replaceChildren(); return; }
  const rows = m.played.map((g, i) => `<tr><td>${i + 1}</td><td>${g.winner === null ? "draw" : short(g.winner)}</td><td>${g.points[0]}</td><td>${g.points[1]}</td></tr>`).join("");
  box.innerHTML = `<h2 class="loghead">Match: game ${Math.min(m.played.length + 1, m.games)} of ${m.games}</h2>
    <table class="scores"><thead><tr><th>Game</th><th>Winner</th><th>${short(0)}</th><th>${short(1)}</th></tr></thead>
    <tbody>${rows}</tbody><tfoot><tr><th colspan="2">Total</th><th>${m.scores[0]}</th><th>${m.scores[1]}</th></tr></tfoot></table>`;
}

// Fanned piles overlap just enough to fit their box.
function layoutFans() {
  for (const pile of document.querySelectorAll(".pile.fan")) {
    const cards = [...pile.querySelectorAll(".card")];
    if (cards.length < 2) { cards.forEach(c => { c.style.marginLeft = c.style.marginRight = ""; }); continue; }
    const cw = cards[0].offsetWidth, avail = pile.clientWidth - 4;
    const step = Math.max(3, Math.min(cw * 0.34, (avail - cw) / (cards.length - 1)));
    const side = pile.classList.contains("rev") ? "marginRight" : "marginLeft";
    cards.forEach((c, i) => { c.style[side] = i ? `${step - cw}px` : "0"; });
  }
}

// ---- moving ---------------------------------------------------------------------------
function describe(step) {
  const m = step.move, who = seatName(step.seat);
  if (m.text === "switch") return `${who}: ${cardName(m.card)} onto ${owner(step.seat)} third pile — turn over.`;
  if (m.text === "flip") return `${who} ${who === "You" ? "turn" : "turns"} the third pile over.`;
  if (m.text === "pass") return `${who} ${who === "You" ? "pass" : "passes"}.`;
  if (m.text === "stop") return `${who} ${who === "You" ? "call" : "calls"} stop: the faulty turn is taken back.`;
  return `${who}: ${cardName(m.card)} from ${pileLabel(m.from)} to ${pileLabel(m.to)}.`;
}

async function send(seat, move) {
  S.busy = true;
  S.selected = null;
  S.hint = null;
  try {
    const data = await T.api(`/api/crapette/${S.game}/act`, { token: tokenFor(seat), move });
    const text = describe(data.played);
    T.log(text, "mine");
    T.announce(text);
    S.view = data.view;
    if (!S.view.result && S.tokens[S.view.to_move] !== undefined && S.view.to_move !== seat) {
      S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(S.view.to_move) })).view;
    }
  } catch (e) {
    T.showError(e);
  }
  S.busy = false;
  render();
  await afterUpdate();
}

async function afterUpdate() {
  if (S.view && S.view.computer_to_move && !S.busy) await runComputer();
  if (S.view && S.view.result) {
    T.announce(`${$("result").textContent}`);
    const b = document.querySelector("#result button");
    if (b) b.focus();
  }
}

async function runComputer() {
  S.busy = true;
  render();
  try {
    for (;;) {
      const data = await T.api(`/api/crapette/${S.game}/computer`, { token: tokenFor(asker()) });
      for (const step of data.steps) {
        S.view = step.view;
        render();
        const to = step.move.to && document.querySelector(`.pile[data-pile="${step.move.to}"] .card:last-of-type`);
        if (to) to.classList.add("moved");
        const text = describe(step);
        T.log(text);
        T.announce(text);
        await T.sleep(T.pace());
      }
      S.view = data.view;
      if (!data.more) break;
    }
  } catch (e) {
    T.showError(e);
  }
  S.busy = false;
  if (S.view && !S.view.result && S.tokens[S.view.to_move] !== undefined && S.view.to_move !== asker()) {
    S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(S.view.to_move) })).view;
  }
  render();
  if (myTurn()) T.announce(`${seatName(S.view.to_move) === "You" ? "Your" : seatName(S.view.to_move) + "'s"} turn.`);
}

function pick(name) {
  if (S.busy || !myTurn()) { T.announce(S.busy ? "Wait: the computer is playing." : "It is not your turn."); return; }
  if (S.selected) {
    if (targetsOf(S.selected).includes(name)) { send(S.view.to_move, { from: S.selected, to: name }); return; }
    if (name === S.selected) { S.selected = null; T.announce("Put back."); render(); return; }
  }
  if (sources().has(name)) {
    S.selected = name;
    const n = targetsOf(name).length;
    T.announce(`Picked ${pileLabel(name)}; ${n} place${n === 1 ? "" : "s"} it can go. Choose one and press Enter.`);
  } else {
    if (S.selected) T.announce("It cannot go there.");
    S.selected = null;
  }
  render();
  const el = document.querySelector(`.pile[data-pile="${name}"]`);
  if (el) el.focus();
}

// ---- pointer: click or drag -------------------------------------------------------------
let drag = null, suppressClick = false;
document.addEventListener("pointerdown", e => {
  const pile = e.target.closest && e.target.closest(".pile.source");
  if (!pile || e.button > 0) return;
  drag = { pile: pile.dataset.pile, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId };
  e.preventDefault();   // no text selection and no native drag: either would cancel ours
});
document.addEventListener("dragstart", e => { if (e.target.closest && e.target.closest(".pile")) e.preventDefault(); });
document.addEventListener("pointermove", e => {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 8) {
    const top = document.querySelector(`.pile[data-pile="${drag.pile}"] .card:last-of-type`);
    if (!top) { drag = null; return; }
    S.selected = drag.pile;
    render();
    drag.ghost = top.cloneNode(true);
    drag.ghost.classList.add("ghost");
    document.body.appendChild(drag.ghost);
  }
  if (drag.ghost) {
    e.preventDefault();
    drag.ghost.style.left = `${e.clientX - 20}px`;
    drag.ghost.style.top = `${e.clientY - 20}px`;
  }
});
// The drag this pointer event ends, its ghost removed; null when it was no drag yet.
function endDrag(e) {
  if (!drag || e.pointerId !== drag.id) return null;
  const d = drag;
  drag = null;
  if (!d.ghost) return null;
  d.ghost.remove();
  return d;
}
document.addEventListener("pointerup", e => {
  const d = endDrag(e);
  if (!d) return;
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 50);
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const pile = under && under.closest(".pile");
  if (pile && targetsOf(d.pile).includes(pile.dataset.pile)) send(S.view.to_move, { from: d.pile, to: pile.dataset.pile });
  else { S.selected = null; render(); T.announce("It cannot go there."); }
});
document.addEventListener("pointercancel", e => {
  if (!endDrag(e)) return;
  S.selected = null;
  render();
  T.announce("Put back.");
});
document.addEventListener("click", e => {
  if (suppressClick) return;
  const pile = e.target.closest && e.target.closest(".pile");
  if (pile) pick(pile.dataset.pile);
});
document.addEventListener("keydown", e => {
  const pile = e.target.closest && e.target.closest(".pile");
  if (pile && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pick(pile.dataset.pile); }
  if (e.key === "Escape" && S.selected) { S.selected = null; render(); T.announce("Selection cleared."); }
});
window.addEventListener("resize", layoutFans);

// ---- buttons --------------------------------------------------------------------------
$("end").onclick = () => { if (myTurn() && !S.busy) send(S.view.to_move, S.view.end); };
$("stop").onclick = () => { const v = S.view; if (v.stop_by !== null) send(v.stop_by, "stop"); };
$("hint").onclick = async () => {
  if (!myTurn() || S.busy) return;
  try {
    const h = (await T.api(`/api/crapette/${S.game}/hint`, { token: tokenFor(S.view.to_move) })).hint;
    S.hint = h;
    const text = h.from && h.to && h.text !== "switch"
      ? `Hint: ${cardName(h.card)} from ${pileLabel(h.from)} to ${pileLabel(h.to)}.`
      : `Hint: ${h.text === "switch" ? "switch (end the turn)" : h.text}.`;
    render();
    $("status").textContent = text;
    T.announce(text);
  } catch (e) { T.showError(e); }
};

async function nextGame() {
  try {
    S.view = (await T.api(`/api/crapette/${S.game}/next`, { token: tokenFor(asker()) })).view;
    T.log(`Game ${S.view.match.played.length + 1} of ${S.view.match.games}.`, "note");
    if (S.tokens[S.view.to_move] !== undefined && S.view.to_move !== asker()) {
      S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(S.view.to_move) })).view;
    }
    render();
    await afterUpdate();
  } catch (e) { T.showError(e); }
}

function openSetup() { $("setup").showModal(); }
$("new").onclick = openSetup;
$("cancel").onclick = () => $("setup").close();
$("opponent").onchange = () => {
  const two = $("opponent").value === "human";
  $("stop_rule").disabled = !two;
  if (!two) $("stop_rule").checked = false;
};
$("setup-form").onsubmit = async e => {
  e.preventDefault();
  $("setup").close();
  const body = { opponent: $("opponent").value, stop_rule: $("stop_rule").checked, games: Number($("games").value) };
  try {
    const data = await T.api("/api/crapette/new", body);
    S.game = data.game;
    S.tokens = data.tokens;
    S.view = data.view;
    S.match = data.view.match;
    S.selected = S.hint = null;
    T.saveAddress(S.game, S.tokens);
    T.clearLog();
    T.log(`New match of ${body.games} game${body.games > 1 ? "s" : ""}. ${seatName(S.view.to_move)} ${seatName(S.view.to_move) === "You" ? "start" : "starts"}.`, "note");
    if (S.tokens[S.view.to_move] !== undefined && S.view.to_move !== humans()[0]) {
      S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(S.view.to_move) })).view;
    }
    render();
    await afterUpdate();
  } catch (err) { T.showError(err); }
};

(async function start() {
  const saved = T.readAddress();
  if (!saved) { $("status").textContent = "Start a new match."; openSetup(); return; }
  S.game = saved.game;
  S.tokens = saved.tokens;
  try {
    S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(humans()[0]) })).view;
    if (S.tokens[S.view.to_move] !== undefined && S.view.to_move !== humans()[0]) {
      S.view = (await T.api(`/api/crapette/${S.game}/view`, { token: tokenFor(S.view.to_move) })).view;
    }
    T.log("Match resumed.", "note");
    render();
    await afterUpdate();
  } catch (e) {
    T.showError(e);
    openSetup();
  }
})();
