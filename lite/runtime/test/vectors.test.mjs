// The page scripts' pure parts against tests/data/js_vectors.json, which the Python tests read too
// (tests/test_js_vectors.py): the results signature, name folding, reading a link. Each hash is
// checked both ways the page may compute it: Web Crypto (Node has crypto.subtle) and @noble/hashes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { foldName, nameKey, nameTokens, samePerson } from "../src/page/lib/names.js";
import { readLink } from "../src/page/lib/link.js";
import { resultsFile, resultsMessage, signResults } from "../src/page/lib/results.js";

const vectors = JSON.parse(readFileSync(new URL("../../../tests/data/js_vectors.json", import.meta.url), "utf-8"));
const WAYS = [["Web Crypto", globalThis.crypto.subtle], ["@noble/hashes", null]];

test("names are keyed and folded as Python does", () => {
  for (const { name, key, fold, tokens } of vectors.names) {
    assert.equal(nameKey(name), key, `nameKey(${JSON.stringify(name)})`);
    assert.equal(foldName(name), fold, `foldName(${JSON.stringify(name)})`);
    assert.deepEqual(nameTokens(name), tokens, `nameTokens(${JSON.stringify(name)})`);
  }
  for (const { typed, listed, same } of vectors.same_person) {
    assert.equal(samePerson(typed, listed), same, `samePerson(${JSON.stringify(typed)}, ${JSON.stringify(listed)})`);
  }
});

for (const [way, subtle] of WAYS) {
  test(`results are signed as crib grade checks them (${way})`, async () => {
    for (const c of vectors.signatures) {
      const link = { set: c.set, klass: c.class, student: c.student, key: c.key };
      assert.equal(resultsMessage(link, c.answers, c.saved), c.message);
      assert.equal(await signResults(link, c.answers, c.saved, subtle), c.signature, c.student);
      if (c.saved !== null) {
        const file = await resultsFile(link, c.answers, c.saved, subtle);
        assert.deepEqual(file, { crib_results: c.version, set: c.set, class: c.class, student: c.student,
          answers: c.answers, saved: c.saved, signature: c.signature });
      }
    }
  });

  test(`links are read, and cut or changed ones told apart, as Python makes them (${way})`, async () => {
    for (const c of vectors.links) {
      assert.deepEqual(await readLink(c.fragment, subtle), { link: c.link, problem: c.problem }, c.what);
    }
  });
}
