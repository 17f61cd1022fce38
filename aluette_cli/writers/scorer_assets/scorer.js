/* The scorer's page of `aluette scorer`.  Every fact of the rules it decides
   from (what ends a game, what a deal may be worth, whether a player or a
   team takes the point, when a score sheet stops) is in the page's JSON,
   written from the loaded rulesets; this script only counts. */
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("scorer-data").textContent);
  const W = DATA.words, SEATS = DATA.seats, TEAM = DATA.teams;
  const KEY = "aluette-scorer";
  const app = document.getElementById("app");

  const fill = (text, vals) => text.replace(/\{(\w+)\}/g, (m, k) => (k in vals ? vals[k] : m));
  const left = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % SEATS.length];

  /* What a deal may be worth: the values the engine allows for its kind. */
  function worth(rules, options, entry) {
    const table = rules.worth[options.slice().sort().join(",")];
    if (entry.concede) {
      const kind = entry.concede.accepted ? "accepted" : "refused";
      return table[entry.double ? kind + "-double" : kind];
    }
    if (entry.double) return table.double;
    return table.plain;
  }

  /* Whether a deal's score sheet is finished: nine tricks, or, where the
     deal scoring declares that counts decide it, the counts at which it
     says play stops.  A sheet a concession cut short is the scorer's to end. */
  function finished(rules, winners) {
    if (winners.length >= DATA.tricks) return true;
    const sheet = rules.sheet;
    if (!sheet) return false;
    const counts = sheet.units.map((u) => winners.filter((w) => w === u || TEAM[w] === u).length);
    return sheet.stops.includes(counts.join("-"));
  }

  /* What the entry panel offers for a deal with these taps so far (the
     draft): the import takes from a record only what the panel offers. */
  function offer(rules, options, draft) {
    const table = rules.worth[options.slice().sort().join(",")];
    // A refused concession the other side does not turn into a mordienne
    // scores for the conceders as a side: none of its players won the deal.
    const refused = !!draft.concede && !draft.concede.accepted;
    const takers = rules.pooled ? ["NS", "EW"] : refused ? [...SEATS, draft.concede.team] : SEATS;
    return {
      doubles: !!table.double,
      concessions: !!table.accepted,
      values: worth(rules, options, draft),
      takers,
      barred: (x) => !!draft.concede && draft.concede.accepted && TEAM[x] === draft.concede.team,
      // (a refused concession leaves a deal of nine pourri tricks void, rules.md §11)
      voidable: !draft.concede || !draft.concede.accepted,
    };
  }

  /* The game after each entry (the first state: before any): deal number,
     dealer, score, scoring deals, whether it is over and who won.  An entry
     is {who: seat, team or null for a void deal, points, double, concede,
     winners: the score sheet tapped, a seat or null for pourri each}. */
  function decide(rules, firstDealer, entries) {
    const score = { NS: 0, EW: 0 };
    let dealer = firstDealer, number = 1, scoring = 0;
    const end = rules.end;
    const snap = () => {
      const over = (end.deals !== null && scoring >= end.deals) ||
        (end.points !== null && Math.max(score.NS, score.EW) >= end.points);
      const winner = !over ? null : score.NS > score.EW ? "NS" : score.EW > score.NS ? "EW" : "draw";
      return { number, dealer, score: { NS: score.NS, EW: score.EW }, scoring, over, winner };
    };
    const states = [snap()];
    for (const e of entries) {
      if (e.who !== null) {
        score[TEAM[e.who]] += e.points;
        scoring += 1;
        dealer = left(dealer);
      }
      number += 1;
      states.push(snap());
    }
    return states;
  }

  const NAME_TAGS = { N: "North", E: "East", S: "South", W: "West" };
  const quote = (v) => '"' + String(v).replace(/[\u0000-\u001f\u007f]/g, " ").replace(/[\\"]/g, "\\$&") + '"';

  /* The ALN record of a game: tags from the setup, each deal as entered. */
  function record(game) {
    const s = game.setup, rules = DATA.rulesets[s.rules];
    const states = decide(rules, s.dealer, game.entries);
    const last = states[states.length - 1];
    const tags = [["Event", s.event], ["Site", s.site], ["Date", s.date]];
    for (const seat of SEATS) tags.push([NAME_TAGS[seat], s.names[seat]]);
    tags.push(["Rules", rules.tag]);
    if (s.options.length) tags.push(["Options", s.options.slice().sort().join(", ")]);
    let result = "*";
    if (last.over) {
      const hi = Math.max(last.score.NS, last.score.EW), lo = Math.min(last.score.NS, last.score.EW);
      result = (last.winner === "draw" ? "draw" : last.winner) + " " + hi + "-" + lo;
    }
    tags.push(["Result", result]);
    const lines = tags.filter((t) => t[1]).map((t) => "[" + t[0] + " " + quote(t[1]) + "]");
    game.entries.forEach((e, i) => {
      lines.push("", "deal " + states[i].number + " dealer " + states[i].dealer);
      if (e.double) lines.push("announce " + e.double + " double");
      if (e.concede) lines.push("concede " + e.concede.team + " " + (e.concede.accepted ? "accepted" : "refused"));
      if (e.winners && e.winners.length) lines.push("winners: " + e.winners.map((x) => x || "-").join(" "));
      lines.push("point " + (e.who === null ? "none" : e.who + (e.points > 1 ? " " + e.points : "")));
    });
    return lines.join("\n") + "\n";
  }

  /* A record this page wrote, read back into its game; anything else is
     refused, with a message saying so.  The page reads only its own lines,
     takes from them only what its panels offer, and keeps the game only if
     writing it again gives the very same record: it never reads ALN as the
     reader does, and what it cannot read is aluette scorer --continue's. */
  function imported(text, file) {
    const foreign = fill(W["import.foreign"], { file });
    text = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").replace(/\n*$/, "\n");
    const tags = {}, entries = [];
    let first = null, e = null, m;
    for (const line of text.split("\n")) {
      if (line === "") continue;
      if (!e && (m = /^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/.exec(line))) tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
      else if ((m = /^deal \d+ dealer (\w)$/.exec(line))) {
        first = first || m[1];
        entries.push(e = { who: null, points: 0, double: null, concede: null, winners: [] });
      } else if (!e) return foreign;
      else if ((m = /^announce (\w+) double$/.exec(line))) e.double = m[1];
      else if ((m = /^concede (\w+) (accepted|refused)$/.exec(line))) e.concede = { team: m[1], accepted: m[2] === "accepted" };
      else if ((m = /^winners: (.+)$/.exec(line))) e.winners = m[1].split(" ").map((x) => (x === "-" ? null : x));
      else if ((m = /^point (\w+)(?: (\d+))?$/.exec(line))) {
        e.who = m[1] === "none" ? null : m[1];
        e.points = e.who === null ? 0 : Number(m[2] || 1);
      } else return foreign;
    }
    if (!("Rules" in tags)) return foreign;
    const key = Object.keys(DATA.rulesets).find((k) => DATA.rulesets[k].tag === tags.Rules);
    if (key === undefined) return fill(W["import.rules"], { file, rules: tags.Rules });
    const rules = DATA.rulesets[key];
    const options = tags.Options ? tags.Options.split(", ") : [];
    if (!takes({ rules: key, options })) return foreign;  // (an option written twice too)
    const names = {};
    for (const seat of SEATS) names[seat] = tags[NAME_TAGS[seat]] || "";
    const game = {
      phase: entries.length ? "play" : "setup",
      setup: { event: tags.Event || "", site: tags.Site || "", date: tags.Date || "", names, rules: key, options, dealer: first },
      entries, draft: blank(),
    };
    if (first !== null && !SEATS.includes(first)) return foreign;
    const states = decide(rules, first, entries);
    const fits = (x, allowed) => x === null || allowed.includes(x);
    const offered = entries.every((entry, i) => {
      const can = offer(rules, options, entry), sheet = entry.winners;
      // A record continued with --continue may give a side's point where
      // the points go to a player ("point NS": it does not say which one),
      // and this page writes it back so: its own form, though not a tap.
      const takers = rules.pooled ? can.takers : [...can.takers, "NS", "EW"];
      return !states[i].over && fits(entry.double, can.doubles ? ["NS", "EW"] : []) &&
        (entry.concede === null || (can.concessions && ["NS", "EW"].includes(entry.concede.team))) &&
        (entry.who === null ? can.voidable : takers.includes(entry.who) && !can.barred(entry.who) && can.values.includes(entry.points)) &&
        sheet.every((x, k) => fits(x, SEATS) && !finished(rules, sheet.slice(0, k)));
    });
    return offered && record(game) === text ? game : foreign;
  }

  window.aluetteScorer = { decide, record, worth, finished, imported, rulesets: DATA.rulesets };

  // ------------------------------------------------------------------
  // The game kept in the browser: saved at every tap

  const today = () => {
    const d = new Date(), p = (n) => String(n).padStart(2, "0");
    return d.getFullYear() + "." + p(d.getMonth() + 1) + "." + p(d.getDate());
  };
  const blank = () => ({ points: null, double: null, concede: null, winners: [] });
  const fresh = () => ({
    phase: "setup",
    setup: { event: "", site: "", date: today(), names: { N: "", E: "", S: "", W: "" },
      rules: Object.keys(DATA.rulesets)[0], options: [], dealer: null },
    entries: [],
    draft: blank(),
  });
  /* Whether this page can go on with a game of these rules and options (a
     page made with other rulesets cannot: another ruleset file, say). */
  function takes(setup) {
    const rules = setup && DATA.rulesets[setup.rules];
    const options = setup && setup.options;
    return !!rules && Array.isArray(options) && new Set(options).size === options.length &&
      options.every((o) => rules.known.includes(o)) && !!rules.worth[options.slice().sort().join(",")];
  }
  const taken = (g) => !!g && takes(g.setup) && Array.isArray(g.entries) && !!g.draft;
  /* A game kept by a page with other rulesets is not this page's to go on
     with, nor to drop: it is kept aside, under a key of its own, and the
     page that has its rules takes it up again (the latest kept aside). */
  const ASIDE = KEY + ":";
  /* Kept aside under a key of its own content (FNV-1a): the same game set
     aside twice, a reload finding the storage before the first, is one. */
  function setAside(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    try {
      localStorage.setItem(ASIDE + (hash >>> 0).toString(16), JSON.stringify({ when: Date.now(), text }));
      localStorage.removeItem(KEY);
    } catch (e) { /* storage refused */ }
  }
  /* The latest game kept aside that this page can take up (``which`` of
     them), back as the kept game; ``current``, the kept game it replaces,
     is set aside in its turn. */
  function takenBack(which, current) {
    let best = null;
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (!k || !k.startsWith(ASIDE)) continue;
        let kept = null, g = null;
        try { kept = JSON.parse(localStorage.getItem(k)); g = JSON.parse(kept.text); } catch (e) { continue; }
        if (taken(g) && which(g) && (best === null || kept.when > best.when)) best = { k, g, when: kept.when, text: kept.text };
      }
      if (best === null) return null;
      if (current) setAside(current);
      localStorage.setItem(KEY, best.text);  // kept before it is no longer aside
      localStorage.removeItem(best.k);
    } catch (e) { return null; }
    return best.g;
  }
  /* A game kept before score sheets were has no sheet in its draft. */
  const current = (g) => {
    if (g) g.draft.winners = g.draft.winners || [];
    return g;
  };
  function load() {
    let kept = null;
    try { kept = localStorage.getItem(KEY); } catch (e) { /* no storage: a new game */ }
    try {
      const g = JSON.parse(kept);
      if (taken(g)) {
        // a page made for a ruleset file takes up its own game first: a
        // preset's, which every page offers, would otherwise keep it aside
        const own = DATA.own && g.setup.rules !== DATA.own && !DATA.start &&
          takenBack((x) => x.setup.rules === DATA.own, kept);
        return current(own || g);
      }
      if (g && g.setup && Array.isArray(g.entries)) setAside(kept);
    } catch (e) { /* a broken copy: start again */ }
    if (DATA.start) return started();
    return current(takenBack(() => true, null)) || fresh();
  }
  /* The game of the record given with --continue, as it was written in. */
  const started = () => JSON.parse(JSON.stringify(DATA.start.game));
  let game = load();
  let confirmNew = false;
  let problem = null;  // why the last file picked was not imported
  const save = () => {
    try { localStorage.setItem(KEY, JSON.stringify(game)); } catch (e) { /* storage refused: the page still counts */ }
  };

  // ------------------------------------------------------------------
  // Drawing

  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "text") el.textContent = v;
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat(Infinity)) if (kid !== null && kid !== undefined) el.append(kid);
    return el;
  }
  const button = (act, v, label, on, off) =>
    h("button", { type: "button", "data-act": act, "data-v": v, "aria-pressed": on === undefined ? null : String(!!on), disabled: !!off, text: label });
  const who = (seat) => {
    const s = game.setup;
    if (seat.length === 2) return seat.split("").map((x) => s.names[x] || W["seat." + x]).join(" & ");
    return (s.names[seat] || W["seat." + seat]) + (s.names[seat] ? " (" + W["seat." + seat] + ")" : "");
  };
  const pts = (n) => n + " " + (n > 1 ? W.pts : W.pt);
  /* A sentence that counts: its ".one" words for one. */
  const counted = (key, n, vals) => fill(W[n === 1 ? key + ".one" : key], { ...vals, n });
  const short = (seat) => game.setup.names[seat] || W["seat." + seat];

  function setupView() {
    const s = game.setup, rules = DATA.rulesets[s.rules];
    const field = (name, label, value, type) =>
      h("label", {}, h("span", { text: label }), h("input", { type: type || "text", "data-field": name, value, autocomplete: "off" }));
    // The Date tag is YYYY.MM.DD: a date picker gives it whole, and a date
    // a continued record gives in part ("2026.??.??") is kept until changed.
    const iso = /^\d{4}\.\d{2}\.\d{2}$/.test(s.date) ? s.date.replace(/\./g, "-") : "";
    return h("section", { class: "setup" },
      DATA.start ? h("button", { type: "button", class: "go", "data-act": "continue",
        text: counted("continue", DATA.start.game.entries.length, { file: DATA.start.from }) }) : null,
      h("h2", { text: W.setup }),
      h("div", { class: "fields" }, field("event", W.event, s.event), field("site", W.site, s.site), field("date", W.date, iso, "date")),
      h("p", { class: "hint", text: W.partners }),
      h("div", { class: "names" }, SEATS.map((seat) => field("name-" + seat, W["seat." + seat], s.names[seat]))),
      h("h3", { text: W.rules }),
      h("div", { class: "choices" }, Object.keys(DATA.rulesets).map((key) =>
        button("rules", key, key, key === s.rules))),
      rules.description ? h("p", { class: "hint", text: rules.description }) : null,
      rules.known.length ? h("h3", { text: W.options }) : null,
      h("div", { class: "choices" }, rules.known.map((o) => button("option", o, W["opt." + o], s.options.includes(o)))),
      h("h3", { text: W.first }),
      h("div", { class: "choices seats" }, SEATS.map((seat) => button("dealer", seat, who(seat), s.dealer === seat))),
      h("p", { class: "hint", text: fill(W.draw, { card: DATA.draw[s.rules] }) }),
      h("button", { type: "button", class: "go", "data-act": "start", disabled: !s.dealer, text: W.start }),
      h("h3", { text: W.import }),
      h("p", { class: "hint", text: W["import.hint"] }),
      // The browser's own file button speaks the browser's language: a
      // label in the page's stands for it.
      h("label", { class: "pick", for: "import", text: W["import.pick"] },
        h("input", { type: "file", id: "import", accept: ".aln,text/plain" })),
      problem ? h("p", { class: "problem", id: "import-problem", role: "alert", text: problem }) : null);
  }

  function playView() {
    const s = game.setup, rules = DATA.rulesets[s.rules];
    const states = decide(rules, s.dealer, game.entries);
    const now = states[states.length - 1], d = game.draft;
    const end = rules.end;
    const goal = end.deals !== null ? fill(W.played, { k: now.scoring, n: end.deals }) : counted("end.points", end.points);
    const kids = [
      h("div", { class: "board" }, ["NS", "EW"].map((t) =>
        h("div", { class: "team " + t }, h("span", { class: "who", text: who(t) }),
          h("span", { class: "pts", id: "score-" + t, text: String(now.score[t]) })))),
      h("p", { class: "goal", text: s.rules + " · " + goal }),
    ];
    if (now.over) {
      const hi = Math.max(now.score.NS, now.score.EW), lo = Math.min(now.score.NS, now.score.EW);
      const text = now.winner === "draw" ? fill(W.drawn, { score: hi + "-" + lo })
        : fill(W.over, { who: who(now.winner), score: hi + "-" + lo });
      kids.push(h("p", { class: "over", id: "over", "data-winner": now.winner, text }));
    } else {
      const can = offer(rules, s.options, d), values = can.values;
      const points = values.includes(d.points) ? d.points : values[0];
      const panel = [h("h2", { id: "status", "data-dealer": now.dealer, "data-number": String(now.number),
        text: fill(W.deal, { n: now.number }) + " · " + fill(W.dealer, { who: who(now.dealer) }) })];
      if (can.doubles) {
        panel.push(h("h3", { text: W.double }), h("div", { class: "choices" },
          button("double", "", W.nobody, !d.double), ["NS", "EW"].map((t) => button("double", t, who(t), d.double === t))));
      }
      if (can.concessions) {
        const on = (t, a) => !!d.concede && d.concede.team === t && d.concede.accepted === a;
        panel.push(h("h3", { text: W.concede }), h("div", { class: "choices grid" },
          button("concede", "", W.nobody, !d.concede),
          ["NS", "EW"].map((t) => [button("concede", t + " accepted", who(t) + " · " + W.accepted, on(t, true)),
            button("concede", t + " refused", who(t) + " · " + W.refused, on(t, false))])));
      }
      const done = finished(rules, d.winners);
      panel.push(h("h3", { text: W.tricks }),
        h("ol", { class: "sheet", id: "sheet" }, d.winners.map((x) =>
          h("li", { class: x ? TEAM[x] : "pourri", text: x ? short(x) : W.pourri }))),
        h("p", { class: "hint", id: "sheet-next", text: done ? W.played_out : fill(W.trick, { k: d.winners.length + 1 }) }),
        h("div", { class: "choices tricks" }, SEATS.map((x) => button("trick", x, short(x), undefined, done)),
          button("trick", "-", W.pourri, undefined, done)));
      panel.push(h("h3", { text: W.worth }), h("div", { class: "choices" },
        values.map((v) => button("points", String(v), pts(v), v === points))));
      panel.push(h("h3", { text: W.took }), h("div", { class: "choices seats" },
        can.takers.map((x) => button("who", x, who(x), undefined, can.barred(x)))),
      button("void", "", W.void, undefined, !can.voidable));
      kids.push(h("section", { class: "entry" }, panel));
    }
    kids.push(h("div", { class: "tools" },
      button("undo", "", W.undo),
      h("button", { type: "button", "data-act": "new", class: confirmNew ? "sure" : null, text: confirmNew ? W.sure : W.new })));
    if (game.entries.length) {
      kids.push(h("h3", { text: W.deals }), h("ol", { class: "deals", id: "deals" }, game.entries.map((e, i) =>
        h("li", { value: String(states[i].number) },
          h("span", { text: fill(W.deal, { n: states[i].number }) + " · " + fill(W.dealer, { who: who(states[i].dealer) }) + " · " }),
          h("strong", { text: e.who === null ? W.voided : who(e.who) + " " + pts(e.points) }),
          h("span", { text: (e.double ? " · " + W.double + " " + who(e.double) : "") +
            (e.concede ? " · " + W.concede + " " + who(e.concede.team) + " · " + (e.concede.accepted ? W.accepted : W.refused) : "") +
            (e.winners && e.winners.length ? " · " + counted("kept", e.winners.length) : "") }),
          h("span", { class: "run", text: " → " + states[i + 1].score.NS + "-" + states[i + 1].score.EW })))));
    }
    kids.push(h("section", { class: "export" }, h("h3", { text: W.export }),
      h("textarea", { id: "record", readonly: true, rows: "8", spellcheck: "false" }),
      h("div", { class: "tools" }, button("download", "", W.download), button("copy", "", W.copy))));
    const view = h("section", { class: "play" }, kids);
    view.querySelector("#record").value = record(game);
    return view;
  }

  function showRules() {
    const s = game.setup;
    for (const card of document.querySelectorAll("[data-rules]")) {
      card.hidden = card.dataset.rules !== s.rules;
      for (const el of card.querySelectorAll("[data-option]")) el.hidden = !s.options.includes(el.dataset.option);
    }
  }

  function draw() {
    app.replaceChildren(game.phase === "setup" ? setupView() : playView());
    showRules();
    document.documentElement.dataset.phase = game.phase;
  }

  // ------------------------------------------------------------------
  // Taps

  function commit(whoTook) {
    const s = game.setup, d = game.draft, rules = DATA.rulesets[s.rules];
    const entry = { who: whoTook, points: 0, double: d.double, concede: d.concede, winners: d.winners };
    const values = worth(rules, s.options, entry);
    entry.points = whoTook === null ? 0 : values.includes(d.points) ? d.points : values[0];
    game.entries.push(entry);
    game.draft = blank();
  }

  function download() {
    const blob = new Blob([record(game)], { type: "text/plain;charset=utf-8" });
    const a = h("a", { href: URL.createObjectURL(blob), download: "aluette-" + game.setup.date.replace(/\?/g, "0") + ".aln" });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function copy(btn) {
    const area = document.getElementById("record");
    area.select();
    const done = () => { btn.textContent = W.copied; };
    if (navigator.clipboard) navigator.clipboard.writeText(area.value).then(done, () => { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  }

  app.addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-act]");
    if (!btn || btn.disabled) return;
    const act = btn.dataset.act, v = btn.dataset.v, s = game.setup, d = game.draft;
    if (act !== "new") confirmNew = false;
    problem = null;
    if (act === "download") return download();
    if (act === "copy") return copy(btn);
    if (act === "rules") { s.rules = v; s.options = s.options.filter((o) => DATA.rulesets[v].known.includes(o)); }
    else if (act === "option") s.options = s.options.includes(v) ? s.options.filter((o) => o !== v) : s.options.concat([v]);
    else if (act === "dealer") s.dealer = v;
    else if (act === "start") game.phase = "play";
    else if (act === "continue") game = started();
    else if (act === "double") d.double = v || null;
    else if (act === "concede") d.concede = v ? { team: v.split(" ")[0], accepted: v.endsWith("accepted") } : null;
    else if (act === "points") d.points = Number(v);
    else if (act === "trick") { if (!finished(DATA.rulesets[s.rules], d.winners)) d.winners.push(v === "-" ? null : v); }
    else if (act === "who") commit(v);
    else if (act === "void") commit(null);
    else if (act === "undo") {
      // One tap taken back: the last trick winner, else the last deal's
      // point (its deal comes back as it was before that tap), else the start.
      if (d.winners.length) d.winners.pop();
      else if (game.entries.length) {
        const e = game.entries.pop();
        game.draft = { points: e.who === null ? null : e.points, double: e.double, concede: e.concede, winners: e.winners || [] };
      } else {
        game.phase = "setup";
        game.draft = blank();
      }
    } else if (act === "new") {
      if (!confirmNew) { confirmNew = true; return draw(); }
      confirmNew = false;
      const keep = game.setup;
      game = fresh();
      game.setup.names = keep.names;
      game.setup.rules = keep.rules;
      game.setup.options = keep.options;
    }
    save();
    draw();
  });

  app.addEventListener("change", (ev) => {
    const input = ev.target;
    if (input.id !== "import" || !input.files.length) return;
    const file = input.files[0];
    file.text().then((text) => {
      let got;
      try { got = imported(text, file.name); } catch (e) { got = fill(W["import.foreign"], { file: file.name }); }
      problem = typeof got === "string" ? got : null;
      if (!problem) {
        game = got;
        save();
      }
      draw();
    });
  });

  app.addEventListener("input", (ev) => {
    const name = ev.target.dataset.field;
    if (!name) return;
    if (name.startsWith("name-")) game.setup.names[name.slice(5)] = ev.target.value;
    else if (name === "date") game.setup.date = ev.target.value.replace(/-/g, ".");
    else game.setup[name] = ev.target.value;
    save();
    const start = app.querySelector("[data-act=dealer][data-v=" + (name.slice(5) || "x") + "]");
    if (start) start.textContent = who(name.slice(5));
  });

  draw();
  document.documentElement.dataset.ready = "1";
})();
