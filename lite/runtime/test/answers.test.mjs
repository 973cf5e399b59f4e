// The answer boxes' page script (src/page/crib-answer.js): its pure parts. Python's side
// (crib_widgets/widgets/answer_box.py) marks a box with the same class for the same text:
// tests/test_answer_box.py checks these very vectors.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HeardTracker, afterEnter, heardClass } from "../src/page/lib/answers.js";

test("the mark names the text's UTF-8 bytes, as Python writes it", () => {
  assert.equal(heardClass(""), "crib-heard-");
  assert.equal(heardClass("12"), "crib-heard-3132");
  assert.equal(heardClass(" 2é"), "crib-heard-2032c3a9");
  assert.equal(heardClass("a double run is eight"), "crib-heard-6120646f75626c652072756e206973206569676874");
});

test("a box is heard only when marked with its text after the last keystroke", () => {
  const t = new HeardTracker();
  const box = {};
  assert.equal(t.heard(box, "", [heardClass("")]), true);  // as drawn: Python set it
  t.typed(box);  // "1"
  t.typed(box);  // "12"
  assert.equal(t.heard(box, "12", ["crib-answer", heardClass("")]), false);
  t.marked(box, "12", [heardClass("1")]);  // Python has "1": "12" is on its way
  assert.equal(t.heard(box, "12", [heardClass("1")]), false);
  t.marked(box, "12", [heardClass("12")]);
  assert.equal(t.heard(box, "12", ["crib-answer", heardClass("12")]), true);
});

test("a stale mark never passes for the text typed again (12, then 1 on its way, then 12)", () => {
  const t = new HeardTracker();
  const box = {};
  t.typed(box);
  t.marked(box, "12", [heardClass("12")]);
  t.typed(box);  // "1", on its way
  t.typed(box);  // "12" again, held by ipywidgets until Python answers the "1"
  assert.equal(t.heard(box, "12", [heardClass("12")]), false, "the old mark is not the new text");
  t.marked(box, "12", [heardClass("1")]);
  assert.equal(t.heard(box, "12", [heardClass("1")]), false);
  t.marked(box, "12", [heardClass("12")]);
  assert.equal(t.heard(box, "12", [heardClass("12")]), true);
});

test("Enter goes on to the next box of the row and checks in the last one", () => {
  const [a, b, c] = [{}, {}, {}];
  assert.deepEqual(afterEnter([a, b, c], a), { next: b });
  assert.deepEqual(afterEnter([a, b, c], b), { next: c });
  assert.deepEqual(afterEnter([a, b, c], c), { check: true });
  assert.deepEqual(afterEnter([a], a), { check: true });
  assert.deepEqual(afterEnter([a, b], {}), { check: true }, "a box not on show checks (it is alone)");
});
