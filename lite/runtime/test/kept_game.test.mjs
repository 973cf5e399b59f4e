// The game tables' kept games (src/page/lib/kept_game.js): kept as played, handed back to Python.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GAME_PREFIX, NOT_KEPT, keepGames, keptGames } from "../src/page/lib/kept_game.js";

function storage(full = false) {
  const kept = new Map();
  return {
    get length() { return kept.size; },
    key: (i) => [...kept.keys()][i] ?? null,
    getItem: (k) => (kept.has(k) ? kept.get(k) : null),
    setItem: (k, v) => { if (full) throw new Error("QuotaExceededError"); kept.set(k, String(v)); },
    kept,
  };
}

function page(games) {
  const els = Object.entries(games).map(([key, text]) => ({ dataset: { key }, textContent: text }));
  return { querySelectorAll: () => els, els };
}

test("a game is kept as it is played and comes back under its name", () => {
  const s = storage();
  s.setItem("crib-progress", "{}");
  const root = page({ "full-game": '{"format":"crib_widgets.GameTable"}' });
  const quiet = () => undefined;
  assert.deepEqual(keepGames(root, s, quiet), ["full-game"]);
  assert.deepEqual(keepGames(root, s, quiet), []);  // unchanged: not written again
  root.els[0].textContent = '{"format":"crib_widgets.GameTable","moves":1}';
  assert.deepEqual(keepGames(root, s, quiet), ["full-game"]);
  assert.equal(s.getItem(`${GAME_PREFIX}full-game`), root.els[0].textContent);
  assert.deepEqual(JSON.parse(keptGames(s)), { "full-game": root.els[0].textContent });
});

test("what Python is handed holds no raw control character or lone surrogate", () => {
  const s = storage();
  s.setItem(`${GAME_PREFIX}g`, "a\u0000b\ud800");
  const text = keptGames(s);
  assert.ok([...text].every((ch) => ch.charCodeAt(0) >= 0x20 && !(ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff)), text);
  assert.equal(JSON.parse(text).g, "a\u0000b\ud800");
});

test("storage full or blocked: the table says so, and the game is kept at the next move", () => {
  const root = page({ g: "x" });
  const said = [];
  const say = (el, sentence) => said.push(sentence);
  assert.deepEqual(keepGames(root, storage(true), say), []);
  assert.deepEqual(said, [NOT_KEPT]);
  const s = storage();
  assert.deepEqual(keepGames(root, s, say), ["g"]);
  assert.deepEqual(said, [NOT_KEPT, ""]);  // kept again: the sentence goes
  assert.equal(keptGames({ get length() { throw new Error("blocked"); } }), "{}");
});
