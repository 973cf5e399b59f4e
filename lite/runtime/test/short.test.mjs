// The page's short links (src/page/lib/short.js) against tests/data/short_vectors.json, which
// tests/test_short_links.py checks is what crib_widgets.exercises.short makes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ALPHABET, canonicalSet, nameCandidates, openShort, readStudentCode } from "../src/page/lib/short.js";

const vectors = JSON.parse(readFileSync(new URL("../../../tests/data/short_vectors.json", import.meta.url), "utf-8"));
const WAYS = [["Web Crypto", globalThis.crypto.subtle], ["@noble/hashes", null]];

for (const [way, subtle] of WAYS) {
  test(`each student's code opens with their name, as Python makes it (${way})`, async () => {
    for (const c of vectors.cases) {
      const { entry, problem } = await openShort(c.set, c.code, c.name.toUpperCase(), subtle);
      assert.equal(problem, undefined, c.name);
      assert.equal(entry.student.toUpperCase(), c.name.toUpperCase());
      assert.deepEqual([entry.place, entry.check, entry.by, entry.key, entry.klass],
        [c.place, c.check, c.by, c.key, "short:" + c.code.replace(/-/g, "")]);
    }
  });

  test(`a classmate's name, a typo, a wrong set are each told apart (${way})`, async () => {
    const [ann, maria] = vectors.cases;
    assert.equal((await openShort(ann.set, ann.code, maria.name, subtle)).problem, "name");
    assert.equal((await openShort(ann.set, ann.code, "  ", subtle)).problem, "empty");
    assert.equal((await openShort("counting", ann.code, ann.name, subtle)).problem, "set");
    assert.equal((await openShort(ann.set, "ABC", ann.name, subtle)).problem, "code");
    const body = ann.code.replace(/-/g, "");
    for (let i = 0; i < body.length; i++) {
      for (const c of ALPHABET.replace(body[i], "")) {
        const typo = body.slice(0, i) + c + body.slice(i + 1);
        assert.notEqual((await openShort(ann.set, typo, ann.name, subtle)).entry?.student, ann.name, typo);
      }
    }
    const other = (await openShort(maria.set, maria.code, "maría garcía", subtle)).entry;
    assert.equal(other.student, "garcía, maría");
  });

  test(`names typed as people type them open as Python opens them: order, accents, case (${way})`, async () => {
    for (const c of vectors.typed) {
      assert.deepEqual(nameCandidates(c.typed), c.candidates, c.typed);
      const { entry, problem } = await openShort(c.set, c.code, c.typed, subtle);
      assert.equal(entry ? entry.student : null, c.opens, c.typed);
      if (!entry) assert.equal(problem, "name", c.typed);
    }
  });
}

test("typed codes and names are read as Python reads them", () => {
  assert.equal(canonicalSet(" Counting/EASY/06/7 "), "counting/easy/6/7");
  assert.equal(canonicalSet("counting/easy/x/7"), null);
  assert.equal(readStudentCode(" 4km q7r-2xo "), "4KMQ7R2X0");
  assert.equal(readStudentCode("4KMQ7R2X"), null);
  assert.deepEqual(nameCandidates("García, María"), ["García, María", "García María", "María García", "María, García"]);
  assert.deepEqual(nameCandidates(" Ann  B  Smith "), ["Ann B Smith", "B Smith Ann", "Ann, B Smith", "B Smith, Ann",
    "Smith Ann B", "Ann B, Smith", "Smith, Ann B"]);
});
