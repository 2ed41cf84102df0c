// The live board, the museum's display and remote play: the board's events arrive as
// Server-Sent Events (/events) and change the SVG drawn by the server from the game's geometry.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const csrf = document.body.dataset.csrf || "";
  const remote = document.body.dataset.remote || "";
  const words = JSON.parse(document.body.dataset.words || "{}");
  const board = window.AsebBoard.painter(words);
  const { said, title, text } = board;
  // The board's phases between games (and away): the display tells the story then.
  const BETWEEN = ["idle", "won", "clear", "menu", "away"];
  let lastStatus = null;
  let lastMoves = null;
  let lastFar = null;

  function paint(event) {
    switch (event.type) {
      case "game": {
        const drawn = $("board");
        if (drawn && drawn.dataset.game !== event.name) window.location.reload();
        break;
      }
      case "status":
        lastStatus = event;
        showStatus();
        document.body.classList.toggle("away", event.phase === "away");
        document.body.classList.toggle("between", BETWEEN.includes(event.phase));
        break;
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
      default:
        board.paint(event);  // the pieces, the lights, the throw, the chances, the log
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
  });
})();
