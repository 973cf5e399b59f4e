/* Which files of the widgets' Python this browser holds, as the book's service worker last said
 * (its "crib-ahead-held" message, once the runtime is fetched ahead): crib_ahead.js keeps the list, and
 * crib_live_page.js reads it the moment a page is parsed, to start Python at once when it costs no
 * byte (lite/README.md, "Fetching ahead and offline"). A new build has new addresses (?v=), so a
 * list from an older one never matches. */
export const HELD_KEY = "crib-live-held";

/** Keep `urls` (absolute addresses) as held; storage blocked or full: nothing is kept. */
export function rememberHeld(urls, storage = globalThis.localStorage) {
  try {
    storage.setItem(HELD_KEY, JSON.stringify(urls));
  } catch (error) { /* the next page asks the cache itself */ }
}

/** Whether every one of `urls` was last said to be held. */
export function saidHeld(urls, storage = globalThis.localStorage) {
  try {
    const held = new Set(JSON.parse(storage.getItem(HELD_KEY) || "[]"));
    return urls.length > 0 && urls.every((url) => held.has(url));
  } catch (error) {
    return false;  // blocked storage or a damaged value: as if nothing were held
  }
}
