// Builds the panel's front end into notebook_router/notebook/static/.
//
//   node build.mjs          write panel.js and panel.css
//   node build.mjs --check  rebuild in memory and fail if the committed copies differ
//
// The output is committed (so `pip install` never needs Node) and `make test`
// checks it against a fresh build from the locked dependencies.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "..", "notebook_router", "notebook", "static");

const common = { bundle: true, format: "esm", minify: true, legalComments: "none", write: false, logLevel: "warning", target: "es2020" };

async function build() {
  const panel = await esbuild.build({ ...common, entryPoints: [path.join(here, "src", "panel.js")], outfile: "panel.js" });
  const css = await esbuild.build({ ...common, format: undefined, entryPoints: [path.join(here, "src", "panel.css")], outfile: "panel.css" });
  return {
    "panel.js": panel.outputFiles[0].contents,
    "panel.css": css.outputFiles[0].contents,
  };
}

const files = await build();
if (process.argv.includes("--check")) {
  const stale = [];
  for (const [name, contents] of Object.entries(files)) {
    const committed = await readFile(path.join(out, name)).catch(() => Buffer.alloc(0));
    if (!Buffer.from(contents).equals(committed)) stale.push(name);
  }
  if (stale.length) {
    console.error(`The built panel is out of date (${stale.join(", ")}): run \`make widgets\` and commit the result.`);
    process.exit(1);
  }
  console.log("widgets: the committed build matches the sources");
} else {
  await mkdir(out, { recursive: true });
  for (const [name, contents] of Object.entries(files)) {
    await writeFile(path.join(out, name), contents);
    console.log(`widgets: ${name} ${(contents.length / 1024).toFixed(1)} KiB`);
  }
}
