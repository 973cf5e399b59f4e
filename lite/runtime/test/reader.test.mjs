// The page's bounded reader (src/page/lib/reader.js) against tests/data/js_vectors.json, which
// tests/test_js_vectors.py checks Python's reader against: the same sentence for each hostile text,
// and the escapes kept progress reaches Python with. Then the kept progress (src/page/lib/kept.js):
// what reaches Python can never stop it, and storage full or blocked is said, nothing lost silently.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BLOCKED, DAMAGED_KEY, FULL, PROGRESS_KEY, keptForPython, saveKept } from "../src/page/lib/kept.js";
import { badCharacter, forPython, readJson, scan } from "../src/page/lib/reader.js";

const vectors = JSON.parse(readFileSync(new URL("../../../tests/data/js_vectors.json", import.meta.url), "utf-8"));

test("the page's reader refuses what Python's refuses, in the same sentence", () => {
  for (const c of vectors.reader) {
    const text = c.head + c.body.repeat(c.times) + c.tail;
    const started = performance.now();
    assert.equal(readJson(text, "the file", c.limit).problem, c.problem, c.what);
    assert.ok(performance.now() - started < 2000, `${c.what}: a bound, not a speed goal`);
  }
});

test("kept text reaches Python with each control character and lone surrogate escaped", () => {
  for (const c of vectors.escapes) assert.equal(forPython(c.text), c.escaped, JSON.stringify(c.text));
});

test("the reader is one pass: megabytes of hostile text in well under a second", () => {
  for (const text of ['"' + '\\"'.repeat(1_000_000), "[".repeat(2_000_000), '"'.repeat(2_000_000),
    `[${'"a",'.repeat(500_000)}1]`]) {
    const started = performance.now();
    readJson(text, "the file");
    assert.ok(performance.now() - started < 2000);
  }
  assert.deepEqual(scan('[{"a": "[[["}, -12.5e3, ["]"]]'), { depth: 2, numbers: ["-12.5e3"] });
});

test("a surrogate pair is a whole character; either half alone is not", () => {
  assert.equal(badCharacter("\ud83d\ude00"), null);
  assert.equal(badCharacter("a\ud83d"), "a broken letter (half of one)");
  assert.equal(badCharacter("\ude00b"), "a broken letter (half of one)");
  assert.equal(badCharacter("a\u0000"), "an invisible character");
  assert.equal(badCharacter("tab\there\r\n\u007f é"), null);
});

function storage({ full = false, blocked = false, items = {} } = {}) {
  const kept = new Map(Object.entries(items));
  const refuse = () => {
    if (blocked) throw Object.assign(new Error("denied"), { name: "SecurityError" });
    if (full) throw Object.assign(new Error("full"), { name: "QuotaExceededError", code: 22 });
  };
  return {
    kept,
    getItem: (k) => { if (blocked) refuse(); return kept.has(k) ? kept.get(k) : null; },
    setItem: (k, v) => { refuse(); kept.set(k, String(v)); },
  };
}

test("kept progress that would stop Python is handed over escaped, and nothing else changes", () => {
  const raw = '{"crib-progress":1,"answers":[{"given":"2\ud800"},{"given":"\u0000"}]}';
  const s = storage({ items: { [PROGRESS_KEY]: raw } });
  const handed = keptForPython(s);
  assert.equal(handed, '{"crib-progress":1,"answers":[{"given":"2\\ud800"},{"given":"\\u0000"}]}');
  assert.equal(badCharacter(handed), null);
  assert.equal(s.kept.get(PROGRESS_KEY), raw);  // reading changes nothing: Python sets aside, saves
  assert.equal(keptForPython(storage()), "");
  assert.equal(keptForPython(storage({ blocked: true })), "");
});

test("a save keeps the damaged text aside, and storage full or blocked is said in words", () => {
  const s = storage({ items: { [PROGRESS_KEY]: "damaged" } });
  assert.equal(saveKept("new", true, s), "");
  assert.equal(s.kept.get(DAMAGED_KEY), "damaged");
  assert.equal(s.kept.get(PROGRESS_KEY), "new");
  const full = storage({ full: true, items: { [PROGRESS_KEY]: "old" } });
  assert.equal(saveKept("newer", false, full), FULL);
  assert.equal(full.kept.get(PROGRESS_KEY), "old");  // nothing overwritten by half
  assert.match(FULL, /storage for the book is full/);
  assert.equal(saveKept("newer", false, storage({ blocked: true })), BLOCKED);
});
