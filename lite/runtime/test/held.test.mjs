// What the service worker said it holds, kept between pages (src/page/lib/held.js): a page starts
// its Python at once only when every file it needs was said to be held, by this very build.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HELD_KEY, rememberHeld, saidHeld } from "../src/page/lib/held.js";

function storage() {
  const kept = new Map();
  return { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, String(v)), kept };
}

const SNAPSHOT = "https://book.example/_static/crib-live/crib-live-python.snapshot?v=b18d2a74bebb";
const WORKER = "https://book.example/book/crib-live-worker.js?v=e12dd130b3e5";

test("every file said to be held, and only those", () => {
  const s = storage();
  assert.equal(saidHeld([SNAPSHOT], s), false);  // nothing said yet
  rememberHeld([WORKER, SNAPSHOT], s);
  assert.equal(saidHeld([SNAPSHOT, WORKER], s), true);
  assert.equal(saidHeld([SNAPSHOT.replace("b18d", "0000")], s), false);  // another build's snapshot
  assert.equal(saidHeld([], s), false);  // a page that names no file starts nothing
});

test("a failed fetch ahead says nothing is held", () => {
  const s = storage();
  rememberHeld([WORKER, SNAPSHOT], s);
  rememberHeld([], s);
  assert.equal(saidHeld([WORKER], s), false);
});

test("damaged or blocked storage is read as nothing held, and writing to it throws nothing", () => {
  const s = storage();
  s.setItem(HELD_KEY, "{not json");
  assert.equal(saidHeld([SNAPSHOT], s), false);
  const blocked = { getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("QuotaExceededError"); } };
  assert.equal(saidHeld([SNAPSHOT], blocked), false);
  assert.doesNotThrow(() => rememberHeld([SNAPSHOT], blocked));
});
