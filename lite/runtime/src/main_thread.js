// Sharing the page's main thread (issue 36): the widgets' drawing (their snapshots as the page
// loads, the live widgets once Python is ready) is many small steps chained by promises, which the
// browser runs as one task: 0.3-1 s on a phone during which a tap waits. `turn()` gives each step
// a task of its own, so the browser can answer input and paint between two.

/** A promise of the next task: `scheduler.yield()` where the browser has it (the continuation goes
 * first among waiting tasks), else a message to ourselves (no 4 ms clamp, unlike setTimeout). */
export function nextTask() {
  if (globalThis.scheduler && typeof globalThis.scheduler.yield === 'function') return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

let gate = Promise.resolve();

/** Resolves in a task of its own, after every earlier caller's: the many steps a drawing starts at
 * once (every model of a saved state) go one a task, each with the promises it then chains (a task
 * ends only once they have run), instead of all in one. */
export function turn() {
  const mine = gate.then(nextTask);
  gate = mine;
  return mine;
}

/** Resolves once no step waits: every turn asked for so far has run, and any those asked for in
 * turn. A live widget's children are drawn a turn each after its own view is attached, so the view
 * is whole (and as tall as its snapshot) only then. */
export async function drained() {
  let seen;
  do {
    seen = gate;
    await seen;
    await nextTask();
  } while (seen !== gate);
}
