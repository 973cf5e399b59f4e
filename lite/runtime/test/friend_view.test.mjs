// Playing a friend: where the page puts the reader's eyes (src/page/lib/friend_view.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { FRIEND_LINK, newLink } from "../src/page/lib/friend_view.js";

const link = (text, shown = true) => ({ textContent: text, getClientRects: () => (shown ? [{}] : []) });
const page = (...els) => ({ querySelectorAll: (selector) => (selector === FRIEND_LINK ? els : []) });

test("the link made is scrolled to once, when it first appears; a folded or known one never", () => {
  const seen = new Set();
  assert.equal(newLink(page(), seen), null);  // the game made, its link not drawn yet
  const made = link("https://x.example/15.html#friend=abc");
  assert.equal(newLink(page(made), seen), made);
  assert.equal(newLink(page(made), seen), null);  // every later change of the page: not again
  // the same link drawn again (the panel redrawn), or folded away once the friend is here
  assert.equal(newLink(page(link(made.textContent)), seen), null);
  assert.equal(newLink(page(link("https://x.example/15.html#friend=folded", false)), seen), null);
  // at three or four seats, one link per friend: the first new one shown is where the eyes go
  const cy = link("https://x.example/15.html#friend=cy");
  const dee = link("https://x.example/15.html#friend=dee");
  assert.equal(newLink(page(made, cy, dee), seen), cy);
  assert.equal(newLink(page(made, cy, dee), seen), null);
  assert.equal(newLink(page(link("")), seen), null);
});
