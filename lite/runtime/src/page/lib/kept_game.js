/* The game tables' kept games (crib_widgets.table.keep): a table given a `keep` name shows its
 * game's text in a hidden element (class crib-game-out, the name in data-key); this keeps it in
 * the browser's storage as it is played, one entry per name, and hands every kept game back to
 * Python when the page starts (os.environ["CRIB_GAMES"]), so a reload, a closed tab or a lost
 * connection never loses a game. Nothing is sent anywhere. */
export const GAME_PREFIX = "crib-game:";

/** Every kept game as one JSON object, name -> text ("{}" when none, or storage is blocked).
 * JSON.stringify escapes control characters and lone surrogates, so Python can always start. */
export function keptGames(storage = globalThis.localStorage) {
  const games = {};
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key && key.startsWith(GAME_PREFIX)) games[key.slice(GAME_PREFIX.length)] = storage.getItem(key);
    }
  } catch (error) { /* storage blocked: no game comes back, the tables still play */ }
  return JSON.stringify(games);
}

const saved = new Map();

/** What a table says beside itself while its game cannot be kept ("" once it is kept again). */
export const NOT_KEPT = "This browser will not keep your game (its storage is full or blocked): "
  + "a reload or a closed tab would lose it. Free some room, or finish the game in this tab.";

/** Say `sentence` just above the live table holding `element` (a status a screen reader reads);
 * "" takes it away. */
export function sayAbove(element, sentence, doc = globalThis.document) {
  const view = element.closest(".crib-live-view") || element;
  let note = view.previousElementSibling;
  if (!note || !note.classList.contains("crib-game-note")) {
    if (!sentence) return;
    note = doc.createElement("p");
    note.className = "crib-game-note";
    note.setAttribute("role", "status");
    view.insertAdjacentElement("beforebegin", note);
  }
  if (!sentence) note.remove();
  else if (note.textContent !== sentence) note.textContent = sentence;
}

/** Keep each game shown in `root`'s hidden game elements that changed since it was last kept;
 * returns the names kept. Storage full or blocked: the table says so (`say`) and the game is
 * tried again at the next move. */
export function keepGames(root = globalThis.document, storage = globalThis.localStorage, say = sayAbove) {
  const kept = [];
  root.querySelectorAll(".crib-live-view .crib-game-out .crib-game-text").forEach((el) => {
    const key = el.dataset.key;
    const text = el.textContent;
    if (!key || !text || saved.get(key) === text) return;
    try {
      storage.setItem(GAME_PREFIX + key, text);
      saved.set(key, text);
      kept.push(key);
      say(el, "");
    } catch (error) {
      say(el, NOT_KEPT);
    }
  });
  return kept;
}
