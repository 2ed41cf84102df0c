// The live board, the museum's display and remote play: the board's events arrive as
// Server-Sent Events (/events) and change the SVG drawn by the server from the game's geometry.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const csrf = document.body.dataset.csrf || "";
  const remote = document.body.dataset.remote || "";
  const words = JSON.parse(document.body.dataset.words || "{}");
  let history = [];
  // The board's phases between games (and away): the display tells the story then.
  const BETWEEN = ["idle", "won", "clear", "menu", "away"];
  // A visitor who asked for less motion sees the lights steady: each lit square at its
  // colour's full brightness (no breathing), kept lit a moment through a blink.
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
  const HOLD = 1500;
  const litAt = {};
  let lastFrame = {};
  let lastStatus = null;
  let lastMoves = null;
  let lastFar = null;

  function paint(event) {
    switch (event.type) {
      case "game": {
        const board = $("board");
        if (board && board.dataset.game !== event.name) window.location.reload();
        break;
      }
      case "position": {
        document.querySelectorAll(".piece").forEach((p) => p.classList.remove("cones", "reels"));
        for (const [square, side] of Object.entries(event.pieces || {})) {
          const piece = $("piece-" + square);
          if (piece) piece.classList.add(side);
        }
        document.querySelectorAll(".square.last").forEach((s) => s.classList.remove("last"));
        const last = event.last;
        for (const square of last ? [last.from, last.to] : []) {
          const found = square && $("sq-" + square);
          if (found) found.classList.add("last");
        }
        text("last", last ? (last.said ? said("last_said", { move: last.said }) :
          said("last", { side: title(last.side), move: last.notation })) : "");
        for (const [i, side] of ["cones", "reels"].entries()) {
          const box = $("side-" + side);
          if (box) box.classList.toggle("turn", event.turn === side && !event.winner);
          text("count-" + side, event.notation === null ? "" :
            said("count", { waiting: event.waiting[i], off: event.off[i] }));
        }
        break;
      }
      case "lights": {
        const now = Date.now();
        lastFrame = event.frame;
        document.querySelectorAll(".light.lit").forEach((l) => {
          const name = l.id.slice(6);
          if (!(name in event.frame) && !(calm.matches && now - (litAt[name] || 0) < HOLD)) {
            l.classList.remove("lit"); l.style.fill = ""; delete l.dataset.steady;
          }
        });
        for (const [name, colour] of Object.entries(event.frame)) {
          const light = $("light-" + name);
          if (!light) continue;
          litAt[name] = now;
          if (!calm.matches) {
            light.classList.add("lit");
            light.style.fill = colour;
            continue;
          }
          const shown = steady(colour);  // a new colour, not the same one breathing
          if (!light.classList.contains("lit") || far(light.dataset.steady, shown)) {
            light.classList.add("lit");
            light.dataset.steady = shown.join(",");
            light.style.fill = "rgb(" + shown.join(",") + ")";
          }
        }
        break;
      }
      case "status":
        lastStatus = event;
        showStatus();
        document.body.classList.toggle("away", event.phase === "away");
        document.body.classList.toggle("between", BETWEEN.includes(event.phase));
        break;
      case "throw":
        text("throw", event.value === null ? "" : event.side ?
          said("threw", { side: title(event.side), n: event.value }) :
          said("thrown", { n: event.value }));
        break;
      case "chances":
        chances(event);
        break;
      case "log": {
        const log = $("log");
        if (!log) break;
        log.replaceChildren(...event.lines.slice(-12).map((line) => {
          const item = document.createElement("li");
          item.textContent = line;
          return item;
        }));
        break;
      }
      case "moves":
        lastMoves = event;
        remoteMoves(event);
        showStatus();
        endRemoteShown();
        break;
      case "far":
        lastFar = event;
        endRemoteShown();
        break;
      case "tournament": {  // Setna's tournament moved on (or began, or ended): said anew
        const shown = $("tournament") ? $("tournament").dataset.key : "";
        const now = event.running ? [event.wins, event.losses, event.stage].join(":") : "";
        if ($("board") && shown !== now && shown !== "?") window.location.reload();
        break;
      }
    }
  }

  // The status line; a friend playing from afar is told what to do now, not that the board
  // waits for "your friend" (the board's own line speaks to its owner).
  function showStatus() {
    if (!lastStatus) return;
    if (lastStatus.phase === "away") { text("status", said("away", {})); return; }
    const moves = lastMoves;
    if (remote && moves && moves.remote === remote && moves.side === remote) {
      text("status", moves.chosen ? said("chosen", { move: moves.chosen_said || moves.chosen }) :
        said(moves.moves.length > 0 ? "your_move" : "your_throw", {}));
      return;
    }
    text("status", lastStatus.text);
  }

  // A light's colour at full brightness (the board breathes it; a calm page does not).
  function steady(colour) {
    const n = parseInt(colour.slice(1), 16);
    const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    const top = Math.max(...rgb) || 1;
    return rgb.map((c) => Math.round((c * 255) / top));
  }

  function far(kept, rgb) {
    if (!kept) return true;
    return kept.split(",").some((c, i) => Math.abs(Number(c) - rgb[i]) > 40);
  }

  // Lights held through a blink go dark once the board has kept them dark a moment.
  function settle() {
    const now = Date.now();
    document.querySelectorAll(".light.lit").forEach((l) => {
      const name = l.id.slice(6);
      if (!(name in lastFrame) && now - (litAt[name] || 0) >= HOLD) {
        l.classList.remove("lit"); l.style.fill = ""; delete l.dataset.steady;
      }
    });
  }

  function text(id, value) {
    const element = $(id);
    if (element && element.textContent !== value) element.textContent = value;
  }

  // A sentence of the page's words (data-words, in the page's language), its {names} filled.
  function said(key, values) {
    return (words[key] || key).replace(/\{(\w+)\}/g, (all, name) =>
      name in values ? String(values[name]) : all);
  }

  function title(side) {
    return side ? words[side] || side : "";
  }

  function chances(event) {
    const box = $("chances");
    if (!box) return;
    box.hidden = event.cones === null;
    if (event.cones === null) return;
    const cones = Math.round(event.cones * 100);
    $("bar-cones").style.width = cones + "%";
    $("bar-reels").style.width = (100 - cones) + "%";
    box.classList.toggle("estimated", event.estimated === true);  // a search's, not the table's
    text("chances-text", said(event.estimated ? "estimated" : "chances",
      { cones: cones + "%", reels: (100 - cones) + "%" }));
    history = event.history;
    const step = 300 / Math.max(1, history.length - 1);
    $("graph-line").setAttribute("points", history
      .map((c, i) => (c === null ? null : `${(i * step).toFixed(1)},${((1 - c) * 100).toFixed(1)}`))
      .filter((p) => p !== null).join(" "));
  }

  function remoteMoves(event) {
    const box = $("remote-play");
    if (!box || !remote) return;
    const mine = event.remote === remote && event.side === remote;
    const focused = document.activeElement;
    const hadFocus = focused === document.body || box.contains(focused);
    box.hidden = !mine;
    $("remote-throw").hidden = !mine || event.moves.length > 0;
    text("remote-note", event.remote === remote ?
      said("remote_note", { side: title(remote) }) : said("remote_ended", {}));
    const playing = $("playing");  // the heading says so no more once remote play has ended
    if (playing) playing.hidden = event.remote !== remote;
    const moves = $("remote-moves");
    pointAt(null);
    moves.replaceChildren(...(event.chosen ? [] : event.moves).map((move) => {
      const button = document.createElement("button");
      button.textContent = move.said || move.notation;
      button.dataset.move = move.notation;
      button.dataset.from = move.from || "";
      button.dataset.to = move.to || "";
      button.className = "move";
      return button;
    }));
    text("remote-said", mine && event.chosen ?
      said("chosen", { move: event.chosen_said || event.chosen }) : "");
    // The keyboard follows the game: after a throw, the first move; after a move, the throw.
    if (mine && hadFocus && !box.contains(document.activeElement)) {
      const next = event.chosen ? null :
        event.moves.length > 0 ? moves.querySelector("button") : $("remote-throw");
      if (next) next.focus();
    }
  }

  // The squares of the move a button names, lit on the board while it is focused or hovered.
  function pointAt(button) {
    document.querySelectorAll(".square.pointed").forEach((s) => s.classList.remove("pointed", "from", "to"));
    if (!button) return;
    for (const end of ["from", "to"]) {
      const square = button.dataset[end] && $("sq-" + button.dataset[end]);
      if (square) square.classList.add("pointed", end);
    }
  }

  // "End remote play" only while a friend plays from afar through this page.
  function endRemoteShown() {
    const form = $("end-remote");
    if (!form || !lastMoves) return;
    const far = lastFar && lastFar.state && lastFar.state !== "none";
    form.hidden = !lastMoves.remote || Boolean(far);
  }

  // On a phone held upright the board is drawn turned a quarter, its twelve squares down the
  // screen: each square large enough for its name beside its piece (board_svg.py draws both).
  const upright = window.matchMedia("(max-width: 600px) and (orientation: portrait)");
  function turnBoard() {
    document.querySelectorAll("svg.board[data-turned]").forEach((svg) => {
      const turned = upright.matches;
      svg.classList.toggle("turned", turned);
      svg.setAttribute("viewBox", turned ? svg.dataset.turned : svg.dataset.wide);
      svg.querySelectorAll("[data-turned]").forEach((part) => {
        const at = (turned ? part.dataset.turned : part.dataset.wide).split(" ");
        if (part.tagName === "g") {
          part.setAttribute("transform", `translate(${at[0]} ${at[1]})`);
        } else {
          ["x", "y", "width", "height"].forEach((name, i) => part.setAttribute(name, at[i]));
        }
      });
    });
  }

  async function play(action, body) {
    const answer = await fetch("/play/" + action, {
      method: "POST", credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(body),
    });
    const reply = await answer.json().catch(() => ({}));
    if (!answer.ok) text("remote-said", reply.error || said("refused", {}));
  }

  function listen() {
    if (!$("board")) return;
    const source = new EventSource("/events?lang=" + encodeURIComponent(document.documentElement.lang));
    source.onmessage = (message) => {
      try { paint(JSON.parse(message.data)); } catch (e) { /* one bad event: the next one */ }
    };
    source.onerror = () => {  // the game waits on the board; the page reconnects by itself
      text("status", said("lost", {}));
      const box = $("remote-play");
      if (box) box.hidden = true;  // no move sent on a board the page cannot see
    };
  }

  function facts() {
    const fact = $("fact");
    if (!fact) return;
    const all = JSON.parse(fact.dataset.facts || "[]");
    let shown = 0;
    if (all.length > 1) setInterval(() => { shown = (shown + 1) % all.length; text("fact", all[shown]); }, 20000);
  }

  // Setna's story pages, one after another, between games (the display).
  function story() {
    const box = $("story");
    if (!box) return;
    const pages = JSON.parse(box.dataset.story || "[]");
    let shown = 0;
    if (pages.length > 1) setInterval(() => {
      if (!document.body.classList.contains("between")) return;
      shown = (shown + 1) % pages.length;
      $("story-art").src = "/art/" + pages[shown].picture + ".png";
      text("story-title", pages[shown].title);
      text("story-body", pages[shown].body);
    }, 30000);
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll(".swatch[data-colour]").forEach((s) => { s.style.background = s.dataset.colour; });
    const throwButton = $("remote-throw");
    if (throwButton) throwButton.addEventListener("click", () => play("throw", {}));
    const moves = $("remote-moves");
    if (moves) {
      moves.addEventListener("click", (e) => {
        if (e.target.dataset && e.target.dataset.move) play("move", { move: e.target.dataset.move });
      });
      const point = (e) => pointAt(e.target.dataset && e.target.dataset.move ? e.target : null);
      moves.addEventListener("focusin", point);
      moves.addEventListener("mouseover", point);
      moves.addEventListener("focusout", () => pointAt(null));
      moves.addEventListener("mouseleave", () => pointAt(null));
    }
    turnBoard();
    upright.addEventListener("change", turnBoard);
    listen();
    facts();
    story();
    setInterval(() => { if (calm.matches) settle(); }, 500);
  });
})();
