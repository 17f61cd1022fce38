/* The match page of `aluette report --format html`: what the script adds to
   the plain HTML.  Everything it shows is read from the page itself (the
   engine's results, written out by aluette): it works no rule out again.
   No framework, no network. */
(function () {
  "use strict";
  var started = performance.now();
  var SVGNS = "http://www.w3.org/2000/svg";
  var SEATS = ["N", "E", "S", "W"];
  var LEFT = { N: "E", E: "S", S: "W", W: "N" };
  var info = JSON.parse(document.getElementById("aluette-cards").textContent);

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function sv(tag, attrs, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function seatOf(node) {
    for (var i = 0; i < 4; i++) if (node.classList.contains(SEATS[i])) return SEATS[i];
    return "";
  }
  function words(text) { return text.trim().split(/\s+/).filter(Boolean); }
  function isCard(c) { return Object.prototype.hasOwnProperty.call(info.names, c); }
  function icon(suit) {
    var s = sv("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
    s.appendChild(sv("use", { href: "#s-" + suit }));
    return s;
  }

  /* A card face: rank, suit symbol, and the name of the named cards. */
  function face(card) {
    var f = el("span", "card s" + card[1]);
    f.setAttribute("role", "img");
    f.setAttribute("aria-label", card + ", " + info.names[card]);
    f.title = card + ": " + info.names[card];
    f.dataset.card = card;
    f.appendChild(el("b", "rank", card[0]));
    f.appendChild(icon(card[1]));
    var nick = info.nick[card];
    if (nick) {
      f.classList.add("named");
      f.appendChild(el("i", "nick", nick));
    }
    return f;
  }
  /* A card code in a table cell gets its suit symbol in front. */
  function chip(cell) {
    var code = firstText(cell);
    if (!isCard(code) || cell.querySelector("svg")) return;
    cell.classList.add("chip", "s" + code[1]);
    cell.title = info.names[code];
    cell.insertBefore(icon(code[1]), cell.firstChild);
  }

  /* ---------------------------------------------------------------- reading */

  function firstText(node) {
    for (var n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && n.textContent.trim()) return n.textContent.trim();
    }
    return node.textContent.trim();
  }

  /* The tricks of a deal as the page writes them: plays in play order, the
     winner, the why, the notes and findings rows that belong to each. */
  function readTricks(table) {
    var tricks = [];
    var pending = [];
    var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      if (row.classList.contains("note")) {
        if (row.classList.contains("sig")) pending.push(row);
        else if (tricks.length) tricks[tricks.length - 1].notes.push(row);
        continue;
      }
      var cells = row.cells;
      var leader = cells[1].textContent.trim();
      var plays = [];
      var spread = cells[2].classList.contains("plays");
      if (spread) {
        var spans = cells[2].querySelectorAll("span[data-card]");
        for (var j = 0; j < spans.length; j++) {
          plays.push({ seat: spans[j].dataset.seat || "", card: spans[j].dataset.card, cell: spans[j] });
        }
      } else {
        var bySeat = {};
        for (var s = 0; s < 4; s++) bySeat[SEATS[s]] = cells[2 + s];
        var order = row.dataset.o ? row.dataset.o.split("") : [];
        if (!order.length && leader) {
          var seat = leader;
          for (var n = 0; n < 4; n++) { order.push(seat); seat = LEFT[seat]; }
        }
        order.forEach(function (seat) {
          var cell = bySeat[seat];
          var card = cell ? firstText(cell) : "";  /* an analysed play's mark follows the card */
          if (isCard(card)) plays.push({ seat: seat, card: card, cell: cell });
        });
      }
      plays.forEach(function (p) {
        var c = p.cell.classList;
        p.mark = c.contains("w") ? "win" : c.contains("x") ? "gone" : c.contains("t") ? "tie" : "";
        /* an analysed play: its values with all cards seen, as seen, its mark */
        var d = p.cell.dataset, flag = p.cell.querySelector(".mk");
        p.v = d.v ? d.v.split(" ").map(Number) : null;
        p.s = d.m ? d.m.split(" ") : null;
        p.flag = flag ? flag.textContent : "";
      });
      var n = cells.length;  /* the plays of an odd trick share one cell */
      tricks.push({
        row: row,
        number: cells[0].textContent.trim(),
        leader: leader,
        plays: plays,
        won: cells[n - 2].textContent.trim(),
        why: firstText(cells[n - 1]),
        notes: [],
        before: pending
      });
      pending = [];
    }
    return tricks;
  }

  function readHands(deal, chanted) {
    var hands = {};
    deal.querySelectorAll(".board .seat").forEach(function (seat) {
      var hand = seat.querySelector(".hand");
      hands[seatOf(seat)] = hand ? words(hand.textContent).filter(isCard) : [];
    });
    /* The cards a chant exchange takes from the stock are played from the
       hand too: the table view holds them after the exchange. */
    if (chanted) deal.querySelectorAll(".chant[data-seat]").forEach(function (chant) {
      var seat = chant.dataset.seat;
      var takes = chant.querySelector(".takes"), discards = chant.querySelector(".discards");
      /* taken first, then discarded: a card taken may go back at once */
      var hand = (hands[seat] || []).concat(takes ? words(takes.textContent).filter(isCard) : []);
      (discards ? words(discards.textContent) : []).forEach(function (c) {
        var at = hand.indexOf(c);
        if (at >= 0) hand.splice(at, 1);
      });
      hands[seat] = hand;
    });
    return hands;
  }

  /* ----------------------------------------------------------------- charts */

  function chart(width, height, label) {
    var s = sv("svg", { viewBox: "0 0 " + width + " " + height, "class": "chart", role: "img" });
    s.appendChild(sv("title", {}, label));
    return s;
  }

  /* The trick-count race: each player's tricks after each trick. */
  function raceChart(deal, winners, title) {
    var n = winners.length;
    var counts = { N: [0], E: [0], S: [0], W: [0] };
    winners.forEach(function (w) {
      SEATS.forEach(function (s) {
        var last = counts[s][counts[s].length - 1];
        counts[s].push(last + (w === s ? 1 : 0));
      });
    });
    var top = Math.max(3, Math.max.apply(null, SEATS.map(function (s) { return counts[s][n]; })));
    var W = 260, H = 130, L = 22, R = 34, T = 10, B = 20;
    var x = function (t) { return L + (t * (W - L - R)) / Math.max(n, 1); };
    var y = function (c) { return H - B - (c * (H - T - B)) / top; };
    var finals = SEATS.map(function (s) { return s + " " + counts[s][n]; }).join(", ");
    var svgEl = chart(W, H, title + ": " + finals + (deal.dataset.tie ? "; tie-break " + deal.dataset.tie : ""));
    for (var c = 0; c <= top; c++) {
      svgEl.appendChild(sv("line", { "class": c ? "grid" : "axis", x1: L, x2: W - R, y1: y(c), y2: y(c) }));
      svgEl.appendChild(sv("text", { x: L - 6, y: y(c) + 3, "text-anchor": "end" }, String(c)));
    }
    for (var t = 1; t <= n; t++) {
      svgEl.appendChild(sv("text", { x: x(t), y: H - 6, "text-anchor": "middle" }, String(t)));
    }
    var offset = { N: -1.5, E: -0.5, S: 0.5, W: 1.5 };
    var ends = [];
    SEATS.forEach(function (s) {
      var d = "M" + x(0) + " " + (y(0) + offset[s]);
      for (var t = 1; t <= n; t++) d += "H" + x(t) + "V" + (y(counts[s][t]) + offset[s]);
      svgEl.appendChild(sv("path", { "class": "line " + s, d: d }));
      ends.push({ seat: s, y: y(counts[s][n]) + offset[s] });
    });
    /* the labels at the lines' ends, a line of text apart, kept inside the chart */
    var gap = 12;
    ends.sort(function (a, b) { return a.y - b.y; });
    for (var i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + gap);
    var over = ends[ends.length - 1].y - (H - B);
    if (over > 0) {
      ends[ends.length - 1].y -= over;
      for (i = ends.length - 2; i >= 0; i--) ends[i].y = Math.min(ends[i].y, ends[i + 1].y - gap);
    }
    ends.forEach(function (e) {
      svgEl.appendChild(sv("text", { "class": e.seat, x: W - R + 4, y: e.y + 3 }, e.seat + " " + counts[e.seat][n]));
    });
    if (deal.dataset.tie) {
      /* who reached the tied count when: the engine's tie-break */
      var reached = words(deal.dataset.tie).map(function (w) { var p = w.split(":"); return { seat: p[0], at: +p[1] }; });
      var total = +deal.dataset.tt;
      svgEl.appendChild(sv("line", { "class": "target", x1: L, x2: W - R, y1: y(total), y2: y(total) }));
      reached.forEach(function (r) {
        svgEl.appendChild(sv("circle", { "class": "mark " + r.seat + (r.seat === deal.dataset.tw ? " first" : ""), cx: x(r.at), cy: y(total), r: 4.5 }));
      });
    }
    var cursor = sv("line", { "class": "cursor", x1: 0, x2: 0, y1: T, y2: H - B, visibility: "hidden" });
    svgEl.appendChild(cursor);
    return {
      svg: svgEl,
      show: function (t) {
        if (t === null) { cursor.setAttribute("visibility", "hidden"); return; }
        t = Math.min(t, n);  /* (a trick played after the tricks that count) */
        cursor.setAttribute("x1", x(t)); cursor.setAttribute("x2", x(t));
        cursor.setAttribute("visibility", "visible");
      }
    };
  }

  /* The game's score after each deal, with a link from each dot to its deal. */
  function scoreChart(game) {
    var box = game.querySelector(".scoreboard");
    var deals = game.querySelectorAll("section.deal");
    if (!box || !deals.length) return;
    var ns = [0], ew = [0], cur = [0, 0];
    var ids = [null], scored = [false];
    deals.forEach(function (d) {
      if (d.dataset.s) cur = d.dataset.s.split(" ").map(Number);
      ns.push(cur[0]); ew.push(cur[1]); ids.push(d.id); scored.push(!!d.dataset.s);
    });
    var n = deals.length;
    var top = Math.max(1, Math.max.apply(null, ns.concat(ew)));
    /* drawn at the width it is shown at, so that its words keep their size on a phone */
    var W = Math.max(280, Math.min(520, box.clientWidth - 32 || 520)), H = 120, L = 26, R = 44, T = 10, B = 20;
    var x = function (i) { return L + (i * (W - L - R)) / n; };
    var y = function (v) { return H - B - (v * (H - T - B)) / top; };
    var s = chart(W, H, "Score after each deal: NS " + ns[n] + ", EW " + ew[n]);
    var step = Math.max(1, Math.ceil(top / 6));
    for (var v = 0; v <= top; v += step) {
      s.appendChild(sv("line", { "class": v ? "grid" : "axis", x1: L, x2: W - R, y1: y(v), y2: y(v) }));
      s.appendChild(sv("text", { x: L - 6, y: y(v) + 3, "text-anchor": "end" }, String(v)));
    }
    var every = Math.max(1, Math.ceil(n / 20));
    for (var i = 1; i <= n; i += every) {
      s.appendChild(sv("text", { x: x(i), y: H - 6, "text-anchor": "middle" }, String(i)));
    }
    [["NS", ns, -1], ["EW", ew, 1]].forEach(function (team) {
      var vals = team[1], off = team[2];
      var d = "M" + x(0) + " " + (y(0) + off);
      for (var i = 1; i <= n; i++) d += "H" + x(i) + "V" + (y(vals[i]) + off);
      s.appendChild(sv("path", { "class": "line " + team[0], d: d }));
      for (i = 1; i <= n; i++) {
        if (!scored[i]) continue;
        var a = sv("a", { href: "#" + ids[i] });
        a.appendChild(sv("title", {}, "after deal " + i + ": NS " + ns[i] + ", EW " + ew[i]));
        a.appendChild(sv("circle", { "class": "dot " + team[0], cx: x(i), cy: y(vals[i]) + off, r: n > 60 ? 2 : 3.5 }));
        s.appendChild(a);
      }
      s.appendChild(sv("text", { "class": team[0], x: W - R + 5, y: y(vals[n]) + off * 6 + 3 }, team[0] + " " + vals[n]));
    });
    var chartBox = el("div");
    chartBox.appendChild(s);
    chartBox.appendChild(el("figcaption", "", "The score after each deal (each dot leads to its deal)"));
    box.insertBefore(chartBox, box.firstChild);
  }

  /* ------------------------------------------------------------- table view */

  function button(text, label) {
    var b = el("button", "", text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.title = label;
    return b;
  }

  /* The hands and the stock as card faces; the faces of each seat by card. */
  function dress(deal, board, chanted) {
    board.classList.add("dressed");
    var hands = readHands(deal, chanted);
    var faces = {};
    board.querySelectorAll(".seat").forEach(function (seat) {
      var s = seatOf(seat), hand = seat.querySelector(".hand");
      if (!hand) { hand = el("p", "hand"); seat.insertBefore(hand, seat.querySelector("h4").nextSibling); }
      hand.textContent = "";
      hand.setAttribute("aria-label", s + "'s hand");
      faces[s] = {};
      (hands[s] || []).forEach(function (card) {
        var f = face(card);
        faces[s][card] = f;
        hand.appendChild(f);
      });
    });
    var stock = board.querySelector(".stock .cards");
    if (stock) {
      var cards = words(stock.textContent).filter(isCard);
      /* after a chant, the cards out of play: the stock less the cards
         taken from it, and the discards (else a card taken stood twice on
         the table, in its new hand and in the stock) */
      if (chanted) deal.querySelectorAll(".chant[data-seat]").forEach(function (chant) {
        var takes = chant.querySelector(".takes"), discards = chant.querySelector(".discards");
        (takes ? words(takes.textContent).filter(isCard) : []).forEach(function (c) {
          var at = cards.indexOf(c);
          if (at >= 0) cards.splice(at, 1);
        });
        cards = cards.concat(discards ? words(discards.textContent).filter(isCard) : []);
      });
      stock.textContent = "";
      cards.forEach(function (c) { stock.appendChild(face(c)); });
    }
    return faces;
  }

  function makeViewer(deal, tricks, race) {
    var board = deal.querySelector(".board");
    var play = deal.querySelector(".play");
    if (!board) {
      board = el("div", "board");
      SEATS.forEach(function (s) {
        var seat = el("div", "seat " + s);
        seat.appendChild(el("h4", "", s));
        board.appendChild(seat);
      });
      play.insertBefore(board, play.firstChild);
    }
    var faces = dress(deal, board, true);
    var centre = el("div", "centre");
    centre.setAttribute("aria-hidden", "true");
    board.appendChild(centre);

    var viewer = el("div", "viewer");
    viewer.tabIndex = 0;
    viewer.setAttribute("role", "group");
    viewer.setAttribute("aria-label", "Table view of " + deal.querySelector("h3").textContent +
      ": the arrow keys play the cards one at a time");
    play.insertBefore(viewer, board);
    viewer.appendChild(board);
    var controls = el("div", "controls");
    var first = button("Dealt", "Back to the hands as dealt (Home)");
    var prevTrick = button("\u25C0\u25C0 trick", "Previous trick (Up arrow)");
    var prev = button("\u25C0 card", "Previous card (Left arrow)");
    var next = button("card \u25B6", "Next card (Right arrow)");
    var nextTrick = button("trick \u25B6\u25B6", "Next trick (Down arrow)");
    var last = button("End", "The whole deal played (End)");
    var where = el("span", "where");
    [first, prevTrick, prev, next, nextTrick, last, where].forEach(function (b) { controls.appendChild(b); });
    viewer.appendChild(controls);
    var caption = el("div", "caption");
    caption.setAttribute("aria-live", "polite");
    viewer.appendChild(caption);

    var ends = [], total = 0;
    tricks.forEach(function (t) { total += t.plays.length; ends.push(total); });
    var outcome = deal.querySelector(".out");
    var k = 0;

    function trickAt(step) {
      for (var i = 0; i < ends.length; i++) if (ends[i] >= step && tricks[i].plays.length) return i;
      return ends.length - 1;
    }
    function says(parent, text, cls) { parent.appendChild(el("p", cls || "", text)); }
    function worth(v) { return info.values[String(v)] || "value " + v; }
    function signed(x) { var n = Number(x); return (n > 0 ? "+" : n < 0 ? "\u2212" : "") + Math.abs(n).toFixed(2); }
    /* An analysed play's values, as the page writes them: the value with all
       cards seen after it (and before it, when it changed), and as seen. */
    function values(p) {
      if (p.v) {
        says(caption, (p.flag ? p.flag + " " : "") + "With all cards seen: " + worth(p.v[1]) +
          (p.v[0] !== p.v[1] ? " (before " + p.card + ": " + worth(p.v[0]) + ")." : "."), "vals");
      }
      if (p.s) {
        says(caption, "As " + (p.seat || "the player") + " saw it: " + p.card + " gives NS " +
          signed(p.s[0]) + " on average" + (p.s[2] !== p.card ? "; " + p.s[2] + " " + signed(p.s[1]) + "." : ", as much as any card."), "vals");
      }
    }

    function render() {
      var played = {};
      var i = k ? trickAt(k) : -1;
      var shown = i < 0 ? 0 : k - (i ? ends[i - 1] : 0);
      for (var j = 0, step = 0; j < tricks.length && step < k; j++) {
        tricks[j].plays.forEach(function (p) { if (step < k) { played[p.seat + p.card] = true; step++; } });
      }
      SEATS.forEach(function (s) {
        for (var c in faces[s]) faces[s][c].classList.toggle("played", !!played[s + c]);
      });
      centre.textContent = "";
      caption.textContent = "";
      tricks.forEach(function (t, j) { t.row.classList.toggle("now", j === i); });
      if (i < 0) {
        centre.appendChild(el("p", "hint", "Press \u25B6 or the right arrow key to play the first card"));
        says(caption, "The hands as dealt" + (deal.querySelector(".chant[data-seat]") ? ", after the chant" : "") + ".", "head");
        var opening = tricks.length && tricks[0].plays.length ? tricks[0].plays[0] : null;
        if (opening && opening.v) says(caption, "With all cards seen: " + worth(opening.v[0]) + ".", "vals");
        where.textContent = total + " cards to play";
        race.show(null);
      } else {
        var t = tricks[i], done = shown === t.plays.length;
        t.plays.slice(0, shown).forEach(function (p) {
          var slot = el("div", "slot " + (p.seat || "N"));
          var f = face(p.card);
          if (done && p.mark) f.classList.add(p.mark);
          slot.appendChild(f);
          centre.appendChild(slot);
        });
        var p = t.plays[shown - 1];
        t.before.forEach(function (row) { caption.appendChild(row.cells[0].cloneNode(true)); });
        if (done) {
          centre.appendChild(el("p", "verdict", t.won === "pourri" ? "pourri" : "won by " + t.won));
          says(caption, "Trick " + t.number + (t.won === "pourri" ? ": pourri." : ", won by " + t.won + "."), "head");
          says(caption, t.why);
          values(p);
          t.notes.forEach(function (row) { caption.appendChild(row.cells[0].cloneNode(true)); });
          race.show(i + 1);
        } else {
          says(caption, "Trick " + t.number + ": " + (p.seat ? p.seat + " plays " : "") + p.card + ", " + info.names[p.card] + ".", "head");
          values(p);
          race.show(null);
        }
        if (k === total && outcome) {
          outcome.querySelectorAll("p:not(.c)").forEach(function (q) { says(caption, q.textContent); });
        }
        where.textContent = "trick " + t.number + ", card " + shown + " of " + t.plays.length;
      }
      first.disabled = prev.disabled = prevTrick.disabled = k === 0;
      next.disabled = last.disabled = nextTrick.disabled = k === total;
      /* a button disabled under the focus would drop it: the keys go on working */
      if (document.activeElement && document.activeElement.disabled) viewer.focus();
    }
    function go(step) { k = Math.max(0, Math.min(total, step)); render(); }
    function trickEnd(dir) {
      if (dir > 0) { for (var i = 0; i < ends.length; i++) if (ends[i] > k) return go(ends[i]); return go(total); }
      for (var j = ends.length - 1; j >= 0; j--) if (ends[j] < k) return go(ends[j]);
      return go(0);
    }
    first.onclick = function () { go(0); };
    last.onclick = function () { go(total); };
    prev.onclick = function () { go(k - 1); };
    next.onclick = function () { go(k + 1); };
    prevTrick.onclick = function () { trickEnd(-1); };
    nextTrick.onclick = function () { trickEnd(1); };
    var keys = {
      ArrowRight: function () { go(k + 1); }, ArrowLeft: function () { go(k - 1); },
      ArrowDown: function () { trickEnd(1); }, ArrowUp: function () { trickEnd(-1); },
      PageDown: function () { trickEnd(1); }, PageUp: function () { trickEnd(-1); },
      Home: function () { go(0); }, End: function () { go(total); }
    };
    var self = { viewer: viewer, reset: function () { go(0); }, press: function (key) { keys[key](); } };
    viewer.addEventListener("keydown", function (e) {
      if (keys[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) { e.preventDefault(); keys[e.key](); }
    });
    viewer.addEventListener("focusin", function () { used = self; });
    render();
    return self;
  }

  /* ------------------------------------------------------------ each deal */

  var viewers = [];
  var used = null;  /* the table view last stepped, by key or button */

  /* The right and left arrows step a deal as soon as the page is open, as
     the table view says, without a click first: they go to the table view
     last used while it is on screen, else to the first one on screen.  Keys
     pressed in a control, a link or a table view are theirs. */
  function onScreen(v) {
    var r = v.viewer.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }
  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    var t = e.target;
    if (t && t !== document.body && t !== document.documentElement) return;
    var v = used && onScreen(used) ? used : viewers.filter(onScreen)[0];
    if (!v) return;
    e.preventDefault();
    v.viewer.focus({ preventScroll: true });
    v.press(e.key);
  });

  function enhance(deal) {
    if (deal.dataset.ready) return;
    deal.dataset.ready = "1";
    var table = deal.querySelector("table.tricks");
    var sheet = deal.querySelector("table.sheet");
    var winners = [], tricks = [];
    if (table) {
      tricks = readTricks(table);
      tricks.forEach(function (t) {
        winners.push(SEATS.indexOf(t.won) >= 0 ? t.won : null);
        t.plays.forEach(function (p) { if (p.cell.tagName === "TD") chip(p.cell); });
      });
    } else if (sheet) {
      var cells = sheet.rows[1].cells;
      for (var i = 1; i < cells.length; i++) {
        var w = cells[i].textContent.trim();
        winners.push(SEATS.indexOf(w) >= 0 ? w : null);
      }
    }
    /* the tricks that count, as the report counts them (data-n: fewer than
       the rows, the rest played after the deal was decided or past the ninth) */
    if (deal.dataset.n) winners = winners.slice(0, +deal.dataset.n);
    var race = { show: function () {} };
    var side = deal.querySelector(".side");
    if (winners.length && side) {
      race = raceChart(deal, winners, "Tricks won by each player, trick by trick");
      var box = el("figure", "race");
      box.appendChild(race.svg);
      box.appendChild(el("figcaption", "", "Tricks won by each player, trick by trick"));
      side.insertBefore(box, side.firstChild);
    }
    var playable = tricks.some(function (t) { return t.plays.length; });
    if (playable) viewers.push(makeViewer(deal, tricks, race));
    else if (deal.querySelector(".board")) dress(deal, deal.querySelector(".board"), false);
  }

  var deals = document.querySelectorAll("section.deal");
  if ("IntersectionObserver" in window) {
    var watch = new IntersectionObserver(function (seen) {
      seen.forEach(function (e) {
        if (e.isIntersecting) { watch.unobserve(e.target); enhance(e.target); }
      });
    }, { rootMargin: "800px 0px" });
    deals.forEach(function (d) { watch.observe(d); });
  } else {
    deals.forEach(enhance);
  }
  var games = document.querySelectorAll("article.game");
  if ("IntersectionObserver" in window) {
    var watchGames = new IntersectionObserver(function (seen) {
      seen.forEach(function (e) {
        if (e.isIntersecting) { watchGames.unobserve(e.target); scoreChart(e.target.parentNode); }
      });
    }, { rootMargin: "800px 0px" });
    games.forEach(function (g) { var box = g.querySelector(".scoreboard"); if (box) watchGames.observe(box); });
  } else {
    games.forEach(scoreChart);
  }
  /* A deal named in the address is made ready at once, and so is every deal
     before printing (each laid out with its hands as dealt). */
  function opened() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target && target.classList.contains("deal")) enhance(target);
  }
  window.addEventListener("hashchange", opened);
  opened();
  window.addEventListener("beforeprint", function () {
    games.forEach(function (g) { if (!g.querySelector(".scoreboard svg")) scoreChart(g); });
    deals.forEach(enhance);
    viewers.forEach(function (v) { v.reset(); });
  });
  document.documentElement.dataset.started = String(started);
  document.documentElement.dataset.ready = String(performance.now());
})();
