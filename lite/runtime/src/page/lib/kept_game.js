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

/** Keep each game shown in `root`'s hidden game elements that changed since it was last kept;
 * returns the names kept. Storage full or blocked: the game goes on, kept at the next move. */
export function keepGames(root = globalThis.document, storage = globalThis.localStorage) {
  const kept = [];
  root.querySelectorAll(".crib-live-view .crib-game-out .crib-game-text").forEach((el) => {
    const key = el.dataset.key;
    const text = el.textContent;
    if (!key || !text || saved.get(key) === text) return;
    try {
      storage.setItem(GAME_PREFIX + key, text);
      saved.set(key, text);
      kept.push(key);
    } catch (error) { /* tried again at the next move */ }
  });
  return kept;
}
