// The board as the web page draws it (sim/web/board_svg.py's SVG), painted from the board
// link's events: the pieces and the last move, the lights, the throw, the chances and the log.
// aseb web's pages (aseb.js) and the Play page in a browser (sim/browser: play.js) share it.
"use strict";

window.AsebBoard = (function () {
  const $ = (id) => document.getElementById(id);
  // A visitor who asked for less motion sees the lights steady: each lit square at its
  // colour's full brightness (no breathing), kept lit a moment through a blink.
  const HOLD = 1500;

  // A painter for one page: ``words`` are the page's sentences (data-words), its {names}
  // filled in by ``said``.
  function painter(words) {
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
    const litAt = {};
    let lastFrame = {};

    function text(id, value) {
      const element = $(id);
      if (element && element.textContent !== value) element.textContent = value;
    }

    function said(key, values) {
      return (words[key] || key).replace(/\{(\w+)\}/g, (all, name) =>
        name in values ? String(values[name]) : all);
    }

    function title(side) {
      return side ? words[side] || side : "";
    }

    function position(event) {
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
    }

    function lights(event) {
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

    function thrown(event) {
      text("throw", event.value === null ? "" : event.side ?
        said("threw", { side: title(event.side), n: event.value }) :
        said("thrown", { n: event.value }));
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
      const history = event.history;
      const step = 300 / Math.max(1, history.length - 1);
      $("graph-line").setAttribute("points", history
        .map((c, i) => (c === null ? null : `${(i * step).toFixed(1)},${((1 - c) * 100).toFixed(1)}`))
        .filter((p) => p !== null).join(" "));
    }

    function log(event, kept) {
      const box = $("log");
      if (!box) return;
      box.replaceChildren(...event.lines.slice(-kept).map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
    }

    setInterval(() => { if (calm.matches) settle(); }, 500);

    return {
      // Paint one event of the link; false for a kind the board's drawing does not show.
      paint(event, kept = 12) {
        switch (event.type) {
          case "position": position(event); return true;
          case "lights": lights(event); return true;
          case "throw": thrown(event); return true;
          case "chances": chances(event); return true;
          case "log": log(event, kept); return true;
          default: return false;
        }
      },
      said, title, text,
    };
  }

  return { painter };
})();
