/* Playing a friend, the little the page's own script needs (the transport itself, with Trystero, is
 * _static/crib-friend.js, loaded only once a game with a friend is on the page: lib/friend.js).
 * The whole contract with Python: "Play a friend" in README.md and crib_widgets/table/friend_bridge.py. */

/** The hidden element a game with a friend shows its messages in (crib_widgets/table/friend.py). */
export const FRIEND_TEXT = ".crib-live-view .crib-friend-out .crib-friend-text";
/** The longest link code Python reads (the room, the options, the relay). */
export const CODE_MAX = 400;
/** A room's name, as Python makes it (>= 128 random bits) and as the page checks it before it
 * names it to Python. */
export const ROOM = /^[A-Za-z0-9_-]{16,64}$/;

/** The Python code that calls crib_widgets.table.friend_bridge's `name` (deliver, peer, relay_open,
 * relay_failed)
 * with the room and one text (and, for `peer`, the device "0".."3" when the page knows it); null
 * for a room that is not one. */
export function bridgeCall(name, room, text, device = null) {
  if (typeof room !== "string" || !ROOM.test(room)) return null;
  const whose = typeof device === "string" && /^[0-3]$/.test(device) ? `, "${device}"` : "";
  return `from crib_widgets.table.friend_bridge import ${name}\n${name}(${JSON.stringify(room)}, ${JSON.stringify(text)}${whose})`;
}

/** The friend's link code, the text after "#friend=" in the page's address (`hash`), for
 * os.environ["CRIB_FRIEND"]: "" when there is none or it is longer than CODE_MAX (Python refuses a
 * damaged code in one sentence; JSON.stringify keeps any text safe in Python's source). */
export function friendCode(hash) {
  const found = /^#friend=(.*)$/s.exec(typeof hash === "string" ? hash : "");
  return found && found[1].length <= CODE_MAX ? found[1] : "";
}

/** What a game with a friend says when this page could not load its transport (offline, or the
 * site was updated under it). */
export const NOT_LOADED = "This page could not load what connects it to your friend's device: "
  + "check that it is online and reload it.";

const loads = new WeakMap();  // root (the document) -> its transport's loading: once a page

/** Load the transport (`url`, an ES module) the first time a game with a friend is on the page
 * (`root` holds a FRIEND_TEXT element) and start it with `cribLive`; a page without one never
 * fetches or evaluates it. Returns the loading promise, or null while there is no such game. */
export function friendWhenPlayed(root, url, cribLive, load = (u) => import(u)) {
  if (loads.has(root)) return loads.get(root);
  if (!root.querySelector(FRIEND_TEXT)) return null;
  const loading = Promise.resolve().then(() => load(url)).then((transport) => transport.start(cribLive, root));
  loading.catch((error) => {
    console.error("crib-friend: the transport could not be loaded", error);
    root.querySelectorAll(FRIEND_TEXT).forEach((el) => {
      const code = bridgeCall("relay_failed", el.dataset.room, NOT_LOADED);
      if (code) cribLive.run(code).catch(() => undefined);
    });
  });
  loads.set(root, loading);
  return loading;
}
