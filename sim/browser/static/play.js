// The Play page. The games run in a worker (worker.mjs: aseb's own Python in Pyodide); the page
// sends the board link's commands (set, new_game, throw, move, take_up) and paints the events it
// is told with the web page's own board painter (board.js). Nothing is decided here: every rule,
// word and move comes from Python; the page shows them and asks what the player chose.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const words = JSON.parse(document.body.dataset.words || "{}");
  const board = window.AsebBoard.painter(words);
  const { said, text } = board;
  const KEPT = { settings: "aseb.play.settings", game: "aseb.play.game" };
  const query = new URLSearchParams(window.location.search);
  const LOG = 60;
  let worker = null;
  let waiting = "";
  let moves = [];
  let picked = null;  // the moves of the square clicked, by their place in the list
  let tabled = false;  // Neferkaptah's solved table fetched
  let level = "";  // the level chosen before Neferkaptah, while his table is fetched
  let asked = {};  // the settings kept from a visit before
  const begun = {};  // when the page had its files kept, and started the worker (ms)

  function send(command) {
    if (worker) worker.postMessage({ command });
  }

  function paint(event) {
    switch (event.type) {
      case "game": game(event); break;
      case "status": status(event); break;
      case "moves": showMoves(event); break;
      case "settings": settings(event); break;
      case "played": keep(KEPT.game, waiting === "over" ? null : event.record); break;
      case "log": board.paint(event, LOG); speak(event.said); break;
      case "error": text("status", event.message); speak([event.message]); break;
      case "position": board.paint(event); document.body.dataset.actions = event.actions; break;
      default: board.paint(event);  // the lights, the throw, the chances
    }
  }

  // Another game's board: drawn by Python with the web page's own drawing (board_svg.py).
  function game(event) {
    const drawn = $("board");
    if (drawn.dataset.game !== event.name) {
      drawn.innerHTML = event.svg;
      drawn.dataset.game = event.name;
      picked = null;
    }
    const rules = $("how-to-play");
    rules.href = rules.dataset.rules + event.name + ".html";
  }

  function status(event) {
    const before = waiting;
    waiting = event.waiting;
    text("status", event.text);
    document.body.dataset.waiting = waiting;
    const lesson = $("lesson");
    lesson.hidden = !event.lesson;
    if (event.lesson) {
      text("lesson-heading", event.lesson.heading);
      text("lesson-message", event.lesson.message);
    }
    const throwing = $("throw-button");
    const focused = throwing.contains(document.activeElement) ||
      $("moves").contains(document.activeElement) || document.activeElement === document.body;
    throwing.disabled = waiting !== "throw";
    // The keyboard follows the game: after a move, the throw (the moves come with their event).
    if (focused && waiting === "throw" && before !== "throw") throwing.focus();
  }

  function showMoves(event) {
    const box = $("moves");
    const hadFocus = box.contains(document.activeElement) ||
      $("throw-button") === document.activeElement;
    moves = event.mine ? event.moves : [];
    box.replaceChildren(...moves.map((move, i) => {
      const button = document.createElement("button");
      button.type = "button";
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = (i + 1) + ")";
      button.append(number, move.words);
      button.dataset.n = String(i + 1);
      return button;
    }));
    document.querySelectorAll(".square.can-move, .square.picked, .square.target").forEach(
      (s) => s.classList.remove("can-move", "picked", "target"));
    picked = null;
    for (const move of moves) {
      const square = $("sq-" + (move.from || move.to));
      if (square) square.classList.add("can-move");
    }
    if (hadFocus && moves.length > 0) box.querySelector("button").focus();
  }

  // A square clicked: the move from it (or onto it, for a piece coming in). Where several
  // moves leave it, they are picked: the squares each alone goes to are ringed (a click there
  // makes it) and every one's button is marked (a move off the board, or one told apart from
  // another only by the die it uses, is chosen by its button).
  function clicked(square) {
    if (waiting !== "move") return;
    const onto = picked ? picked.filter((i) => moves[i].to === square) : [];
    if (onto.length === 1) { choose(onto[0] + 1); return; }
    const numbered = moves.map((move, i) => [move, i]);
    let found = numbered.filter(([move]) => move.from === square);
    if (found.length === 0) found = numbered.filter(([m]) => m.from === null && m.to === square);
    if (found.length === 1) { choose(found[0][1] + 1); return; }
    unpick();
    if (found.length === 0) return;
    picked = found.map(([, i]) => i);
    $("sq-" + square).classList.add("picked");
    const buttons = $("moves").querySelectorAll("button");
    for (const [move, i] of found) {
      const alone = found.filter(([other]) => other.to === move.to).length === 1;
      const target = alone && move.to && $("sq-" + move.to);
      if (target) target.classList.add("target");
      buttons[i].classList.add("picked");
    }
  }

  function unpick() {
    document.querySelectorAll(".square.picked, .square.target, #moves .picked").forEach(
      (s) => s.classList.remove("picked", "target"));
    picked = null;
  }

  function choose(number) {
    send({ type: "move", move: String(number) });
  }

  function settings(event) {
    tabled = event.table;
    level = event.values.level;
    for (const [key, value] of Object.entries(event.values)) {
      const select = $("setting-" + key);
      if (select && select.value !== value) select.value = value;
    }
    const kept = { ...event.values };
    delete kept.language;  // each page speaks its own
    keep(KEPT.settings, kept);
  }

  // The live region says what the plain terminal would print (aseb play --plain).
  function speak(lines) {
    if (!lines || lines.length === 0) return;
    $("said").textContent = lines.map((line) => line.trim()).join(" ");
  }

  function keep(key, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* no storage here (a private window): nothing is kept */ }
  }

  function kept(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  // The terminal's keys: Enter (or Space) throws, or begins a new game once one is over; a
  // digit makes the move of that number. A focused button or link takes Enter itself, and a
  // list of choices every key.
  function keys(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("select, input, textarea")) return;
    const pressing = target.closest && target.closest("button, a");
    if ((event.key === "Enter" || event.key === " ") && !pressing) {
      if (waiting === "throw") { event.preventDefault(); send({ type: "throw" }); }
      else if (waiting === "over") { event.preventDefault(); send({ type: "new_game" }); }
    } else if (/^[1-9]$/.test(event.key) && waiting === "move" &&
      Number(event.key) <= moves.length) {
      event.preventDefault();
      choose(Number(event.key));
    } else if (event.key === "Escape") {
      unpick();
    }
  }

  // Neferkaptah plays from the solved table the site publishes beside the page (data-table):
  // fetched once, when he is first chosen, then kept in the browser.
  function fetchTable() {
    const published = JSON.parse(document.body.dataset.table || "null");
    if (!published) return;
    text("status", said("table_loading", { size: published.size }));
    worker.postMessage({ table: published });
  }

  function tableTold(answer) {
    if (answer === "ready") {
      send({ type: "set", key: "level", value: "neferkaptah" });
      return;
    }
    $("setting-level").value = level;  // he plays as chosen once his table is here
    text("status", said("table_failed", {}));
    speak([said("table_failed", {})]);
  }

  function ready(timings) {
    // where the start's time went: the page's own steps, then the worker's from its start
    document.body.dataset.timings = JSON.stringify({ ...begun, ...(timings || {}) });
    document.querySelectorAll("#choices select, #new-game").forEach((c) => { c.disabled = false; });
    document.body.dataset.ready = "yes";
    if (asked.level === "neferkaptah") fetchTable();  // he was chosen on a visit before
  }

  function failed(problem) {
    text("status", said("failed", { problem }));
    document.body.dataset.ready = "failed";
  }

  // Every file of the page kept for offline play before the games start (the service worker's
  // copy is the one Python loads, so the first visit downloads each file once and the next
  // starts from its compiled code). Where the browser keeps nothing (a private window, a
  // frame on a site that may not store), the games start all the same.
  async function keptOffline() {
    if (!("serviceWorker" in navigator)) return;
    if (navigator.serviceWorker.controller) {  // kept already: play at once (it checks anew)
      document.body.dataset.offline = "ready";
      navigator.serviceWorker.register("sw.js").catch(() => {});
      return;
    }
    try {
      const registration = await navigator.serviceWorker.register("sw.js");
      await new Promise((done) => {
        if (navigator.serviceWorker.controller) { done(); return; }
        navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
        const installing = registration.installing || registration.waiting;
        if (!installing) { if (!registration.active) done(); return; }
        installing.addEventListener("statechange", () => {
          if (installing.state === "redundant") done();  // it could not keep the files
        });
      });
      if (navigator.serviceWorker.controller) document.body.dataset.offline = "ready";
    } catch (e) { /* no offline play here; the page plays on */ }
  }

  function start() {
    begun.kept = Math.round(performance.now());
    try {
      worker = new Worker("static/worker.mjs", { type: "module" });
    } catch (e) {
      failed(String(e.message || e));
      return;
    }
    worker.onmessage = (message) => {
      const data = message.data;
      if (data.events) data.events.forEach(paint);
      if (data.ready) ready(data.timings);
      if (data.failed) failed(data.failed);
      if (data.table) tableTold(data.table);
    };
    worker.onerror = (e) => failed(e.message || "worker");
    const chosen = kept(KEPT.settings) || {};
    asked = { ...chosen };
    chosen.language = document.documentElement.lang;
    if (!chosen.lights && window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      chosen.lights = "calm";
    }
    const pace = Number(query.get("pace"));
    worker.postMessage({ start: {
      settings: chosen, record: kept(KEPT.game),
      seed: query.has("seed") ? Number(query.get("seed")) : null,
      pace: query.has("pace") && pace >= 0 && pace <= 5000 ? pace : 700,
    } });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("throw-button").addEventListener("click", () => send({ type: "throw" }));
    $("new-game").addEventListener("click", () => send({ type: "new_game" }));
    $("moves").addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (button && button.dataset.n) choose(Number(button.dataset.n));
    });
    $("board").addEventListener("click", (e) => {
      const square = e.target.closest && e.target.closest(".square");
      if (square) clicked(square.dataset.square);
    });
    $("choices").addEventListener("change", (e) => {
      if (!e.target.name) return;
      if (e.target.name === "level" && e.target.value === "neferkaptah" && !tabled) {
        fetchTable();
        return;
      }
      send({ type: "set", key: e.target.name, value: e.target.value });
    });
    document.addEventListener("keydown", keys);
    if (window.self !== window.top) {  // in a frame on another site: its pages open apart
      document.querySelectorAll(".nav .brand, #how-to-play").forEach((link) => {
        link.target = "_blank";
        link.rel = "noopener";
      });
    }
    keptOffline().then(start);
  });
})();
