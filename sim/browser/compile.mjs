// make docs: Python's modules compiled by the browser's own Python (Pyodide, from its npm package,
// run under Node) into bytecode the page's worker loads without compiling them again.
//     node compile.mjs PYODIDE_FOLDER SOURCES.zip COMPILED.zip [SOURCES.zip COMPILED.zip ...]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, ...pairs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
try {
  const python = await loadPyodide({ indexURL: folder + path.sep });
  python.FS.mkdirTree("/build");
  python.FS.writeFile("/build/bytecode.py",
    fs.readFileSync(new URL("bytecode.py", import.meta.url)));
  python.runPython("import sys; sys.path.insert(0, '/build')");
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    python.FS.writeFile("/build/sources.zip", new Uint8Array(fs.readFileSync(pairs[i])));
    python.runPython("import bytecode; open('/build/compiled.zip', 'wb').write("
      + "bytecode.compiled(open('/build/sources.zip', 'rb').read()))");
    fs.writeFileSync(pairs[i + 1], python.FS.readFile("/build/compiled.zip"));
  }
} catch (e) {
  // Pyodide's errors carry the whole of its script with them: the message only.
  console.error(String((e && e.message) || e).slice(-2000));
  process.exit(1);
}
