// The games off the page's thread, so the page never freezes while the mummy thinks: Pyodide
// (CPython in WebAssembly, served with the site) runs aseb's own packages (aseb.zip), and
// sim/browser/worker.py answers the page's commands with the board link's events. The mummy's
// steps come one at a time, a pause apart, so a person sees its throw and its move.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const PACKAGES = "/home/pyodide/aseb.zip";
let glue = null;
let session = null;
let pace = 700;
let stepping = null;

function post(json) {
  const events = JSON.parse(json);
  if (events.length > 0) postMessage({ events });
}

function next() {
  if (stepping !== null || session.waiting !== "mummy") return;
  stepping = setTimeout(() => {
    stepping = null;
    post(glue.step(session));
    next();
  }, pace);
}

async function begin(options) {
  pace = options.pace;
  const started = performance.now();
  const timings = {};  // where a start's time goes (the benchmark prints it)
  const lap = (name) => { timings[name] = Math.round(performance.now() - started); };
  const packages = fetch(new URL("../aseb.zip", import.meta.url));
  const python = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  lap("python");
  const answer = await packages;
  if (!answer.ok) throw new Error("aseb.zip: " + answer.status);
  // Imported from the zip itself (Python's zipimport): nothing unpacked but the catalogs.
  python.FS.writeFile(PACKAGES, new Uint8Array(await answer.arrayBuffer()));
  python.runPython(`import sys; sys.path.insert(0, "${PACKAGES}")`);
  lap("packages");
  glue = python.pyimport("sim.browser.worker");
  lap("imported");
  session = glue.start(JSON.stringify({ settings: options.settings, record: options.record,
                                        seed: options.seed }), PACKAGES);
  post(glue.events(session));
  lap("started");
  postMessage({ ready: true, timings });
  next();
  setInterval(() => post(glue.lights(session, performance.now() / 1000)), 100);
}

// Neferkaptah's solved table, where the site publishes one: fetched the first time it is
// chosen, then kept in the browser's storage (a cache of its own, never the page's: a new
// version of the site does not fetch it again).
async function table(found) {
  const kept = await caches.open("aseb-table");
  const answers = [];
  for (const name of [found.lookup, found.values]) {
    const url = new URL("../" + name, import.meta.url).href;
    let answer = await kept.match(url);
    if (!answer) {
      answer = await fetch(url);
      if (!answer.ok) throw new Error(name + ": " + answer.status);
      await kept.put(url, answer.clone());
    }
    answers.push(answer);
  }
  const values = new Uint16Array(await answers[1].arrayBuffer());
  const events = JSON.parse(glue.use_table(session, await answers[0].text(), values));
  if (events.length > 0 && events[0].type === "error") throw new Error(events[0].message);
  if (events.length > 0) postMessage({ events });
}

onmessage = (message) => {
  const data = message.data;
  if (data.start) {
    begin(data.start).catch((e) => postMessage({ failed: String((e && e.message) || e) }));
  } else if (data.table && session !== null) {
    table(data.table).then(() => postMessage({ table: "ready" }))
      .catch((e) => postMessage({ table: "failed", problem: String((e && e.message) || e) }));
  } else if (data.command && session !== null) {
    post(glue.answer(session, JSON.stringify(data.command)));
    next();
  }
};
