// Solodrez rules the page needs between two server answers (seeds/solodrez.md): reading the
// position text, the ordered run at the top of a column (S5, S9), why a move is refused,
// and playing a move (S4, S11, S13) to draw it at once and to preview solution steps.
// The server stays the judge: legal moves and positions of the game come from /api/*.
(function (D) {
  "use strict";
  var S = D.solodrez = {};

  /** The nine columns (lists of card codes, bottom to top) of a position text. */
  S.columns = function (text) {
    var lines = text.split("\n").filter(function (ln) { return ln.trim().charAt(0) !== "#"; });
    var cols = [];
    for (var i = 0; i < 9; i++) {
      var ln = (lines[i] || "").trim();
      cols.push(ln ? ln.split(/\s+/) : []);
    }
    return cols;
  };

  /** The position text of nine columns. */
  S.text = function (cols) {
    return cols.map(function (c) { return c.join(" "); }).join("\n") + "\n";
  };

  /** The rank the run's first card plays, or 0 when `cards` (bottom to top) is not an
   *  ordered run; a run of neutrals only answers the highest rank it may start at. */
  S.runTop = function (cards) {
    var k = cards.length, top = null;
    for (var i = 0; i < k; i++) {
      var r = D.rankOf(cards[i]);
      if (r > 0) {
        var t = r + i;
        if (top === null) top = t; else if (t !== top) return 0;
      }
    }
    if (top === null) top = 6;                       // neutrals only: Joker down
    return top <= 6 && top - (k - 1) >= 1 ? top : 0;
  };

  /** The number of cards at the top of `col` that form an ordered run (0 if empty). */
  S.runLength = function (col) {
    var k = 0;
    while (k < col.length && S.runTop(col.slice(col.length - k - 1))) k++;
    return k;
  };

  /** Why the last `k` cards of column `from` (1-9) cannot go onto column `to`: a sentence,
   *  for a move the server's legal list does not hold. */
  S.whyNot = function (cols, from, k, to) {
    var src = cols[from - 1], dst = cols[to - 1], run = src.slice(src.length - k);
    var first = D.cardName(run[0]);
    if (k > S.runLength(src)) return first + " cannot move with the cards above it: not an ordered run";
    if (from === to) return "the cards are already in column " + to;
    if (!dst.length) return "an empty column takes only a Joker (or a neutral playing Joker); " +
      first + " is not one";
    var last = dst[dst.length - 1];
    if (D.rankOf(last) === 1) return "nothing goes onto a Pawn (" + D.cardName(last) + " tops column " + to + ")";
    if (D.isNeutral(last)) return "a neutral takes a run that starts at most at Queen; this one starts with a Joker";
    return D.cardName(last) + " takes a " + D.RANK_NAMES[D.rankOf(last) - 1] + " (or a neutral playing one); " +
      first + " does not fit";
  };

  function isSeries(col) {
    if (col.length !== 6) return false;
    for (var i = 0; i < 6; i++) if (D.rankOf(col[i]) !== 6 - i) return false;
    return true;
  }

  /** Play move {from, to, cards} on `cols`: {columns, removed: column numbers whose
   *  complete series was removed, won}.  Does not check legality. */
  S.play = function (cols, move) {
    var next = cols.map(function (c) { return c.slice(); });
    var src = next[move.from - 1];
    var run = src.splice(src.length - move.cards, move.cards);
    next[move.to - 1] = next[move.to - 1].concat(run);
    var removed = [];
    [move.to, move.from].forEach(function (c) {
      if (isSeries(next[c - 1])) { next[c - 1] = []; removed.push(c); }
    });
    var real = next.some(function (c) { return c.some(function (x) { return !D.isNeutral(x); }); });
    if (!real) next = next.map(function () { return []; });
    return { columns: next, removed: removed, won: !real };
  };

  /** The move in words: "Pawn 5 from column 8 onto column 9" / "3 cards (Bishop 6 to Pawn 5)
   *  from column 9 onto column 6; the series in column 6 is removed". */
  S.said = function (cols, move, removed) {
    var src = cols[move.from - 1], run = src.slice(src.length - move.cards);
    var what = run.length === 1 ? D.cardName(run[0])
      : run.length + " cards (" + D.cardName(run[0]) + " to " + D.cardName(run[run.length - 1]) + ")";
    var s = what + " from column " + move.from + " onto column " + move.to;
    (removed || []).forEach(function (c) { s += "; the series in column " + c + " is removed"; });
    return s;
  };

  /** "3>6:2" (the server's and `drez`'s notation) and "3-6:2" (the address's). */
  S.moveText = function (m) { return m.from + ">" + m.to + ":" + m.cards; };
  S.urlMove = function (m) { return m.from + "-" + m.to + (m.cards > 1 ? ":" + m.cards : ""); };
  S.readUrlMove = function (s) {
    var m = /^([1-9])-([1-9])(?::([1-9][0-9]?))?$/.exec(s);
    return m ? { from: +m[1], to: +m[2], cards: m[3] ? +m[3] : 1 } : null;
  };
  S.readMoveText = function (s) {
    var m = /^([1-9])\s*>\s*([1-9])(?:\s*:\s*([1-9][0-9]?))?$/.exec(s.trim());
    return m ? { from: +m[1], to: +m[2], cards: m[3] ? +m[3] : null } : null;
  };
})(window.Drez = window.Drez || {});
