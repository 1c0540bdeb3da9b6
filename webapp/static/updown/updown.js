// The Up-and-down page: the table card, the hand of the seat shown, every seat's hand and
// reserve sizes, the history of plays; the computer's turns played out one by one; several
// people at one screen pass it on between turns.  The server checks every action.
"use strict";

const T = Table;
const S = { game: null, tokens: {}, view: null, match: null, seat: null, busy: false, hint: null };
const $ = id => document.getElementById(id);
const STRENGTHS = [["best", "Computer: strongest (ISMCTS)"], ["mc", "Computer: Monte Carlo"],
                   ["infer", "Computer: Monte Carlo with inference"], ["greedy", "Computer: greedy"],
                   ["random", "Computer: random"]];

function rankOf(code) { return code.slice(0, -1); }
function suitOf(code) { return code.slice(-1).toUpperCase(); }
function cardName(code) { return `${T.rankWord(rankOf(code))} of ${T.suitWord(suitOf(code))}`; }
function cardShort(code) { return rankOf(code) + T.SUIT[suitOf(code)]; }
function humans() { return Object.keys(S.tokens).map(Number); }
function seatName(p) {
  const v = S.view, seat = v.seats[p];
  if (seat.kind === "computer") return `Computer ${p + 1} (${seat.strength})`;
  if (humans().length === 1) return "You";
  return `Seat ${p + 1}`;
}
function verb(p, you, other) { return seatName(p) === "You" ? you : other; }
function handoffNeeded() {
  const v = S.view;
  return humans().length > 1 && !v.result && S.tokens[v.to_move] !== undefined && v.to_move !== S.seat;
}
function myTurn() {
  const v = S.view;
  return v && !v.result && v.to_move === S.seat && !v.computer_to_move && !handoffNeeded();
}
function legalFor(kind) { return (S.view.legal || []).filter(a => a.kind === kind); }

function eventText(e) {
  const who = seatName(e.seat);
  switch (e.kind) {
    case "play": return `${who} ${verb(e.seat, "play", "plays")} ${cardName(e.card)}.`;
    case "lead": return `${who} ${verb(e.seat, "lead", "leads")} ${cardName(e.card)}.`;
    case "stop": return `${who} ${verb(e.seat, "stop", "stops")}.`;
    case "draw": return `${who} ${verb(e.seat, "draw", "draws")} from reserve pile ${e.pile}.`;
    case "refill": return `${who} ${verb(e.seat, "take", "takes")} ${e.count} reserve card${e.count > 1 ? "s" : ""} into the hand.`;
    case "pass": return `${who} ${verb(e.seat, "pass", "passes")}.`;
    case "out": return `${who} ${verb(e.seat, "are", "is")} out!`;
    case "freelead": return `Everyone passed: ${who} ${verb(e.seat, "have", "has")} a free lead.`;
    default: return `${who}: ${e.kind}.`;
  }
}

// ---- drawing --------------------------------------------------------------------------
function seatsEl() {
  const v = S.view, items = [];
  v.seats.forEach((seat, p) => {
    const li = document.createElement("li");
    li.className = "seat" + (p === v.to_move && !v.result ? " to-move" : "") + (seat.out ? " out" : "")
      + (p === S.seat ? " me" : "");
    const name = document.createElement("div");
    name.className = "name";
    let mark = "";
    if (v.result && v.result.winner === p) mark = " — winner";
    else if (v.result && v.result.loser === p) mark = " — loser";
    else if (seat.out) mark = " — out";
    else if (p === v.to_move) mark = " — to move";
    name.textContent = seatName(p) + mark;
    const backs = document.createElement("div");
    backs.className = "minis";
    for (let i = 0; i < Math.min(seat.hand, 10); i++) backs.appendChild(T.back());
    const info = document.createElement("div");
    info.className = "info";
    info.textContent = `hand ${seat.hand} · reserve ${seat.piles.join(" · ")}`;
    li.setAttribute("aria-label", `${seatName(p)}${mark}: ${seat.hand} cards in hand, reserve piles ${seat.piles.join(", ")}`);
    li.append(name, backs, info);
    items.push(li);
  });
  return items;
}

function render(full) {
  const v = S.view;
  if (!v) return;
  window.drezView = v;
  document.body.dataset.busy = S.busy ? "1" : "0";
  if (v.match) S.match = v.match;
  $("seats").replaceChildren(...seatsEl());
  const tc = T.face(rankOf(v.table), suitOf(v.table));
  tc.classList.add("big");
  $("tablecard").replaceChildren(tc);
  $("tablecard").setAttribute("aria-label", `Table card: ${cardName(v.table)}`);
  $("tableinfo").textContent = `Table card ${cardShort(v.table)} · ${v.played} played · ${v.aside} set aside`;
  const hide = handoffNeeded();
  $("handoff").hidden = !hide;
  $("mine").hidden = hide;
  if (hide) $("handoff-text").textContent = `${seatName(v.to_move)} to move: pass the screen to ${seatName(v.to_move)}.`;
  $("hand-title").textContent = humans().length > 1 ? `${seatName(S.seat)}'s hand` : "Your hand";
  $("reserve-title").textContent = humans().length > 1 ? `${seatName(S.seat)}'s reserve piles` : "Your reserve piles";
  const mine = myTurn() && !S.busy;
  const plays = new Map();
  for (const a of (mine ? v.legal : [])) if (a.rank) plays.set(a.rank, a.text);
  $("hand").replaceChildren(...v.hand.map(code => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cardbtn";
    b.dataset.card = code;
    const act = plays.get(rankOf(code));
    b.disabled = !act;
    if (act) b.dataset.action = act;
    if (S.hint && S.hint.rank === rankOf(code)) b.classList.add("hinted");
    b.setAttribute("aria-label", `${cardName(code)}${act ? ", playable" : ""}`);
    b.appendChild(T.face(rankOf(code), suitOf(code)));
    return b;
  }));
  const draws = new Set(mine ? legalFor("draw").map(a => a.pile) : []);
  $("reserve").replaceChildren(...v.seats[S.seat].piles.map((n, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pilebtn";
    b.dataset.action = `draw ${i + 1}`;
    b.disabled = !draws.has(i + 1);
    if (S.hint && S.hint.pile === i + 1) b.classList.add("hinted");
    b.setAttribute("aria-label", `Reserve pile ${i + 1}: ${n} cards${draws.has(i + 1) ? ", draw from it" : ""}`);
    const stack = document.createElement("div");
    stack.className = "stack";
    stack.appendChild(n ? T.back() : T.slot());
    const label = document.createElement("span");
    label.textContent = `Pile ${i + 1}: ${n}`;
    b.append(stack, label);
    return b;
  }));
  $("stop").disabled = !(mine && legalFor("stop").length);
  $("pass").disabled = !(mine && legalFor("pass").length);
  $("hint").disabled = !mine;
  const st = statusText();
  $("status").textContent = st.charAt(0).toUpperCase() + st.slice(1);
  if (full && v.history) {
    T.clearLog();
    for (const e of v.history) T.log(eventText(e), S.tokens[e.seat] !== undefined ? "mine" : "");
  }
  renderResult();
  renderMatch();
}

function statusText() {
  const v = S.view;
  if (v.result) return "Game over.";
  if (v.computer_to_move) return `${seatName(v.to_move)} is playing…`;
  if (handoffNeeded()) return `${seatName(v.to_move)} to move.`;
  const legal = v.legal || [];
  if (!legal.length) return "";
  const who = humans().length > 1 ? `${seatName(S.seat)}: ` : "";
  if (legal[0].kind === "lead") return `${who}free lead: play any card.`;
  if (legal[0].kind === "draw") return `${who}nothing fits on ${cardShort(v.table)}: draw from a reserve pile.`;
  if (legal[0].kind === "pass") return `${who}nothing fits and your reserve is empty: pass.`;
  if (v.phase === "cont") return `${who}play another card that fits ${cardShort(v.table)}, or stop.`;
  return `${who}play a card one above or below ${cardShort(v.table)}.`;
}

function renderResult() {
  const v = S.view, box = $("result");
  if (!v.result) { box.replaceChildren(); return; }
  const r = v.result, m = S.match;
  const div = document.createElement("div");
  div.className = "result";
  const h = document.createElement("h2");
  h.textContent = `${seatName(r.winner)} ${verb(r.winner, "win", "wins")}! ${seatName(r.loser)} ${verb(r.loser, "lose", "loses")}.`;
  const b = document.createElement("button");
  b.className = "primary";
  const p = document.createElement("p");
  if (m && !m.over) {
    p.textContent = `${seatName(r.loser)} ${verb(r.loser, "start", "starts")} the next game.`;
    b.textContent = `Next game (${m.played.length + 1} of ${m.games})`;
    b.id = "next";
    b.onclick = nextGame;
  } else {
    const best = m ? Math.max(...m.wins) : 0;
    const leaders = m ? m.wins.map((w, i) => (w === best ? seatName(i) : null)).filter(x => x) : [];
    p.textContent = `Match over: ${leaders.join(" and ")} won the most games.`;
    b.textContent = "New match";
    b.id = "again";
    b.onclick = openSetup;
  }
  div.append(h, p, b);
  box.replaceChildren(div);
}

function renderMatch() {
  const m = S.match, box = $("match");
  if (!m || !S.view) { box.replaceChildren(); return; }
  const rows = S.view.seats.map((_, p) => `<tr><td>${seatName(p)}</td><td>${m.wins[p]}</td><td>${m.losses[p]}</td></tr>`).join("");
  box.innerHTML = `<h2 class="loghead">Match: game ${Math.min(m.played.length + 1, m.games)} of ${m.games}</h2>
    <table class="scores"><thead><tr><th>Seat</th><th>Won</th><th>Lost</th></tr></thead><tbody>${rows}</tbody></table>`;
}

// ---- acting ---------------------------------------------------------------------------
async function view(seat) {
  return (await T.api(`/api/updown/${S.game}/view`, { token: S.tokens[seat] })).view;
}

async function act(text) {
  if (!myTurn() || S.busy) return;
  S.busy = true;
  S.hint = null;
  try {
    const data = await T.api(`/api/updown/${S.game}/act`, { token: S.tokens[S.seat], move: text });
    const lines = data.played.events.map(eventText);
    for (const l of lines) T.log(l, "mine");
    // the drawn card is told to the drawer alone: not written in the log another person at
    // this screen will read
    if (data.played.drew) lines.push(`You drew ${cardName(data.played.drew)}.`);
    if (data.played.drew && humans().length === 1) T.log(lines[lines.length - 1], "mine");
    T.announce(lines.join(" "));
    S.view = data.view;
  } catch (e) { T.showError(e); }
  S.busy = false;
  render(false);
  await afterUpdate();
}

async function afterUpdate() {
  if (S.view.computer_to_move) await runComputer();
  if (S.view.result) {
    T.announce($("result").textContent);
    const b = document.querySelector("#result button");
    if (b) b.focus();
  } else if (handoffNeeded()) {
    T.announce($("handoff-text").textContent);
    $("reveal").focus();
  } else if (myTurn()) {
    T.announce(statusText());
  }
}

async function runComputer() {
  S.busy = true;
  render(false);
  try {
    for (;;) {
      const data = await T.api(`/api/updown/${S.game}/computer`, { token: S.tokens[S.seat] });
      for (const step of data.steps) {
        S.view = step.view;
        render(false);
        $("tablecard").firstChild.classList.add("moved");
        const text = step.events.map(eventText).join(" ");
        for (const e of step.events) T.log(eventText(e));
        T.announce(text);
        await T.sleep(T.pace());
      }
      S.view = data.view;
      if (!data.more) break;
    }
  } catch (e) { T.showError(e); }
  S.busy = false;
  render(true);
}

document.addEventListener("click", e => {
  const b = e.target.closest && e.target.closest("#hand button, #reserve button");
  if (b && !b.disabled && b.dataset.action) act(b.dataset.action);
});
$("stop").onclick = () => act("stop");
$("pass").onclick = () => act("pass");
$("hint").onclick = async () => {
  if (!myTurn() || S.busy) return;
  try {
    const h = (await T.api(`/api/updown/${S.game}/hint`, { token: S.tokens[S.seat] })).hint;
    S.hint = h;
    render(false);
    const text = `Hint: ${h.kind === "draw" ? `draw from reserve pile ${h.pile}` : h.text}.`;
    $("status").textContent = text;
    T.announce(text);
  } catch (e) { T.showError(e); }
};
$("reveal").onclick = async () => {
  try {
    S.seat = S.view.to_move;
    S.view = await view(S.seat);
    render(true);
    await afterUpdate();
    const first = document.querySelector("#hand button:not(:disabled), #reserve button:not(:disabled)");
    if (first) first.focus();
  } catch (e) { T.showError(e); }
};

async function nextGame() {
  try {
    S.view = (await T.api(`/api/updown/${S.game}/next`, { token: S.tokens[S.seat] })).view;
    if (humans().length === 1 && S.tokens[S.view.to_move] !== undefined) S.seat = S.view.to_move;
    render(true);
    T.log(`Game ${S.view.match.played.length + 1} of ${S.view.match.games}: ${seatName(S.view.to_move)} ${verb(S.view.to_move, "start", "starts")}.`, "note");
    await afterUpdate();
  } catch (e) { T.showError(e); }
}

// ---- new match ------------------------------------------------------------------------
function seatRows() {
  const n = Number($("nseats").value), box = $("seatlist");
  const old = [...box.querySelectorAll("select")].map(s => s.value);
  box.querySelectorAll("label").forEach(l => l.remove());
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${i + 1} `;
    const sel = document.createElement("select");
    sel.name = `seat${i}`;
    sel.id = `seat${i}`;
    for (const [value, text] of [["human", "Person"], ...STRENGTHS]) sel.add(new Option(text, value));
    sel.value = old[i] || (i === 0 ? "human" : "best");
    label.appendChild(sel);
    box.appendChild(label);
  }
}
function openSetup() { seatRows(); $("setup").showModal(); }
$("nseats").onchange = seatRows;
$("new").onclick = openSetup;
$("cancel").onclick = () => $("setup").close();
$("setup-form").onsubmit = async e => {
  e.preventDefault();
  const seats = [...$("seatlist").querySelectorAll("select")].map(s =>
    s.value === "human" ? { kind: "human" } : { kind: "computer", strength: s.value });
  if (!seats.some(s => s.kind === "human")) { T.announce("At least one seat must be a person."); return; }
  $("setup").close();
  const body = { seats, ending: $("ending").value, games: Number($("games").value) };
  try {
    const data = await T.api("/api/updown/new", body);
    S.game = data.game;
    S.tokens = data.tokens;
    S.view = data.view;
    S.seat = data.view.seat;
    S.hint = null;
    T.saveAddress(S.game, S.tokens);
    render(true);
    T.log(`New match of ${body.games} game${body.games > 1 ? "s" : ""}. ${seatName(S.view.to_move)} ${verb(S.view.to_move, "start", "starts")}.`, "note");
    await afterUpdate();
  } catch (err) { T.showError(err); }
};

(async function start() {
  const saved = T.readAddress();
  if (!saved) { $("status").textContent = "Start a new match."; openSetup(); return; }
  S.game = saved.game;
  S.tokens = saved.tokens;
  try {
    S.seat = humans()[0];
    S.view = await view(S.seat);
    if (humans().length === 1 || S.tokens[S.view.to_move] === undefined) render(true);
    else { S.seat = S.view.to_move; S.view = await view(S.seat); render(true); }
    await afterUpdate();
  } catch (e) {
    T.showError(e);
    openSetup();
  }
})();
