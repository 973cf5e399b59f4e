// Links and printed student codes given out before 6 December 2026, when names began to be read
// without their accents, against tests/data/accents_sets_before.json, made by the code of then
// (tests/data/make_accents_before.py) and checked by tests/test_accents_old_sets.py: today's page
// opens an old slip as the page of then did (the same name, key and results file, and "before" so the
// cards made are the ones that code always made), reads an old whole link, and signs as then.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { keyBeforeAccents, nameKey } from "../src/page/lib/names.js";
import { readLink } from "../src/page/lib/link.js";
import { resultsFile } from "../src/page/lib/results.js";
import { openShort } from "../src/page/lib/short.js";

const BEFORE = JSON.parse(readFileSync(new URL("../../../tests/data/accents_sets_before.json", import.meta.url),
  "utf-8"));
const ACCENTED = ["Chloé Dubois", "María García"];
const WAYS = [["Web Crypto", globalThis.crypto.subtle], ["@noble/hashes", null]];

test("the key of before is the key the code of then made", () => {
  for (const [typed, then] of Object.entries(BEFORE.keys)) assert.equal(keyBeforeAccents(typed), then, typed);
  assert.notEqual(nameKey("María García"), keyBeforeAccents("María García"));
});

for (const [way, subtle] of WAYS) {
  test(`an old printed slip opens with the name as printed, and its results are signed as then (${way})`, async () => {
    for (const made of BEFORE.classes) {
      for (const s of made.students) {
        const { entry, problem } = await openShort(made.class.set, s.student_code, s.name.toUpperCase(), subtle);
        assert.equal(problem, undefined, s.name);
        assert.equal(entry.before, ACCENTED.includes(s.name), s.name);
        assert.equal(keyBeforeAccents(entry.student), keyBeforeAccents(s.name));
        const old = s.short_results;
        const file = await resultsFile({ ...entry, student: old.student }, old.answers, old.saved, subtle);
        assert.deepEqual(file, old, s.name);
      }
    }
  });

  test(`an old slip wants the name with its accents, and never opens for a classmate (${way})`, async () => {
    const made = BEFORE.classes[0];
    const maria = made.students.find((s) => s.name === "María García");
    assert.equal((await openShort(made.class.set, maria.student_code, "maria garcia", subtle)).problem, "name");
    assert.equal((await openShort(made.class.set, maria.student_code, "Chloé Dubois", subtle)).problem, "name");
    assert.equal((await openShort(made.class.set, maria.student_code, "garcía, maría", subtle)).entry.before, true);
  });

  test(`an old whole link is read whole, and signs its results as then (${way})`, async () => {
    for (const made of BEFORE.classes) {
      for (const s of made.students) {
        const { link, problem } = await readLink(s.link.split("#")[1], subtle);
        assert.ok(link && !problem, `${s.name}: ${problem}`);
        const old = s.results;
        assert.deepEqual(await resultsFile(link, old.answers, old.saved, subtle), old, s.name);
      }
    }
  });
}

test("a results file from a student code names the cards the page made; one from a link does not", async () => {
  const made = BEFORE.classes[0];
  const s = made.students[1];
  const { entry } = await openShort(made.class.set, s.student_code, s.name);
  const old = s.short_results;
  const link = { ...entry, student: old.student, dealt: "0123456789abcdef" };
  assert.deepEqual(await resultsFile(link, old.answers, old.saved), { ...old, dealt: "0123456789abcdef" });
  assert.equal("dealt" in await resultsFile({ ...link, dealt: "" }, old.answers, old.saved), false);
});
