// A saved widget state cut to one widget (src/saved_state.js): the snapshot drawn on demand.
import assert from "node:assert/strict";
import { test } from "node:test";
import { modelsOf, stateFor } from "../src/saved_state.js";

const model = (state) => ({ model_name: "BoxModel", model_module: "@jupyter-widgets/controls",
  model_module_version: "2.0.0", state });
const saved = {
  version_major: 2, version_minor: 0,
  state: {
    box: model({ children: ["IPY_MODEL_a", "IPY_MODEL_b"], layout: "IPY_MODEL_lay" }),
    a: model({ layout: "IPY_MODEL_lay", style: "IPY_MODEL_shared", description: "IPY_MODEL_ is text" }),
    b: model({ children: [["IPY_MODEL_deep"]], tooltip: "plain" }),
    deep: model({ style: "IPY_MODEL_shared" }),
    lay: model({}),
    shared: model({}),
    other: model({ style: "IPY_MODEL_shared", children: ["IPY_MODEL_missing"] }),
  },
};

test("a widget's models are itself and all it refers to, however deep, and nothing else", () => {
  assert.deepEqual([...modelsOf(saved.state, "box")].sort(), ["a", "b", "box", "deep", "lay", "shared"]);
  assert.deepEqual([...modelsOf(saved.state, "other")].sort(), ["other", "shared"]);  // a missing id is skipped
  assert.deepEqual([...modelsOf(saved.state, "nowhere")], []);
});

test("a model shared by two widgets is made once: the second widget's state leaves it out", () => {
  const made = new Set();
  const first = stateFor(saved, "box", made);
  assert.equal(first.version_major, 2);
  assert.deepEqual(Object.keys(first.state).sort(), ["a", "b", "box", "deep", "lay", "shared"]);
  const second = stateFor(saved, "other", made);
  assert.deepEqual(Object.keys(second.state), ["other"]);
  assert.deepEqual(Object.keys(stateFor(saved, "box", made).state), []);
  assert.equal(saved.state.box.state.layout, "IPY_MODEL_lay");  // the saved state is not changed
});
