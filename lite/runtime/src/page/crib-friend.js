/* _static/crib-friend.js: the transport of a game with a friend (lib/friend.js) with Trystero's
 * BitTorrent strategy, an ES module of its own. crib_live_page.js imports it only once a game with a
 * friend is on the page (lib/friend_link.js), so no other page, and no visit that plays no friend,
 * fetches or evaluates it. Built by build-pages.mjs. */
import { defaultRelayUrls, getRelaySockets, joinRoom } from "@trystero-p2p/torrent";
import { FriendPlay } from "./lib/friend.js";

const WATCH_RELAYS_MS = 1000;
// The public trackers a link without a relay of its own uses: Trystero's first three, as many as it
// joins by itself (its `redundancy` for this strategy), named here so that the page can say which.
const PUBLIC_RELAYS = defaultRelayUrls.slice(0, 3);
let play = null;

/** Start watching `root` (the document) for games with a friend; `cribLive` is the page's hook. */
export function start(cribLive, root = document) {
  if (play) return play;
  play = new FriendPlay({ joinRoom, relaySockets: getRelaySockets, defaults: PUBLIC_RELAYS,
    run: (code) => cribLive.run(code) });
  const update = () => play.update(root);
  new MutationObserver(update).observe(root.body || root, { subtree: true, childList: true, characterData: true });
  setInterval(() => play.watchRelays(), WATCH_RELAYS_MS);
  update();
  // for tests and for anyone curious in the browser's console: the rooms, their peers and relays
  window.cribFriend = play;
  return play;
}
