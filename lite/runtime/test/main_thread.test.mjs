// Sharing the main thread (src/main_thread.js): the widgets' drawing goes a step a task.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextTask, turn } from "../src/main_thread.js";

test("nextTask resolves in a later task, not among this task's microtasks", async () => {
  let ran = false;
  const next = nextTask().then(() => { ran = true; });
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  assert.equal(ran, false);
  await next;
  assert.equal(ran, true);
});

test("steps started at once resume one a task, in the order they asked, each with its promises", async () => {
  const log = [];
  const step = async (name) => {
    await turn();
    log.push(`${name} starts`);
    await Promise.resolve();  // what a step chains runs before the next step's task
    log.push(`${name} ends`);
  };
  await Promise.all(["a", "b", "c"].map(step));
  assert.deepEqual(log, ["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
});
