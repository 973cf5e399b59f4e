// The page's lib/payload.js against tests/data/page_vectors.json, which tests/test_page_vectors.py
// checks is what crib_widgets.exercises (assign.page_data, page_reply, page_payload) gives.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { answerHint, attachable, feedbackOf, progressCall, promptOf, resultsName } from "../src/page/lib/payload.js";

const vectors = JSON.parse(readFileSync(new URL("../../../tests/data/page_vectors.json", import.meta.url), "utf-8"));

test("the answer box's example, each question's line and the file name are Python's", () => {
  for (const c of vectors.sets) {
    assert.equal(answerHint(c.data), c.hint, c.what);
    assert.equal(resultsName(c.data), c.file, c.what);
    assert.deepEqual(c.data.questions.map(promptOf), c.prompts, c.what);
  }
  assert.ok(vectors.sets.some((c) => /-[0-9a-f]{8}\.json$/.test(c.file)), "a name cut to fit a file name");
});

test("a reply is written as Python marks it", () => {
  for (const c of vectors.replies) {
    const shown = feedbackOf(c.reply);
    assert.equal(shown.mark, c.mark, c.text);
    assert.equal(shown.detail, c.detail, c.text);
    assert.deepEqual(shown.kinds, c.reply.kinds, c.text);
  }
  assert.deepEqual([...new Set(vectors.replies.map((c) => c.reply.status))].sort(),
    ["read", "right", "stale", "unreadable", "wrong"]);
});

test("the kept progress reaches Python as it is, and Python's choice is taken as it is", () => {
  for (const c of vectors.progress) {
    const literal = progressCall(c.kept).match(/^json\.dumps\(attachable_progress\(([\s\S]*)\)\)$/)[1];
    assert.equal(JSON.parse(literal), c.kept, c.what);
    assert.deepEqual(attachable(c.attach), c.attach, c.what);
  }
  assert.equal(attachable({}), null);
  assert.ok(vectors.progress.some((c) => c.attach.json) && vectors.progress.some((c) => c.attach.why));
});
