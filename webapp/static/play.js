// The Solodrez page.  The server judges (legal moves, positions, searches: /api/...); this
// script keeps the game (its start, the moves played, the redo stack) in the address and in
// localStorage, draws the table as lists of cards, and turns pointer, touch and keys into
// moves.  Answers' fields follow the API contract; where an older server lacks one, the page
// derives it from what it has (drez/solodrez/rules.js) or says what it cannot do.
(function () {
  "use strict";
  var D = window.Drez, S = D.solodrez;
  var $ = function (id) { return document.getElementById(id); };
  var KEY_GAME = "drez.solodrez.game", KEY_STATS = "drez.solodrez.stats";
  var KEY_GUIDE = "drez.solodrez.guide-seen";
  var MAX_DEAL = 18446744073709551615n;
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  var game = null;        // {deal, start, label, steps: [state], moves: [move], redo: [move], ...}
  var pick = null;        // {col, cards, auto}: the run picked, auto when the column chose it
  var focusCol = 1;       // the column the keyboard is on
  var press = null;       // a pointer gesture on the table
  var search = null;      // {ctl, timer}: the running hint, solution or review
  var statusCtl = null, optimumCtl = null, moving = false;
  var hintShown = null;   // {step, move}
  var solutionShown = null;  // {base: state, moves, proven, step, positions}
  var missing = {};       // routes this server does not have (older servers)

  // ---- talking to the server --------------------------------------------------------

  /** A person's sentence from a server error: no command-line flags, no bare "Not Found". */
  function clean(text) {
    text = String(text || "the server did not answer");
    if (text === "Not Found") return "the server does not offer this";
    return text.replace(/\s*\((?:use |with |add |see )?--[a-z][a-z-]*[^)]*\)/g, "")
      .replace(/\s*(?:use |with |add )?--[a-z][a-z-]*/g, "").trim();
  }

  function api(path, body, signal) {
    var init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" } };
    if (signal) init.signal = signal;
    return fetch(path, init).then(function (r) {
      var json = (r.headers.get("content-type") || "").indexOf("json") >= 0;
      return (json ? r.json() : r.text()).then(function (data) {
        if (!r.ok) {
          var e = new Error(clean(data && data.error || "the server answered " + r.status));
          e.status = r.status;
          throw e;
        }
        return data;
      });
    });
  }

  /** `api`, or null when the server has no such route (404/405): the caller falls back. */
  function apiIfThere(name, path, body, signal) {
    if (missing[name]) return Promise.resolve(null);
    return api(path, body, signal).catch(function (e) {
      if (e.status === 404 || e.status === 405) { missing[name] = true; return null; }
      throw e;
    });
  }

  /** One position as the page keeps it, from an /api/position or /api/apply answer. */
  function stateOf(ans) {
    var cols = ans.columns || S.columns(ans.position);
    return { position: ans.position, columns: cols, legal: ans.moves, won: !!ans.won,
             runs: ans.runs || cols.map(S.runLength),
             names: ans.names || cols.map(function (c) { return c.map(D.cardName); }) };
  }

  function current() { return game.steps[game.steps.length - 1]; }
  function sameMove(a, b) { return a && b && a.from === b.from && a.to === b.to && a.cards === b.cards; }

  // ---- messages, status, working indicator ------------------------------------------

  function say(text, isError) {
    var m = $("message");
    m.textContent = text || "";
    m.className = "message" + (isError ? " error" : "");
  }

  function setStatus(verdict, text) {
    $("status").dataset.verdict = verdict;
    $("status").textContent = text;
  }

  function runSearch(label, work) {
    stopSearch(true);
    var ctl = new AbortController();
    var me = { ctl: ctl, timer: setTimeout(function () {
      $("busy-text").textContent = label + "…"; $("busy").hidden = false; $("stop").hidden = false;
    }, 300) };
    search = me;
    return work(ctl.signal).catch(function (e) {
      if (e.name === "AbortError") { if (!me.quiet) say("stopped; the game is as it was"); }
      else say(e.message, true);
    }).finally(function () {
      clearTimeout(me.timer);
      if (search === me) { search = null; $("busy").hidden = true; $("stop").hidden = true; }
    });
  }

  function stopSearch(quiet) {
    if (!search) return;
    search.quiet = quiet;
    search.ctl.abort();
    clearTimeout(search.timer);
    search = null;
    $("busy").hidden = true; $("stop").hidden = true;
  }

  // ---- drawing the table ------------------------------------------------------------

  function describe(state, c) {
    var col = state.columns[c - 1], names = state.names[c - 1];
    if (!col.length) return "column " + c + ", empty";
    var k = state.runs[c - 1];
    var goes = state.legal.some(function (m) { return m.from === c; });
    var list = names.map(function (n, i) { return i === names.length - 1 ? "top " + n : n; });
    var run = k > 1 ? "run of " + k : "top card";
    return "column " + c + ", " + col.length + " card" + (col.length > 1 ? "s" : "") + ": " +
      list.join(", ") + ", " + run + (goes ? " can move" : " has nowhere to go");
  }

  /** Draws `state` into the list `board`: nine columns, each a list of cards. */
  function drawBoard(board, state, mini) {
    board.textContent = "";
    for (var c = 1; c <= 9; c++) {
      var li = document.createElement("li");
      li.className = "col";
      li.dataset.col = c;
      var head;
      if (mini) {
        head = document.createElement("span");
        head.className = "colhead";
        head.textContent = c;
        head.setAttribute("aria-hidden", "true");
      } else {
        head = document.createElement("button");
        head.type = "button";
        head.className = "colhead";
        head.textContent = c;
        head.tabIndex = c === focusCol ? 0 : -1;
        head.setAttribute("aria-label", describe(state, c));
      }
      li.appendChild(head);
      var ol = document.createElement("ol");
      ol.className = "cards";
      ol.setAttribute("aria-label", "column " + c + (state.columns[c - 1].length ? "" : ", empty"));
      state.columns[c - 1].forEach(function (code, i) {
        var card = D.cardElement(code, "li", state.names[c - 1][i]);
        card.dataset.index = i;
        ol.appendChild(card);
      });
      li.appendChild(ol);
      board.appendChild(li);
    }
    layout(board, state, mini);
  }

  /** Sizes the cards to the screen: nine columns across, covered cards overlapping by a
   *  strip that keeps their letter and number readable, tall columns packed tighter. */
  function layout(board, state, mini) {
    var width = board.clientWidth;
    if (!width) return;
    var gap = width < 560 ? 3 : 8;
    var colW = (width - 2 * gap - 8 * gap) / 9;
    var cardW = Math.min(colW, mini ? 56 : 96);
    var avail = mini ? 300 : Math.max(280, window.innerHeight - 60);
    var cardH = cardW * 1.4;
    if (cardH > avail * 0.4) { cardH = avail * 0.4; cardW = cardH / 1.4; }
    var font = Math.max(12, Math.min(18, cardW * 0.28));
    var minStrip = font + 6, usual = Math.max(minStrip, cardH * 0.3);
    board.style.setProperty("--gap", gap + "px");
    board.style.setProperty("--card-w", cardW.toFixed(1) + "px");
    board.style.setProperty("--card-h", cardH.toFixed(1) + "px");
    board.style.setProperty("--card-font", font.toFixed(1) + "px");
    var head = mini ? 26 : 44;
    board.querySelectorAll("li.col").forEach(function (li) {
      var cards = li.querySelectorAll(".card"), n = cards.length;
      var strip = n > 1 ? Math.min(usual, Math.max(minStrip, (avail - head - cardH) / (n - 1))) : usual;
      cards.forEach(function (card, i) { card.style.top = (i * strip).toFixed(1) + "px"; });
      li.querySelector(".cards").style.height = (cardH + Math.max(0, n - 1) * strip).toFixed(1) + "px";
    });
  }

  function colEl(c) { return $("board").querySelector('li.col[data-col="' + c + '"]'); }
  function runEls(c, k) {
    var cards = colEl(c).querySelectorAll(".card");
    return Array.prototype.slice.call(cards, cards.length - k);
  }

  function render() {
    var board = $("board"), hadFocus = board.contains(document.activeElement);
    if (!game) { board.textContent = ""; controls(); return; }
    drawBoard(board, current(), false);
    marks();
    if (hadFocus) focusColumn(focusCol);
    controls();
  }

  /** Picked run, its legal destinations, the hint: drawn on the current table. */
  function marks() {
    var board = $("board");
    board.querySelectorAll(".picked, .target, .hint, .hint-to").forEach(function (el) {
      el.classList.remove("picked", "target", "hint", "hint-to");
    });
    if (!game) return;
    if (pick) {
      colEl(pick.col).classList.add("picked");
      runEls(pick.col, pick.cards).forEach(function (el) { el.classList.add("picked"); });
      targets(pick).forEach(function (m) { colEl(m.to).classList.add("target"); });
    }
    if (hintShown && hintShown.step === game.moves.length) {
      var m = hintShown.move;
      runEls(m.from, m.cards).forEach(function (el) { el.classList.add("hint"); });
      colEl(m.to).classList.add("hint-to");
    }
  }

  function snapshot() {
    var seen = {};
    $("board").querySelectorAll(".card").forEach(function (el) {
      seen[el.dataset.card] = { rect: el.getBoundingClientRect(), el: el };
    });
    return seen;
  }

  /** FLIP: the cards glide from where they were to where they are; cards gone (a series
   *  removed, the game won) fade away where they were.  Nothing moves under reduced motion. */
  function flip(before) {
    if (reduced.matches || !before) return;
    var now = {};
    $("board").querySelectorAll(".card").forEach(function (el) {
      now[el.dataset.card] = true;
      var was = before[el.dataset.card];
      if (!was) return;
      var r = el.getBoundingClientRect();
      var dx = was.rect.left - r.left, dy = was.rect.top - r.top;
      if (Math.abs(dx) + Math.abs(dy) < 1) return;
      el.animate([{ transform: "translate(" + dx + "px," + dy + "px)", zIndex: 50 },
                  { transform: "none", zIndex: 50 }], { duration: 260, easing: "cubic-bezier(.2,.7,.3,1)" });
    });
    var board = $("board");
    Object.keys(before).forEach(function (code) {
      if (now[code]) return;
      var was = before[code], ghost = was.el.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.classList.remove("dragging", "picked", "hint");
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.cssText = "left:" + was.rect.left + "px;top:" + was.rect.top + "px;width:" +
        was.rect.width + "px;height:" + was.rect.height + "px;transform:none";
      ["--card-w", "--card-h", "--card-font"].forEach(function (v) {
        ghost.style.setProperty(v, board.style.getPropertyValue(v));
      });
      document.body.appendChild(ghost);
      ghost.animate([{ opacity: 1, transform: "none" }, { opacity: 1, transform: "translateY(-8px)", offset: 0.4 },
                     { opacity: 0, transform: "translateY(-40px) scale(0.7)" }], { duration: 700, easing: "ease-in" })
        .finished.then(function () { ghost.remove(); }, function () { ghost.remove(); });
    });
  }

  function controls() {
    var has = !!game, n = has ? game.moves.length : 0, won = has && current().won;
    $("undo").disabled = !has || n === 0;
    $("redo").disabled = !has || !game.redo.length;
    ["hint", "solution"].forEach(function (id) { $(id).disabled = !has || won; });
    ["review", "restart"].forEach(function (id) { $(id).disabled = !has || n === 0; });
    ["copy-link", "copy-position", "download"].forEach(function (id) { $(id).disabled = !has; });
    $("played").textContent = has ? n + " move" + (n === 1 ? "" : "s") + " played" : "";
    $("winnable").disabled = $("difficulty").value === "lost";
  }

  function showTitle() {
    var t = $("title");
    t.textContent = "";
    if (!game) { t.textContent = "no game"; return; }
    t.appendChild(document.createTextNode(game.label));
    var g = game.difficulty;
    if (g && g.grade) {
      var span = document.createElement("span");
      span.className = "grade";
      span.textContent = " · " + g.grade;
      t.appendChild(span);
      if (g.why) {                          // "easy: none of the 13 opening moves loses; ..."
        var why = document.createElement("span");
        why.className = "why";
        why.textContent = g.why.replace(/^[a-z]+: /, "");
        t.appendChild(why);
      }
    }
  }

  // ---- the game: start, moves, undo, redo -------------------------------------------

  function addressOf(g) {
    var q = g.deal !== null ? "deal=" + g.deal
      : "position=" + S.columns(g.start).map(function (c) { return c.join("."); }).join("/");
    if (g.moves.length) q += "&moves=" + g.moves.map(S.urlMove).join(",");
    return location.pathname + "?" + q;
  }

  function save() {
    if (!game) return;
    try {
      localStorage.setItem(KEY_GAME, JSON.stringify({
        deal: game.deal, start: game.start, label: game.label, moves: game.moves, redo: game.redo,
        daily: game.daily || null, counted: game.counted || false }));
    } catch (e) { /* private mode: the address still keeps the game */ }
  }

  function remember(push) {
    save();
    var url = addressOf(game);
    if (push && url !== location.pathname + location.search) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }

  /** The legal move of `state` that `m` names ({from, to, cards or null}), or an Error. */
  function resolve(state, m) {
    var same = state.legal.filter(function (x) { return x.from === m.from && x.to === m.to; });
    var exact = same.filter(function (x) { return x.cards === m.cards; });
    if (exact.length) return exact[0];
    if (m.cards === null && same.length === 1) return same[0];
    if (m.cards === null && same.length) return new Error("say how many cards (" +
      same.map(S.moveText).join(" or ") + ")");
    var k = m.cards || state.runs[m.from - 1] || 1;
    return new Error(state.columns[m.from - 1].length ? S.whyNot(state.columns, m.from, k, m.to)
                                                      : "column " + m.from + " is empty");
  }

  /** Starts a game from `opts.start` (a position text), replaying opts.moves; push: a new
   *  entry in the browser's history (a new game), else the address is replaced. */
  function startGame(opts) {
    stopSearch(true);
    return api("/api/position", { position: opts.start }).then(function (ans) {
      var first = stateOf(ans);
      var g = { deal: opts.deal === undefined ? null : opts.deal, start: opts.start,
                label: opts.label || (opts.deal !== undefined && opts.deal !== null ? "deal " + opts.deal : "position"),
                steps: [first], moves: [], redo: [], difficulty: opts.difficulty || null,
                daily: opts.daily || null, counted: !!opts.counted, optimum: undefined, lostShown: -1 };
      var todo = (opts.moves || []).slice(), problem = null;
      function next() {
        if (!todo.length) return Promise.resolve();
        var m = todo.shift(), state = g.steps[g.steps.length - 1];
        var move = resolve(state, m);
        if (move instanceof Error) {
          problem = "move " + (g.moves.length + 1) + " (" + S.urlMove({ from: m.from, to: m.to, cards: m.cards || 1 }) +
            ") cannot be played: " + move.message + "; the game stops before it";
          return Promise.resolve();
        }
        return api("/api/apply", { position: state.position, move: move }).then(function (a) {
          g.steps.push(stateOf(a));
          g.moves.push(move);
          return next();
        });
      }
      return next().then(function () {
        if (!problem) g.redo = (opts.redo || []).slice();
        game = g; pick = null; hintShown = null;
        clearPanels();
        showTitle();
        $("deal-number").value = g.deal !== null ? g.deal : "";
        render();
        remember(!!opts.push);
        say(problem || opts.said || "", !!problem);
        findOptimum();
        if (current().won) { setStatus("WON", "won!"); controls(); } else checkStatus();
        return g;
      });
    }).catch(function (e) {
      say(e.message, true);
    });
  }

  function dealNumber(text) {
    text = String(text).trim();
    if (!text) return { error: "type a deal number first (a whole number from 0 to " + MAX_DEAL + "), or pick a deal" };
    if (!/^[0-9]+$/.test(text)) return { error: "“" + text.slice(0, 30) + "” is not a deal number: deals are whole numbers from 0 to " + MAX_DEAL };
    var n = BigInt(text);
    if (n > MAX_DEAL) return { error: "deal numbers go up to " + MAX_DEAL + "; " + text.slice(0, 30) + (text.length > 30 ? "…" : "") + " is larger" };
    return { deal: n.toString() };
  }

  function openDeal(text, opts) {
    opts = opts || {};
    var d = dealNumber(text);
    if (d.error) { say(d.error, true); return Promise.resolve(null); }
    return api("/api/deal/" + d.deal).then(function (ans) {
      return startGame({ start: ans.position, deal: d.deal, difficulty: ans.difficulty || opts.difficulty,
                         moves: opts.moves, redo: opts.redo, push: opts.push !== false, daily: opts.daily,
                         counted: opts.counted,
                         label: opts.daily ? "deal " + d.deal + " (deal of the day " + opts.daily + ")" : undefined });
    }).catch(function (e) { say(e.message, true); });
  }

  function play(move, fromRedo) {
    if (moving || !game) return Promise.resolve();
    moving = true;
    var before = current(), seen = snapshot();
    return api("/api/apply", { position: before.position, move: move }).then(function (ans) {
      var after = stateOf(ans);
      var removed = ans.removed_series || S.play(before.columns, move).removed;
      var said = ans.said || S.said(before.columns, move, removed);
      game.steps.push(after);
      game.moves.push(move);
      if (!fromRedo) game.redo = [];
      pick = null;
      changed(move);
      render();
      flip(seen);
      runEls(move.to, after.columns[move.to - 1].length ? move.cards : 0)
        .forEach(function (el) { el.classList.add("landed"); });
      say("played: " + said);
      if (after.won) won(); else checkStatus();
    }).catch(function (e) {
      say(e.message, true);
      render();
    }).finally(function () { moving = false; });
  }

  function undo() {
    if (!game || !game.moves.length || moving) return;
    var seen = snapshot();
    game.redo.push(game.moves.pop());
    game.steps.pop();
    pick = null;
    changed(null);
    render();
    flip(seen);
    say("undone: " + game.moves.length + " move" + (game.moves.length === 1 ? "" : "s") + " played");
    checkStatus();
  }

  function redo() {
    if (!game || !game.redo.length || moving) return;
    play(game.redo.pop(), true);
  }

  /** Back to the position before move `n` (1-based); the moves undone can be redone. */
  function undoTo(n) {
    if (!game || n < 1 || n > game.moves.length) return;
    var seen = snapshot();
    while (game.moves.length >= n) { game.redo.push(game.moves.pop()); game.steps.pop(); }
    pick = null;
    changed(null);
    render();
    flip(seen);
    say("back to the position before move " + n + "; redo replays the moves undone");
    checkStatus();
  }

  /** After every move, undo and redo: panels follow the game (the hint and the review are
   *  cleared; the solution steps on when the move played was its next one). */
  function changed(moved) {
    stopSearch(true);
    hintShown = null;
    $("review-panel").hidden = true;
    if (solutionShown && moved && sameMove(moved, solutionShown.moves[0]) && solutionShown.moves.length > 1) {
      showSolution({ verdict: "WON", moves: solutionShown.moves.slice(1), length: solutionShown.moves.length - 1,
                     optimal: solutionShown.proven }, current());
    } else {
      solutionShown = null;
      $("solution-panel").hidden = true;
    }
    if (game.lostShown > game.moves.length) game.lostShown = -1;
    remember(false);
    controls();
  }

  function clearPanels() {
    hintShown = null; solutionShown = null;
    ["solution-panel", "review-panel"].forEach(function (id) { $(id).hidden = true; });
    ["won", "lost"].forEach(function (id) { if ($(id).open) $(id).close(); });
  }

  // ---- picking and moving -------------------------------------------------------------

  function targets(p) {
    return current().legal.filter(function (m) {
      return m.from === p.col && (m.cards === p.cards || p.auto);
    });
  }

  function runName(c, k) {
    var names = current().names[c - 1], n = names.length;
    return k === 1 ? names[n - 1] : k + " cards from " + names[n - k];
  }

  function pickRun(c, k, auto) {
    var st = current(), col = st.columns[c - 1];
    if (!col.length) { say("column " + c + " is empty: pick a column with cards", true); return false; }
    if (k > st.runs[c - 1]) {
      say(S.whyNot(st.columns, c, k, c), true);
      return false;
    }
    pick = { col: c, cards: k, auto: !!auto };
    marks();
    var to = targets(pick).map(function (m) { return m.to; })
      .filter(function (x, i, a) { return a.indexOf(x) === i; });
    say("picked " + runName(c, k) + " in column " + c + (to.length
      ? "; it can go to column" + (to.length > 1 ? "s " : " ") + to.join(", ")
      : "; it has nowhere to go now (Escape lets go)"));
    return true;
  }

  function cancelPick(quiet) {
    if (!pick) return;
    pick = null;
    marks();
    if (!quiet) say("let go");
  }

  /** The picked run onto column `to`: the move when legal, else the reason. */
  function moveTo(to) {
    var p = pick, st = current();
    var options = st.legal.filter(function (m) { return m.from === p.col && m.to === to; });
    var move = options.filter(function (m) { return m.cards === p.cards; })[0] ||
      (p.auto && options.length ? options[options.length - 1] : null);
    if (!move) {
      say(S.whyNot(st.columns, p.col, p.cards, to), true);
      return false;
    }
    play(move);
    return true;
  }

  /** The picked run to its only destination, or the best by a simple rule: the hint's, then
   *  one that removes a series, then onto a card rather than into an empty column. */
  function sendBest() {
    var options = targets(pick), st = current();
    if (!options.length) { say(runName(pick.col, pick.cards) + " has nowhere to go", true); return; }
    var hinted = hintShown && hintShown.step === game.moves.length &&
      options.filter(function (m) { return sameMove(m, hintShown.move); })[0];
    var score = function (m) {
      var r = S.play(st.columns, m);
      return r.removed.length * 100 + (st.columns[m.to - 1].length ? 10 : 0) + m.cards;
    };
    var best = hinted || options.slice().sort(function (a, b) { return score(b) - score(a) || a.to - b.to; })[0];
    play(best);
  }

  function columnActivated(c) {
    if (!game || moving) return;
    focusCol = c;
    if (!pick) pickRun(c, current().runs[c - 1] || 1, true);
    else if (pick.col === c) sendBest();
    else moveTo(c);
  }

  function focusColumn(c) {
    focusCol = c;
    $("board").querySelectorAll(".colhead").forEach(function (b) {
      b.tabIndex = +b.parentNode.dataset.col === c ? 0 : -1;
    });
    var b = colEl(c) && colEl(c).querySelector(".colhead");
    if (b) b.focus();
  }

  function columnAt(x, y) {
    var el = document.elementFromPoint(x, y);
    var li = el && el.closest && el.closest("#board li.col");
    return li ? +li.dataset.col : null;
  }

  var board = $("board");
  board.addEventListener("click", function (ev) {
    var head = ev.target.closest(".colhead");
    if (head) columnActivated(+head.parentNode.dataset.col);
  });

  board.addEventListener("pointerdown", function (ev) {
    if (!game || moving || ev.target.closest(".colhead")) return;
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    var li = ev.target.closest("li.col");
    if (!li) return;
    var card = ev.target.closest(".card");
    press = { col: +li.dataset.col, index: card ? +card.dataset.index : null, x: ev.clientX, y: ev.clientY,
              id: ev.pointerId, drag: false, had: pick ? { col: pick.col, cards: pick.cards, auto: pick.auto } : null };
    try { board.setPointerCapture(ev.pointerId); } catch (e) { /* a synthetic pointer */ }
    ev.preventDefault();
  });

  board.addEventListener("pointermove", function (ev) {
    if (!press || ev.pointerId !== press.id) return;
    var dx = ev.clientX - press.x, dy = ev.clientY - press.y;
    if (!press.drag) {
      if (press.index === null || Math.abs(dx) + Math.abs(dy) < 8) return;
      var n = current().columns[press.col - 1].length;
      if (!pickRun(press.col, n - press.index, false)) { press = null; return; }
      press.drag = true;
      press.els = runEls(press.col, pick.cards);
      press.els.forEach(function (el) { el.classList.add("dragging"); });
    }
    press.els.forEach(function (el) { el.style.transform = "translate(" + dx + "px," + dy + "px)"; });
  });

  function endPress(ev, cancelled) {
    if (!press || ev.pointerId !== press.id) return;
    var p = press;
    press = null;
    if (p.drag) {
      var to = cancelled ? null : columnAt(ev.clientX, ev.clientY);
      var moved = to && to !== p.col && moveTo(to);
      if (!moved) {
        p.els.forEach(function (el) {
          var t = el.style.transform;
          el.style.transform = ""; el.classList.remove("dragging");
          if (!reduced.matches && t) el.animate([{ transform: t }, { transform: "none" }], { duration: 180 });
        });
        if (!to || to === p.col) say("put back; " + (pick ? "still picked: tap where it goes" : ""));
      }
      return;
    }
    if (!cancelled) tap(p);
  }

  /** A tap (or click): on a picked run sends it on; with a run picked elsewhere, a column
   *  that takes it receives it; otherwise the card tapped is picked with the cards on it. */
  function tap(p) {
    var st = current(), c = p.col;
    focusCol = c;
    if (p.had && p.had.col !== c) {
      var fits = st.legal.some(function (m) {
        return m.from === p.had.col && m.to === c && (m.cards === p.had.cards || p.had.auto);
      });
      if (fits || p.index === null) { moveTo(c); return; }
    }
    if (p.index === null) { cancelPick(true); return; }
    var k = st.columns[c - 1].length - p.index;
    if (p.had && p.had.col === c && p.had.cards === k) { sendBest(); return; }
    var why = p.had && p.had.col !== c ? S.whyNot(st.columns, p.had.col, p.had.cards, c) : null;
    if (pickRun(c, k, false) && why) say("picked " + runName(c, k) + " instead (" + why + ")");
    else if (!pick || pick.col !== c) { pick = null; marks(); }
  }

  board.addEventListener("pointerup", function (ev) { endPress(ev, false); });
  board.addEventListener("pointercancel", function (ev) { endPress(ev, true); });

  // ---- is it still winnable? ------------------------------------------------------------

  function statusFromHint(h) {
    return { verdict: h.verdict, distance: h.optimal ? h.distance : null, proven: h.proven,
             line: h.length, lost_why: h.reason || null };
  }

  /** The status line after every move: /api/status (the server's verdict search), or on an
   *  older server a short hint search. */
  function checkStatus() {
    if (statusCtl) statusCtl.abort();
    var ctl = new AbortController(), pos = current().position, step = game.moves.length;
    statusCtl = ctl;
    setStatus("", "checking whether it can be won…");
    apiIfThere("status", "/api/status", { position: pos }, ctl.signal).then(function (st) {
      if (st) return { verdict: st.verdict, distance: st.distance, proven: st.proven,
                       line: st.moves && st.moves.length ? st.moves.length : null, lost_why: st.lost_why };
      return api("/api/hint", { position: pos, max_seconds: 3 }, ctl.signal).then(statusFromHint);
    }).then(function (st) {
      if (statusCtl !== ctl || !game || game.moves.length !== step) return;
      statusCtl = null;
      if (current().won) setStatus("WON", "won!");
      else if (st.verdict === "WON" && st.distance !== null && st.distance !== undefined)
        setStatus("WON", "winnable · proven: " + st.distance + " move" + (st.distance === 1 ? "" : "s") + " to win");
      else if (st.verdict === "WON")
        setStatus("WON", "winnable" + (st.line ? " · a win in at most " + st.line + " moves" : ""));
      else if (st.verdict === "LOST") { setStatus("LOST", "lost: no moves win from here"); lost(st); }
      else setStatus("UNKNOWN", "undecided: the search ran out of time");
      if (step === 0 && st.distance) game.optimum = game.optimum || st.distance;
    }).catch(function (e) {
      if (e.name !== "AbortError" && statusCtl === ctl) setStatus("", "could not check: " + e.message);
    });
  }

  /** The proven shortest win from the start, asked once in the background per game. */
  function findOptimum() {
    if (optimumCtl) optimumCtl.abort();
    var g = game;
    if (g.steps[0].won) return;
    var ctl = new AbortController();
    optimumCtl = ctl;
    api("/api/solve", { position: g.steps[0].position, optimal: true }, ctl.signal).then(function (r) {
      if (g !== game) return;
      g.optimum = r.verdict === "WON" && (r.proven !== undefined ? r.proven : r.optimal) ? r.length
        : (r.verdict === "LOST" ? "lost" : null);
      if ($("won").open) wonText();
    }).catch(function () { if (g === game && g.optimum === undefined) g.optimum = null; });
  }

  // ---- hint, solution, review --------------------------------------------------------

  function hint() {
    if (!game || current().won) return;
    var pos = current().position, step = game.moves.length;
    return runSearch("looking for a good move", function (signal) {
      return api("/api/hint", { position: pos, quick: true }, signal).then(function (h) {
        if (!game || game.moves.length !== step) return;
        showHint(h, step);
        if (!h.proven) {
          return api("/api/hint", { position: pos }, signal).then(function (h2) {
            if (game && game.moves.length === step) showHint(h2, step);
          });
        }
      });
    });
  }

  function showHint(h, step) {
    var text, st = current();
    if (h.verdict === "WON" && h.move) {
      var said = S.said(st.columns, h.move, S.play(st.columns, h.move).removed);
      text = said + (h.optimal ? " (proven: " + h.distance + " move" + (h.distance === 1 ? "" : "s") + " to win)"
        : ": it keeps the game winnable (a win in at most " + h.length + " moves)" + (h.proven ? "" : "; proving…"));
      hintShown = { step: step, move: h.move };
    } else if (h.verdict === "WON") text = "The game is won.";
    else if (h.verdict === "LOST") text = "No move wins any more: undo some moves (review names the move that lost the game).";
    else text = "No verdict: the search ran out of time" +
      (h.lower_bound ? " (a win needs at least " + h.lower_bound + " moves)" : "") + ".";
    say("hint: " + text);
    marks();
  }

  function solution() {
    if (!game || current().won) return;
    var base = current(), step = game.moves.length;
    return runSearch("solving", function (signal) {
      return api("/api/solve", { position: base.position, optimal: true, quick: true }, signal).then(function (r) {
        if (!game || game.moves.length !== step) return;
        showSolution(r, base);
        var proven = r.proven !== undefined ? r.proven : r.optimal;
        if (r.verdict === "WON" && !proven) {
          return api("/api/solve", { position: base.position, optimal: true }, signal).then(function (r2) {
            if (game && game.moves.length === step) showSolution(r2, base);
          });
        }
      });
    });
  }

  function showSolution(r, base) {
    var summary = $("solution-summary"), proven = r.proven !== undefined ? r.proven : r.optimal;
    $("solution-panel").hidden = false;
    if (r.verdict !== "WON" || !r.moves.length) {
      solutionShown = null;
      $("stepper").hidden = true;
      summary.textContent = r.verdict === "LOST"
        ? "No solution: this game cannot be won from here. Undo some moves; the review names the move that lost it."
        : r.verdict === "WON" ? "The game is won."
        : "The search found no win within its time limit" +
          (r.lower_bound ? " (a win needs at least " + r.lower_bound + " moves)" : "") + ".";
      say(summary.textContent);
      return;
    }
    var positions = [base.columns], saidList = [];
    r.moves.forEach(function (m) {
      var cols = positions[positions.length - 1], next = S.play(cols, m);
      saidList.push(S.said(cols, m, next.removed));
      positions.push(next.columns);
    });
    solutionShown = { base: base, moves: r.moves, proven: proven, positions: positions, said: saidList, step: 0 };
    summary.textContent = "A win in " + r.moves.length + " move" + (r.moves.length === 1 ? "" : "s") +
      (proven ? " (proven shortest)." : " (the shortest is still being proven…).");
    var list = $("solution-list");
    list.textContent = "";
    saidList.forEach(function (s, i) {
      var li = document.createElement("li");
      li.textContent = s;
      li.dataset.step = i;
      list.appendChild(li);
    });
    $("stepper").hidden = false;
    showStep(0);
    say("solution: " + summary.textContent);
  }

  function showStep(i) {
    var sol = solutionShown;
    if (!sol) return;
    i = Math.max(0, Math.min(sol.moves.length, i));
    sol.step = i;
    $("step-counter").textContent = "step " + i + " of " + sol.moves.length;
    var cols = sol.positions[i];
    var st = { columns: cols, names: cols.map(function (c) { return c.map(D.cardName); }),
               runs: cols.map(S.runLength), legal: [] };
    drawBoard($("step-board"), st, true);
    var m = sol.moves[i];
    if (m) {
      var col = $("step-board").querySelector('li.col[data-col="' + m.from + '"]').querySelectorAll(".card");
      Array.prototype.slice.call(col, col.length - m.cards).forEach(function (el) { el.classList.add("hint"); });
      $("step-board").querySelector('li.col[data-col="' + m.to + '"]').classList.add("hint-to");
    }
    $("step-said").textContent = m ? "next: " + sol.said[i] : "all the cards are cleared: the game is won";
    $("step-prev").disabled = $("step-first").disabled = i === 0;
    $("step-next").disabled = i === sol.moves.length;
    $("step-play").disabled = i !== 0;
    $("solution-list").querySelectorAll("li").forEach(function (li) {
      li.classList.toggle("current", +li.dataset.step === i);
    });
  }

  function review() {
    if (!game || !game.moves.length) return;
    var step = game.moves.length;
    return runSearch("reviewing your game", function (signal) {
      return reviewOf(signal).then(function (rv) {
        if (game && game.moves.length === step) showReview(rv);
      });
    });
  }

  function reviewOf(signal) {
    return api("/api/review", { position: game.steps[0].position, moves: game.moves.map(S.moveText) }, signal);
  }

  function costText(s) {
    if (s.losing) return "loses the game" + (s.best ? " (" + S.moveText(s.best) + " kept it winnable)" : "");
    if (s.cost) return "costs " + s.cost + " move" + (s.cost === 1 ? "" : "s") +
      (s.best ? " (" + S.moveText(s.best) + " was shorter)" : "");
    if (s.after === "LOST") return "the game was already lost";
    if (s.before === "UNKNOWN" || s.after === "UNKNOWN") return "not decided (the search ran out of time)";
    return "good";
  }

  function showReview(rv) {
    var list = $("review-list");
    list.textContent = "";
    var cols = game.steps[0].columns;
    rv.moves.forEach(function (s, i) {
      var li = document.createElement("li");
      var m = game.moves[i], said = S.said(game.steps[i].columns, m, S.play(game.steps[i].columns, m).removed);
      li.appendChild(document.createTextNode(said + ": "));
      var cost = document.createElement("span");
      cost.textContent = costText(s);
      cost.className = "cost" + (cost.textContent === "good" ? " good" : "");
      li.appendChild(cost);
      if (s.losing) li.classList.add("losing");
      if (s.losing || s.cost) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = "go back before it";
        b.addEventListener("click", function () { undoTo(s.number); });
        li.appendChild(b);
      }
      list.appendChild(li);
    });
    var lostAt = rv.first_losing;
    var parts = [rv.played + " move" + (rv.played === 1 ? "" : "s") + " played"];
    parts.push(lostAt ? "move " + lostAt + " lost the game" : "no move lost the game");
    if (rv.slow) parts.push(rv.slow + " move" + (rv.slow === 1 ? "" : "s") + " made the win longer");
    if (rv.optimum) parts.push("the shortest win from the start takes " + rv.optimum + " moves");
    $("review-summary").textContent = parts.join("; ") + ".";
    $("review-panel").hidden = false;
    void cols;
    say("review: " + $("review-summary").textContent);
  }

  // ---- the end of a game -----------------------------------------------------------------

  function stats() {
    try { return JSON.parse(localStorage.getItem(KEY_STATS)) || {}; } catch (e) { return {}; }
  }

  function count(won) {
    if (!game || game.counted) return;
    game.counted = true;
    var s = stats();
    s.played = (s.played || 0) + 1;
    s.won = (s.won || 0) + (won ? 1 : 0);
    s.streak = won ? (s.streak || 0) + 1 : 0;
    s.best_streak = Math.max(s.best_streak || 0, s.streak);
    if (won && game.deal !== null) {
      s.best = s.best || {};
      s.best[game.deal] = Math.min(s.best[game.deal] || Infinity, game.moves.length);
    }
    try { localStorage.setItem(KEY_STATS, JSON.stringify(s)); } catch (e) { /* private mode */ }
    save();
  }

  function statsText() {
    var s = stats();
    return "Games finished: " + (s.played || 0) + ", won: " + (s.won || 0) + ", streak: " + (s.streak || 0) +
      " (best " + (s.best_streak || 0) + ").";
  }

  function wonText() {
    var n = game.moves.length, opt = game.optimum;
    $("won-text").textContent = "You cleared " + game.label + " in " + n + " move" + (n === 1 ? "" : "s") + ".";
    $("won-best").textContent = opt === undefined ? "The shortest win: computing…"
      : typeof opt === "number" ? "The shortest win is " + opt + " moves (proven)" +
        (n === opt ? ": a perfect game!" : "; you played " + (n - opt) + " more.")
      : "The shortest win is not known (the search ran out of time).";
    var best = game.deal !== null && (stats().best || {})[game.deal];
    $("won-stats").textContent = statsText() + (best ? " Your best on deal " + game.deal + ": " + best + " moves." : "");
  }

  function won() {
    setStatus("WON", "won!");
    count(true);
    controls();
    setTimeout(function () {
      if (!game || !current().won) return;
      wonText();
      if (!$("won").open) $("won").showModal();
      $("won-next").focus();
    }, reduced.matches ? 0 : 700);
  }

  function lost(st) {
    if (!game || game.lostShown === game.moves.length || $("won").open) return;
    game.lostShown = game.moves.length;
    count(false);
    $("lost-text").textContent = (st.lost_why ? st.lost_why + ". " : "") +
      "No sequence of moves wins from this position.";
    $("lost-undo-there").hidden = true;
    $("lost-move").textContent = game.moves.length ? "Finding the move that lost the game…" : "This position was lost from the start.";
    if (!$("lost").open) $("lost").showModal();
    if (!game.moves.length) return;
    var step = game.moves.length;
    reviewOf().then(function (rv) {
      if (!game || game.moves.length !== step) return;
      var n = rv.first_losing;
      if (!n) { $("lost-move").textContent = "The start was already lost."; return; }
      var s = rv.moves[n - 1], cols = game.steps[n - 1].columns, m = game.moves[n - 1];
      $("lost-move").textContent = "Move " + n + " lost the game: " + S.said(cols, m, S.play(cols, m).removed) +
        (s.best ? ". Playing " + S.said(cols, s.best, S.play(cols, s.best).removed) + " instead kept it winnable." : ".");
      var b = $("lost-undo-there");
      b.hidden = false;
      b.textContent = "undo to before move " + n;
      b.onclick = function () { $("lost").close(); undoTo(n); };
    }).catch(function (e) { $("lost-move").textContent = "The review could not name the move: " + e.message; });
  }

  // ---- new games, the address, records -------------------------------------------------

  function localDate() {
    var d = new Date(), p = function (x) { return (x < 10 ? "0" : "") + x; };
    return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate());
  }

  function daily() {
    var date = localDate();
    return apiIfThere("daily", "/api/daily?date=" + date).then(function (d) {
      var deal = d ? String(d.deal) : date.replace(/-/g, "");   // an older server: the date's digits
      return openDeal(deal, { daily: date, difficulty: d && d.difficulty && d.difficulty.grade ? d.difficulty : null });
    }).catch(function (e) { say(e.message, true); });
  }

  function pickDeal() {
    var diff = $("difficulty").value, q = "?difficulty=" + encodeURIComponent(diff);
    if (diff !== "lost" && $("winnable").checked) q += "&winnable=1";
    return api("/api/pick" + q).then(function (d) { return openDeal(String(d.deal)); })
      .catch(function (e) { say(e.message, true); });
  }

  function nextDeal() {
    if (game && game.deal !== null) return openDeal((BigInt(game.deal) + 1n) % (MAX_DEAL + 1n) + "");
    return pickDeal();
  }

  function restart() {
    if (!game) return;
    var g = game;
    return startGame({ start: g.start, deal: g.deal, label: g.label, difficulty: g.difficulty, push: true,
                       daily: g.daily, said: "the game starts again" });
  }

  function fromAddress(push) {
    var q = new URLSearchParams(location.search);
    var moves = (q.get("moves") || "").split(",").filter(Boolean).map(S.readUrlMove);
    if (moves.some(function (m) { return !m; })) {
      say("the address's moves are not all like 3-6 or 3-6:2; the game starts without them", true);
      moves = [];
    }
    if (q.has("deal")) {
      var d = dealNumber(q.get("deal"));
      if (d.error) {
        game = null; clearPanels(); render(); showTitle();
        $("deal-number").value = q.get("deal");
        setStatus("", "");
        say(d.error + ". Type a deal number below or pick a deal.", true);
        return Promise.resolve();
      }
      return openDeal(d.deal, { moves: moves, push: push });
    }
    var cols = q.get("position").split("/").map(function (c) { return c ? c.split(".").join(" ") : ""; });
    return startGame({ start: cols.join("\n") + "\n", moves: moves, push: push, label: "position" });
  }

  function resume() {
    var saved;
    try { saved = JSON.parse(localStorage.getItem(KEY_GAME)); } catch (e) { saved = null; }
    if (!saved || !saved.start) return null;
    var opts = { start: saved.start, deal: saved.deal, label: saved.label, moves: saved.moves, redo: saved.redo,
                 daily: saved.daily, counted: saved.counted, said: "welcome back: your game is as you left it" };
    if (saved.deal === null) return startGame(opts);
    return api("/api/deal/" + saved.deal).then(function (ans) {
      opts.difficulty = ans.difficulty;
      return startGame(opts);
    });
  }

  function recordText() {
    var moves = game.moves.map(S.moveText);
    var body = { position: game.steps[0].position, deal: game.deal === null ? null : Number(game.deal), moves: moves };
    if (game.deal !== null && BigInt(game.deal) > BigInt(Number.MAX_SAFE_INTEGER)) body.deal = null;
    return apiIfThere("record", "/api/record", body).then(function (r) {
      if (r) return r.record;
      var head = game.deal !== null ? "deal " + game.deal + "\n" : "position\n" + game.steps[0].position;
      return "# Solodrez game record (drez review reads it)\n" + head + moves.map(function (m) { return m + "\n"; }).join("");
    });
  }

  function download() {
    return recordText().then(function (text) {
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.download = "solodrez-" + (game.deal !== null ? "deal-" + game.deal : "game") + ".txt";
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
      say("the game record is downloaded (" + game.moves.length + " moves); open it here or with drez review");
    }).catch(function (e) { say(e.message, true); });
  }

  /** A pasted or opened text: a game record (deal N / position, then moves) or a position. */
  function openText(text) {
    var lines = text.split(/\r?\n/), first = lines.map(function (l) { return l.split("#")[0].trim(); })
      .filter(Boolean)[0] || "";
    if (!first) { say("paste a position or a game record first", true); return Promise.resolve(); }
    closeOpenForm();
    if (!/^(deal|position)\b/.test(first)) {
      return startGame({ start: text, push: true, label: "pasted position" });
    }
    return apiIfThere("read-record", "/api/read-record", { record: text }).then(function (r) {
      var rec = r ? { deal: r.deal, start: r.position, moves: r.moves.map(function (m) {
        return typeof m === "string" ? S.readMoveText(m) : m; }) } : readRecord(lines);
      if (rec.error) { say(rec.error, true); return; }
      if (rec.deal !== null && rec.deal !== undefined) return openDeal(String(rec.deal), { moves: rec.moves });
      return startGame({ start: rec.start, moves: rec.moves, push: true, label: "opened record" });
    }).catch(function (e) { say(e.message, true); });
  }

  function closeOpenForm() {
    $("open-form").hidden = true;
    $("open-toggle").setAttribute("aria-expanded", "false");
  }

  function readRecord(lines) {
    var i = 0, strip = function (l) { return l.split("#")[0].trim(); };
    while (i < lines.length && !strip(lines[i])) i++;
    var head = strip(lines[i]).split(/\s+/), rec = { deal: null, start: null, moves: [] };
    i++;
    if (head[0] === "deal") {
      var d = dealNumber(head[1] || "");
      if (d.error) return { error: "line " + i + ": " + d.error };
      rec.deal = d.deal;
    } else {
      var block = [];
      while (block.length < 9 && i < lines.length) {
        if (lines[i].trim().charAt(0) !== "#") block.push(lines[i]);
        i++;
      }
      if (block.length < 9) return { error: "the record's position has " + block.length + " column lines; it needs nine" };
      rec.start = block.join("\n") + "\n";
    }
    for (; i < lines.length; i++) {
      var t = strip(lines[i]);
      if (!t) continue;
      var m = S.readMoveText(t);
      if (!m) return { error: "line " + (i + 1) + ": “" + t.slice(0, 20) + "” is not a move like 3>6 or 3>6:2" };
      rec.moves.push(m);
    }
    return rec;
  }

  function copy(text, what) {
    var done = function () { say(what + " copied"); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(text, what); });
    }
    fallbackCopy(text, what);
    return Promise.resolve();
  }

  function fallbackCopy(text, what) {
    $("open-form").hidden = false;
    $("open-toggle").setAttribute("aria-expanded", "true");
    $("open-text").value = text;
    $("open-text").select();
    say("the browser did not let the page copy: the " + what + " is selected in the box below; copy it with Ctrl+C");
  }

  // ---- wiring --------------------------------------------------------------------------

  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("solution").addEventListener("click", solution);
  $("review").addEventListener("click", review);
  $("stop").addEventListener("click", function () { stopSearch(false); say("stopped; the game is as it was"); });
  $("close-solution").addEventListener("click", function () { solutionShown = null; $("solution-panel").hidden = true; });
  $("close-review").addEventListener("click", function () { $("review-panel").hidden = true; });
  $("step-first").addEventListener("click", function () { showStep(0); });
  $("step-prev").addEventListener("click", function () { showStep(solutionShown.step - 1); });
  $("step-next").addEventListener("click", function () { showStep(solutionShown.step + 1); });
  $("step-play").addEventListener("click", function () { if (solutionShown) play(solutionShown.moves[0]); });
  $("stepper").addEventListener("keydown", function (ev) {
    if (!solutionShown) return;
    if (ev.key === "ArrowRight") { showStep(solutionShown.step + 1); ev.preventDefault(); ev.stopPropagation(); }
    if (ev.key === "ArrowLeft") { showStep(solutionShown.step - 1); ev.preventDefault(); ev.stopPropagation(); }
  });

  $("open-deal").addEventListener("submit", function (ev) { ev.preventDefault(); openDeal($("deal-number").value); });
  $("next-deal").addEventListener("click", nextDeal);
  $("daily").addEventListener("click", daily);
  $("pick").addEventListener("click", pickDeal);
  $("difficulty").addEventListener("change", controls);
  $("restart").addEventListener("click", restart);
  $("copy-link").addEventListener("click", function () { copy(location.href, "link"); });
  $("copy-position").addEventListener("click", function () { copy(current().position, "position"); });
  $("download").addEventListener("click", download);
  $("open-toggle").addEventListener("click", function () {
    var f = $("open-form"); f.hidden = !f.hidden;
    $("open-toggle").setAttribute("aria-expanded", String(!f.hidden));
    if (!f.hidden) $("open-text").focus();
  });
  $("open-form").addEventListener("submit", function (ev) { ev.preventDefault(); openText($("open-text").value); });
  $("open-file").addEventListener("change", function () {
    var f = $("open-file").files[0];
    if (!f) return;
    if (f.size > 65536) { say("that file is too large to be a game record (over 64 KB)", true); return; }
    f.text().then(function (t) { $("open-text").value = t; return openText(t); });
  });

  $("help").addEventListener("click", function () { $("guide").showModal(); });
  $("guide-close").addEventListener("click", function () { $("guide").close(); });
  $("guide").addEventListener("close", function () {
    try { localStorage.setItem(KEY_GUIDE, "1"); } catch (e) { /* private mode */ }
  });
  $("stats").addEventListener("click", function () {
    var s = stats(), dl = $("stats-list"), best = s.best || {};
    dl.textContent = "";
    [["games finished", s.played || 0], ["won", s.won || 0],
     ["won, share", s.played ? Math.round(100 * (s.won || 0) / s.played) + "%" : "–"],
     ["current streak", s.streak || 0], ["best streak", s.best_streak || 0]].concat(
      Object.keys(best).slice(-8).map(function (d) { return ["best on deal " + d, best[d] + " moves"]; }))
      .forEach(function (row) {
        var dt = document.createElement("dt"), dd = document.createElement("dd");
        dt.textContent = row[0]; dd.textContent = row[1];
        dl.appendChild(dt); dl.appendChild(dd);
      });
    $("stats-dialog").showModal();
  });
  $("stats-close").addEventListener("click", function () { $("stats-dialog").close(); });
  $("won-next").addEventListener("click", function () { $("won").close(); nextDeal(); });
  $("won-replay").addEventListener("click", function () { $("won").close(); restart(); });
  $("won-close").addEventListener("click", function () { $("won").close(); });
  $("lost-undo").addEventListener("click", function () { $("lost").close(); undo(); });
  $("lost-restart").addEventListener("click", function () { $("lost").close(); restart(); });
  $("lost-next").addEventListener("click", function () { $("lost").close(); nextDeal(); });
  $("lost-close").addEventListener("click", function () { $("lost").close(); });

  document.addEventListener("keydown", function (ev) {
    if (document.querySelector("dialog[open]")) return;              // a dialog has the keys
    var t = ev.target, tag = t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var k = ev.key;
    if (ev.ctrlKey || ev.metaKey) {
      if (k === "z" && !ev.shiftKey) { undo(); ev.preventDefault(); }
      else if (k === "y" || (k === "Z" && ev.shiftKey)) { redo(); ev.preventDefault(); }
      return;
    }
    if (ev.altKey) return;
    var onBoard = $("board").contains(t);
    if (/^[1-9]$/.test(k)) {
      if (!game || moving) return;
      var c = +k;
      if (!pick) { focusColumn(c); pickRun(c, current().runs[c - 1] || 1, true); }
      else if (pick.col === c) sendBest();
      else { focusColumn(c); moveTo(c); }
      ev.preventDefault();
    } else if (k === "Escape") { cancelPick(false); }
    else if (onBoard && (k === "ArrowRight" || k === "ArrowLeft")) {
      focusColumn((focusCol + (k === "ArrowRight" ? 0 : 7)) % 9 + 1);
      ev.preventDefault();
    } else if (onBoard && pick && (k === "ArrowUp" || k === "ArrowDown")) {
      var n = pick.cards + (k === "ArrowUp" ? 1 : -1);
      if (n >= 1 && n <= current().runs[pick.col - 1]) pickRun(pick.col, n, false);
      ev.preventDefault();
    } else if (onBoard && (k === "Home" || k === "End")) {
      focusColumn(k === "Home" ? 1 : 9);
      ev.preventDefault();
    } else if (k === "h") hint();
    else if (k === "u") undo();
    else if (k === "r") redo();
    else if (k === "s") solution();
    else if (k === "n") nextDeal();
    else if (k === "?") $("guide").showModal();
  });

  window.addEventListener("resize", function () {
    if (game) layout($("board"), current(), false);
    if (solutionShown && !$("solution-panel").hidden) showStep(solutionShown.step);
  });
  window.addEventListener("popstate", function () {
    if (location.search) fromAddress(false);
  });

  // ---- start -------------------------------------------------------------------------------

  controls();
  var started = location.search && (new URLSearchParams(location.search).has("deal") ||
                                    new URLSearchParams(location.search).has("position"))
    ? fromAddress(false) : (resume() || daily());
  Promise.resolve(started).catch(function () { return daily(); }).then(function () {
    var seen = null;
    try { seen = localStorage.getItem(KEY_GUIDE); } catch (e) { seen = "1"; }
    if (!seen && !$("guide").open) $("guide").showModal();
    document.documentElement.dataset.ready = "1";
  });
  window.drezGame = function () { return game; };
})();
