/* _static/crib-friend.js: the transport of a game with a friend (lib/friend.js) with Trystero's
 * BitTorrent strategy, an ES module of its own. crib_live_page.js imports it only once a game with a
 * friend is on the page (lib/friend_link.js), so no other page, and no visit that plays no friend,
 * fetches or evaluates it. Built by build-pages.mjs. */
import { defaultRelayUrls, getRelaySockets, joinRoom, selfId } from "@trystero-p2p/torrent";
import { FriendPlay, quietNormalClose } from "./lib/friend.js";
import { codesRoom } from "./lib/friend_direct.js";
import { FRIEND_TEXT } from "./lib/friend_link.js";
import { newLink } from "./lib/friend_view.js";

const WATCH_RELAYS_MS = 1000;
// The public trackers a link without a relay of its own uses: Trystero's first three, as many as it
// joins by itself (its `redundancy` for this strategy), named here so that the page can say which.
const PUBLIC_RELAYS = defaultRelayUrls.slice(0, 3);
let play = null;

// A page opened from a friend's link shows the table that joined the game (it may be far down the
// page), once, the first time its game is on the page.
let shown = !/^#friend=/.test(location.hash);
function showFriendTable(root) {
  const el = !shown && root.querySelector(FRIEND_TEXT);
  if (!el) return;
  shown = true;
  (el.closest(".crib-live-output") || el).scrollIntoView({ block: "start" });
}

// The link made on this page (the maker's) is scrolled into view when it first appears (this module
// is loaded when the game is made, so that is when it starts), once a link.
const linksSeen = new Set();
function showNewLink(root) {
  const link = newLink(root, linksSeen);
  if (link) link.scrollIntoView({ block: "center" });
}

/** Start watching `root` (the document) for games with a friend; `cribLive` is the page's hook. */
export function start(cribLive, root = document) {
  if (play) return play;
  play = new FriendPlay({ joinRoom, relaySockets: getRelaySockets, defaults: PUBLIC_RELAYS,
    run: (code) => cribLive.run(code), joinCodes: codesRoom, selfId, locks: navigator.locks || null });
  quietNormalClose();  // a friend who closes the tab is no error (the panel says they left)
  const update = () => { play.update(root); showFriendTable(root); showNewLink(root); };
  new MutationObserver(update).observe(root.body || root, { subtree: true, childList: true, characterData: true });
  setInterval(() => play.watchRelays(), WATCH_RELAYS_MS);
  update();
  // for tests and for anyone curious in the browser's console: the rooms, their peers and relays
  window.cribFriend = play;
  return play;
}
