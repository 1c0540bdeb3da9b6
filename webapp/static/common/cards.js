// The drez card look, drawn in the DOM (shared by the Solodrez, Crapette and Up-and-down
// pages and the rules pages).  A card is an element whose visible face is hidden from
// screen readers and whose name ("Queen 7", "neutral 2") is real text they read.
(function (D) {
  "use strict";
  var RANKS = { J: ["Joker", 6], Q: ["Queen", 5], R: ["Rook", 4], B: ["Bishop", 3],
                N: ["Knight", 2], P: ["Pawn", 1], X: ["neutral", 0] };
  var GLYPHS = { J: "\u2605", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F",
                 X: "\u2731" };
  var COLOURS = ["", "gray", "red", "magenta", "purple", "blue", "yellow", "cyan", "orange",
                 "green"];

  D.RANK_NAMES = { 6: "Joker", 5: "Queen", 4: "Rook", 3: "Bishop", 2: "Knight", 1: "Pawn" };

  /** The rank a card plays by itself: 6 (Joker) .. 1 (Pawn); 0 for a neutral. */
  D.rankOf = function (code) { return (RANKS[code.charAt(0)] || ["", -1])[1]; };

  D.isNeutral = function (code) { return code.charAt(0) === "X"; };

  /** A person's name of a card code: "Q7" -> "Queen 7", "X2" -> "neutral 2". */
  D.cardName = function (code) {
    var r = RANKS[code.charAt(0)];
    return r ? r[0] + " " + code.slice(1) : code;
  };

  /** The colour named by the card's number ("" for a neutral). */
  D.colourName = function (code) {
    return D.isNeutral(code) ? "" : (COLOURS[+code.slice(1)] || "");
  };

  /** A card element <tag class="card">: the face (letter, number, colour band, symbol) for
   *  the eyes, and the card's name for screen readers.  `name` overrides the name read. */
  D.cardElement = function (code, tag, name) {
    var el = document.createElement(tag || "div");
    el.className = "card" + (D.isNeutral(code) ? " neutral" : " c" + code.slice(1));
    el.dataset.card = code;
    var said = document.createElement("span");
    said.className = "vh";
    said.textContent = name || D.cardName(code);
    var face = document.createElement("span");
    face.className = "face";
    face.setAttribute("aria-hidden", "true");
    var corner = document.createElement("span");
    corner.className = "corner";
    corner.textContent = code.charAt(0) + code.slice(1);
    var pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = GLYPHS[code.charAt(0)] || "?";
    face.appendChild(corner);
    face.appendChild(pip);
    el.appendChild(said);
    el.appendChild(face);
    return el;
  };

  /** A fan of cards, top card last, as a list <ol class="fan"> for pictures (rules page):
   *  `codes` bottom to top; `label` names the list for screen readers. */
  D.fan = function (codes, label) {
    var ol = document.createElement("ol");
    ol.className = "fan";
    if (label) ol.setAttribute("aria-label", label);
    codes.forEach(function (code, i) {
      var li = D.cardElement(code, "li");
      li.style.setProperty("--i", i);
      ol.appendChild(li);
    });
    ol.style.setProperty("--n", codes.length);
    return ol;
  };
})(window.Drez = window.Drez || {});
