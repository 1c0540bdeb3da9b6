// The rules page's pictures, drawn with the cards of the game (common/cards.js): each
// <figure class="pic" data-cols="J1 Q2|X1 B2"> shows those columns; with data-arrow="2>1:3"
// it shows the table before the move (the run marked) and after it (solodrez/rules.js).
(function (D) {
  "use strict";
  var S = D.solodrez;

  function table(cols, label, run) {
    var wrap = document.createElement("div");
    wrap.className = "pic-table";
    var ol = document.createElement("ol");
    ol.className = "pic-cols";
    ol.setAttribute("aria-label", label);
    cols.forEach(function (col, i) {
      var li = document.createElement("li");
      var head = document.createElement("span");
      head.className = "pic-head";
      head.textContent = "column " + (i + 1);
      li.appendChild(head);
      var fan = D.fan(col, "column " + (i + 1) + (col.length ? "" : ", empty"));
      if (!col.length) fan.classList.add("empty");
      if (run && run.from === i + 1) {
        var cards = fan.querySelectorAll(".card");
        for (var k = cards.length - run.cards; k < cards.length; k++) cards[k].classList.add("hint");
      }
      li.appendChild(fan);
      ol.appendChild(li);
    });
    var cap = document.createElement("p");
    cap.className = "pic-label";
    cap.textContent = label;
    cap.setAttribute("aria-hidden", "true");
    wrap.appendChild(cap);
    wrap.appendChild(ol);
    return wrap;
  }

  document.querySelectorAll("figure.pic[data-cards]").forEach(function (fig) {
    var ol = document.createElement("ol");
    ol.className = "pic-row";
    ol.setAttribute("aria-label", "the cards");
    fig.dataset.cards.split(/\s+/).forEach(function (code) { ol.appendChild(D.cardElement(code, "li")); });
    fig.insertBefore(ol, fig.firstChild);
  });

  document.querySelectorAll("figure.pic[data-cols]").forEach(function (fig) {
    var cols = fig.dataset.cols.split("|").map(function (c) { return c.trim() ? c.trim().split(/\s+/) : []; });
    var box = document.createElement("div");
    box.className = "pic-box";
    var move = fig.dataset.arrow ? S.readMoveText(fig.dataset.arrow) : null;
    if (!move) {
      box.appendChild(table(cols, "the cards"));
    } else {
      var after = S.play(cols, move);
      box.appendChild(table(cols, "before", move));
      var arrow = document.createElement("span");
      arrow.className = "pic-arrow";
      arrow.setAttribute("aria-hidden", "true");
      arrow.textContent = "\u2192";
      box.appendChild(arrow);
      var done = table(after.columns, after.removed.length
        ? "after: the series in column " + after.removed.join(", ") + " is removed" : "after");
      box.appendChild(done);
    }
    fig.insertBefore(box, fig.firstChild);
  });
})(window.Drez);
