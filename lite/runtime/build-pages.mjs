// The book's page scripts (src/page/*.js, ES modules) bundled by esbuild into dist/static/, one
// self-contained file each, and the widget manager (@jupyter-widgets/html-manager's embed.js and
// the fonts it loads beside itself) copied from node_modules into dist/static/widgets/. Sphinx
// serves dist/static/ as a static folder (_config.yml), so nothing here is kept in git twice.
// Run by `npm run build` (make book): `node build-pages.mjs`.
import { build } from "esbuild";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "dist", "static");
export const PAGES = ["assignment", "class-drop", "crib-a11y", "crib-book", "crib_live_page", "crib_run_all"];

await rm(out, { recursive: true, force: true });
await build({
  entryPoints: PAGES.map((name) => join(here, "src", "page", `${name}.js`)),
  outdir: out,
  bundle: true,
  // Classic scripts loaded with defer: they run after parsing, in order, never hold up the first
  // paint, and (unlike type="module") also run from a copy of the site opened as files.
  format: "iife",
  target: "es2020",
  minify: true,
  legalComments: "eof",
  logLevel: "warning",
});

// The transport of a game with a friend (Trystero): an ES module that crib_live_page.js imports only
// once a game with a friend is on the page, so that no other page fetches or evaluates it.
await build({
  entryPoints: { "crib-friend": join(here, "src", "page", "crib-friend.js") },
  outdir: out,
  bundle: true,
  format: "esm",
  target: "es2020",
  minify: true,
  legalComments: "eof",
  logLevel: "warning",
});

// The widgets' style sheet, one file loaded by the page script before it draws a widget.
await build({
  entryPoints: { "crib-live-widgets": join(here, "src", "widgets.css") },
  outdir: out,
  bundle: true,
  minify: true,
  logLevel: "warning",
});

const manager = join(here, "node_modules", "@jupyter-widgets", "html-manager", "dist");
const widgets = join(out, "widgets");
await mkdir(widgets, { recursive: true });
// embed.js loads Font Awesome's woff2 (woff as a fallback) relative to itself; eot, ttf and svg
// are for browsers the book does not support.
for (const name of await readdir(manager)) {
  if (/^embed\.js(\.LICENSE\.txt)?$|\.woff2?$/.test(name)) await copyFile(join(manager, name), join(widgets, name));
}
