// The class page's drop script (src/page/class-drop.js): its pure parts, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { base64Of, dropCall, readDropped, unreadableSaid, zoneOf } from "../src/page/class-drop.js";

const element = (classes, parent = null) => ({
  classList: { contains: (c) => classes.includes(c), [Symbol.iterator]: () => classes[Symbol.iterator]() },
  closest: (sel) => (sel === ".crib-drop" && classes.includes("crib-drop") ? element(classes) : parent && parent.closest(sel)),
});

test("a drop zone names its view and its files", () => {
  const zone = element(["widget-hbox", "crib-drop", "crib-drop-class", "crib-desk-3"]);
  const inside = element(["widget-upload"], zone);
  assert.deepEqual({ ...zoneOf(inside), box: null }, { box: null, number: 3, zone: "class" });
  const results = element(["crib-drop", "crib-drop-results", "crib-desk-12"]);
  assert.equal(zoneOf(results).zone, "results");
  assert.equal(zoneOf(element(["jp-OutputArea"])), null); // a stray drop: nobody's
  assert.equal(zoneOf(element(["crib-drop"])), null); // a zone that names no view
  assert.equal(zoneOf(null), null);
});

test("the files reach Python as one JSON string, whatever their names", () => {
  const call = dropCall(2, "results", [['results-"chloé"\n.json', "e30="]]);
  const literal = call.match(/json\.loads\((".*")\)\)\)\)$/)[1];
  assert.deepEqual(JSON.parse(JSON.parse(literal)), [2, "results", [['results-"chloé"\n.json', "e30="]]]);
  assert.ok(!call.split("\n").slice(2).join("").includes("\n"));
});

test("bytes are base64 as Python decodes them, large ones too", () => {
  const bytes = new Uint8Array(200_001).map((_, i) => (i * 7) % 256);
  assert.equal(base64Of(bytes), Buffer.from(bytes).toString("base64"));
  assert.equal(base64Of(new Uint8Array()), "");
});

test("a dropped folder is said in one sentence, and the files beside it are still handed in", async () => {
  // a folder dropped in Chromium is one File whose bytes cannot be read: the box said "Reading 1 file…"
  // for ever, and the page logged an unhandled rejection
  const file = { name: "results-ann.json", arrayBuffer: async () => new Uint8Array([123, 125]).buffer };
  const folder = { name: "handed-in", arrayBuffer: async () => { throw new Error("NotFoundError"); } };
  const { read, unreadable } = await readDropped([folder, file]);
  assert.deepEqual(read, [["results-ann.json", "e30="]]);
  assert.deepEqual(unreadable, ["handed-in"]);
  assert.match(unreadableSaid(unreadable), /^“handed-in” could not be read \(a folder, not a file\?\): open the folder/);
  assert.equal(unreadableSaid([]), "");
});
