// The Solodrez page: all rules and searches are the server's (/api/...); this script
// keeps the game (start, moves played, redo stack) and turns clicks into API calls.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var game = { start: null, label: "", positions: [], moves: [], redo: [], legal: [] };
  var selected = null;          // {col, cards}
  var pressed = null;           // where a pointer went down: {col, index}
  var searching = null;         // the AbortController of the running search, if any
  var statusGen = 0;

  function api(path, body, opts) {
    opts = opts || {};
    var init = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    if (opts.signal) init.signal = opts.signal;
    return fetch(path, init).then(function (r) {
      var kind = r.headers.get("content-type") || "";
      var read = kind.indexOf("json") >= 0 ? r.json() : r.text();
      return read.then(function (data) {
        if (!r.ok) throw new Error((data && data.error) || ("HTTP " + r.status));
        return data;
      });
    });
  }

  function say(text, isError) {
    $("message").textContent = text || "";
    $("message").className = isError ? "error" : "";
  }

  function current() { return game.positions[game.positions.length - 1]; }

  function moveText(m) { return m.from + ">" + m.to + ":" + m.cards; }

  function drawBoard(body) {
    return api("/api/picture", body).then(function (svg) {
      $("board").innerHTML = svg;
      selected = null;
    });
  }

  function withSearch(label, run) {
    if (searching) searching.abort();
    var ctl = new AbortController();
    searching = ctl;
    $("busy").hidden = false; $("busy").textContent = label + "…"; $("stop").hidden = false;
    return run(ctl.signal).catch(function (e) {
      if (e.name === "AbortError") say("search stopped"); else say(e.message, true);
    }).finally(function () {
      if (searching === ctl) { searching = null; $("busy").hidden = true; $("stop").hidden = true; }
    });
  }

  function refreshInfo() {
    $("title").textContent = game.label;
    var n = game.moves.length;
    $("played").textContent = n + " move" + (n === 1 ? "" : "s") + " played";
    $("undo").disabled = n === 0;
    $("redo").disabled = game.redo.length === 0;
  }

  function setStatus(verdict, text) {
    $("status").dataset.verdict = verdict;
    $("status").textContent = text;
  }

  // The live "still winnable?" indicator: a short hint search after every move.
  function checkStatus() {
    var gen = ++statusGen, pos = current();
    setStatus("", "checking…");
    return api("/api/hint", { position: pos, max_seconds: 3 }).then(function (h) {
      if (gen !== statusGen) return;
      if (h.verdict === "WON" && !h.move) setStatus("WON", "won!");
      else if (h.verdict === "WON") setStatus("WON", h.optimal
        ? "winnable: wins in " + h.distance + " (proven)"
        : "winnable: wins in at most " + h.length);
      else if (h.verdict === "LOST") setStatus("LOST", "lost: no sequence of moves wins");
      else setStatus("UNKNOWN", "unknown: the search hit its time limit" +
                     (h.lower_bound ? " (a win needs at least " + h.lower_bound + " moves)" : ""));
    }).catch(function (e) { if (gen === statusGen) setStatus("", "status: " + e.message); });
  }

  function open(position, label) {
    return api("/api/position", { position: position }).then(function (p) {
      game = { start: p.position, label: label, positions: [p.position], moves: [], redo: [],
               legal: p.moves };
      $("review-panel").hidden = true; $("solution-panel").hidden = true;
      refreshInfo(); say("");
      return drawBoard({ position: p.position }).then(checkStatus);
    }).catch(function (e) { say(e.message, true); });
  }

  function openDeal(n) {
    return api("/api/deal/" + encodeURIComponent(n)).then(function (d) {
      return open(d.position, "deal " + d.deal);
    }).catch(function (e) { say(e.message, true); });
  }

  function play(move, fromRedo) {
    var before = current();
    return api("/api/apply", { position: before, move: move }).then(function (r) {
      game.positions.push(r.position);
      game.moves.push(moveText(move));
      game.legal = r.moves;
      if (!fromRedo) game.redo = [];
      refreshInfo();
      say(r.won ? "WON in " + game.moves.length + " moves!" : "played " + moveText(move));
      return drawBoard({ position: before, move: move, played: true }).then(checkStatus);
    }).catch(function (e) { say(e.message, true); });
  }

  function tryMove(from, cards, to) {
    var exact = null, options = [];
    game.legal.forEach(function (m) {
      if (m.from === from && m.to === to) { options.push(m); if (m.cards === cards) exact = m; }
    });
    var move = exact || (options.length === 1 ? options[0] : null);
    if (!move) {
      say(options.length ? "say how many cards: pick the lowest card of the run to move"
                         : "no run of column " + from + " can go onto column " + to, true);
      clearSelection();
      return;
    }
    play(move);
  }

  function clearSelection() {
    selected = null;
    document.querySelectorAll("#board g.selected").forEach(function (g) { g.classList.remove("selected"); });
  }

  function select(col, index) {
    clearSelection();
    var cards = document.querySelectorAll('#board g.card[data-col="' + col + '"]');
    if (!cards.length) return;
    selected = { col: col, cards: cards.length - index };
    cards.forEach(function (g) { if (+g.dataset.index >= index) g.classList.add("selected"); });
    say("picked " + selected.cards + " card" + (selected.cards > 1 ? "s" : "") + " of column " +
        col + "; now click the column to put them on");
  }

  function spot(ev) {
    var el = document.elementFromPoint(ev.clientX, ev.clientY);
    var hit = el && el.closest && el.closest("[data-col]");
    if (!hit || !$("board").contains(hit)) return null;
    return { col: +hit.dataset.col, index: hit.dataset.index === undefined ? null : +hit.dataset.index };
  }

  $("board").addEventListener("pointerdown", function (ev) { pressed = spot(ev); ev.preventDefault(); });
  $("board").addEventListener("pointerup", function (ev) {
    var down = pressed, up = spot(ev);
    pressed = null;
    if (!down || !up) return;
    var count = function (p) {
      return document.querySelectorAll('#board g.card[data-col="' + p.col + '"]').length - p.index;
    };
    if (down.col !== up.col && down.index !== null) { tryMove(down.col, count(down), up.col); return; }
    if (selected && selected.col !== up.col) { tryMove(selected.col, selected.cards, up.col); return; }
    if (up.index !== null) select(up.col, up.index); else clearSelection();
  });

  function undo() {
    if (!game.moves.length) return;
    game.redo.push(game.moves.pop());
    game.positions.pop();
    var pos = current();
    api("/api/position", { position: pos }).then(function (p) {
      game.legal = p.moves; refreshInfo(); say("undone");
      return drawBoard({ position: pos }).then(checkStatus);
    }).catch(function (e) { say(e.message, true); });
  }

  function redo() {
    if (!game.redo.length) return;
    var text = game.redo.pop(), parts = text.split(/[>:]/);
    play({ from: +parts[0], to: +parts[1], cards: +parts[2] }, true);
  }

  function hint() {
    var pos = current();
    withSearch("looking for the best move", function (signal) {
      return api("/api/hint", { position: pos }, { signal: signal }).then(function (h) {
        if (pos !== current()) return;
        if (h.verdict === "WON" && h.move) {
          var d = h.optimal ? "then " + (h.distance - 1) + " more moves win (proven shortest)"
                            : "it keeps the game winnable (a win in at most " + h.length + ")";
          say("hint: play " + moveText(h.move) + ": " + d);
          return drawBoard({ position: pos, move: h.move });
        }
        if (h.verdict === "LOST") say("hint: no move wins any more; undo some moves", true);
        else if (h.verdict === "WON") say("the game is won");
        else say("hint: the search hit its limit (" + h.limit + ") without a verdict", true);
      });
    });
  }

  function solution() {
    var pos = current();
    withSearch("solving", function (signal) {
      return api("/api/steps", { position: pos, optimal: true }, { signal: signal }).then(function (html) {
        $("solution-frame").srcdoc = html;
        $("solution-panel").hidden = false;
        say("the solution is below: step with its buttons or the arrow keys");
      });
    });
  }

  function review() {
    withSearch("reviewing the game", function (signal) {
      return api("/api/review", { position: game.start, moves: game.moves }, { signal: signal })
        .then(function (rv) {
          var lines = [rv.summary];
          var bad = rv.first_losing ? rv.moves[rv.first_losing - 1] : null;
          if (bad) lines.push("first losing move: move " + bad.number + " (" + game.moves[bad.number - 1] +
                              "); " + moveText(bad.best) + " kept the game winnable");
          else if (rv.moves.length) lines.push("no move lost the game");
          $("review-text").innerHTML = "";
          lines.forEach(function (t) { var p = document.createElement("p"); p.textContent = t; $("review-text").appendChild(p); });
          $("review-panel").hidden = false;
        });
    });
  }

  $("open-deal").addEventListener("submit", function (ev) { ev.preventDefault(); openDeal($("deal-number").value.trim()); });
  $("pick").addEventListener("click", function () {
    var q = "?difficulty=" + encodeURIComponent($("difficulty").value) + "&winnable=" + ($("winnable").checked ? 1 : 0);
    api("/api/pick" + q).then(function (d) { $("deal-number").value = d.deal; return openDeal(d.deal); })
      .catch(function (e) { say(e.message, true); });
  });
  $("paste-toggle").addEventListener("click", function () { $("paste").hidden = !$("paste").hidden; });
  $("paste").addEventListener("submit", function (ev) {
    ev.preventDefault();
    open($("position-text").value, "pasted position").then(function () {
      if (game.label === "pasted position") $("paste").hidden = true;
    });
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("solution").addEventListener("click", solution);
  $("review").addEventListener("click", review);
  $("stop").addEventListener("click", function () { if (searching) searching.abort(); });
  $("close-solution").addEventListener("click", function () { $("solution-panel").hidden = true; });
  document.addEventListener("keydown", function (ev) {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { undo(); ev.preventDefault(); }
    else if ((ev.ctrlKey || ev.metaKey) && ev.key === "y") { redo(); ev.preventDefault(); }
    else if (ev.key === "Escape") clearSelection();
  });

  var fromUrl = new URLSearchParams(location.search).get("deal");
  openDeal(fromUrl || $("deal-number").value);
  window.drezGame = function () { return game; };
})();
