/* Playing a friend on another device: the page's transport (issue 39; the contract with Python is
 * crib_widgets/table/friend_bridge.py and README.md, "Play a friend").
 *
 * Python shows what its game sends in a hidden element (FRIEND_TEXT: data-room, data-relay, data-n,
 * and the last messages as JSON [[n, text], ...]); this joins that room through the relay (Trystero's
 * BitTorrent strategy: a WebSocket tracker finds the two browsers, which then talk directly over
 * WebRTC), sends every message numbered above the last one sent, and sends them all again to a friend
 * who (re)joins, since a message sent while nobody listened is gone (repeats are harmless: Python's
 * mailbox ignores them). What arrives is handed to Python as base64 (no text of a peer's ever
 * becomes code); a peer joined or left, and a relay that cannot be reached, are told to Python too.
 * Trystero itself is passed in (`joinRoom`, `relaySockets`), so that tests drive this without it. */
import { FRIEND_TEXT, bridgeCall } from "./friend_link.js";

/** Trystero's name for this app: two rooms of the same name in other apps never meet ours. */
export const APP_ID = "crib_widgets";
/** The longest message handed to Python, in bytes of UTF-8 (friend_bridge.MAX_MESSAGE). */
export const MESSAGE_CAP = 256 * 1024;
/** How long no relay may be open, while no friend is connected, before Python is told. */
export const RELAY_WAIT_MS = 12000;
/** How long a room waits alone, a relay open, before it joins again (`rejoinAlone`). */
export const REJOIN_MS = 15000;
/** Up to this much more, at random each time: two pages whose offers cross at every join (a friend's
 * page reloaded a few seconds after this one joined again) would otherwise join again in step for ever
 * (check_friend: a reloaded friend's page not found in 90 s, once in six runs on a busy machine). */
export const REJOIN_JITTER_MS = 10000;
/** The least time between two joins of a room made because a friend's offer came that this page's
 * Trystero will not answer (`offerSeen`). */
export const REANNOUNCE_MS = 3000;
/** A room's lock (one tab of a browser plays a game): asked this many times, this far apart, before
 * the page says the game is open in another tab (a reload's old page lets go of it as it unloads). */
export const LOCK_TRIES = 5;
export const LOCK_RETRY_MS = 500;
/** How many of a room's last events its trace keeps (`FriendPlay.note`). */
const TRACE_LENGTH = 40;
/** The longest relay message looked at for a friend's offer (an offer's SDP is a few KB). */
const RELAY_MESSAGE_CAP = 64 * 1024;
const RELAY = /^wss?:\/\/[^\s"'<>\\]{1,200}$/;
const OPEN = 1; // WebSocket.OPEN

/** Standard base64 of `text`'s UTF-8 bytes, cut to MESSAGE_CAP + 1 bytes: one too long is still
 * too long for Python, which refuses it in its own sentence, and is never carried whole. */
export function base64Of(text) {
  let bytes = new TextEncoder().encode(text);
  if (bytes.length > MESSAGE_CAP) bytes = bytes.subarray(0, MESSAGE_CAP + 1);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What a friend's message becomes for Python (a string; anything else Trystero may carry, as JSON,
 * which Python refuses as not a message of the game). */
export function textOf(data) {
  if (typeof data === "string") return data;
  try { return JSON.stringify(data) ?? ""; } catch (error) { return ""; }
}

/** One hidden element read: {room, relay, codes, typed, messages: [[n, text], ...]}, or null when it
 * is not what Python writes (a room that is not one, a relay that is not a ws:// or wss:// address,
 * bad JSON). `codes`: "make" or "take" for a game joined by two codes swapped by hand (no relay:
 * lib/friend_direct.js), `typed` the friend's code typed there. */
export function readOut(el) {
  const { room = "", relay = "", codes = "", typed = "" } = el.dataset;
  if (!bridgeCall("peer", room, "") || (relay && !RELAY.test(relay))) return null;
  if (codes && (relay || !["make", "take"].includes(codes))) return null;
  let messages;
  try { messages = JSON.parse(el.textContent || "[]"); } catch (error) { return null; }
  if (!Array.isArray(messages)) return null;
  messages = messages.filter((m) => Array.isArray(m) && Number.isInteger(m[0]) && typeof m[1] === "string");
  return { room, relay, codes, typed, messages: messages.sort((a, b) => a[0] - b[0]) };
}

/** The device (seat of the game: "0" the link maker's, "1" to "3" its friends') a message names
 * as its sender (Python's wire format, crib_widgets/remote/wire.py: `"from"`), or null. Each page
 * sends only its own messages (a device missing some asks their sender again), so a peer's first
 * message says which device it is; its claim only ever names who left, and Python checks every
 * message itself. */
export function deviceOf(text) {
  if (typeof text !== "string" || text.length > MESSAGE_CAP) return null;
  let data;
  try { data = JSON.parse(text); } catch (error) { return null; }
  const from = data && typeof data === "object" && data.crib === "remote" ? data.from : null;
  return Number.isInteger(from) && from >= 0 && from <= 3 ? String(from) : null;
}

const lastNumber = (out) => (out.messages.length ? out.messages[out.messages.length - 1][0] : 0);

/** The sentence Python says when no relay can be reached (`urls`: the relays tried). */
export function relayFailedSentence(urls, own) {
  const names = urls.map((u) => u.replace(/^wss?:\/\//, "").replace(/\/.*$/, "")).join(", ");
  return own
    ? `The relay named in your link (${names}) cannot be reached, so your friend's device cannot be found: `
      + "check that this device is online and on the network that relay serves."
    : `None of the public relays (${names}) can be reached, so your friend's device cannot be found: `
      + "check that this device is online; on a network that blocks them, ask for a link with your school's own relay.";
}

/** Whether console.error's `args` are Trystero's report of a friend's page that closed its
 * connection: the browser's data channel says "OperationError: User-Initiated Abort, reason=Close
 * called" when the other side closes (a tab closed, a page reloaded), which Trystero logs as a peer
 * error. It is the normal end of a connection (the page is told the friend left), not an error. */
export function isNormalClose(args) {
  const [label, error] = args;
  return typeof label === "string" && /^Trystero peer error/.test(label)
    && Boolean(error) && error.name === "OperationError" && /User-Initiated Abort/.test(String(error.message));
}

/** Make `target`'s (the console's) error() pass over a normal close (isNormalClose), once; every
 * other error is reported as before. */
export function quietNormalClose(target = console) {
  if (target.error.cribQuiet) return;
  const report = target.error.bind(target);
  const quiet = (...args) => (isNormalClose(args) ? undefined : report(...args));
  quiet.cribQuiet = true;
  target.error = quiet;
}

/** The page's games with a friend, one Trystero room each. */
export class FriendPlay {
  /** `joinRoom(config, roomId)` and `relaySockets()` are Trystero's (lib's torrent strategy),
   * `defaults` its public relays, `run(code)` window.cribLive.run. */
  constructor({ joinRoom, relaySockets, defaults, run, now = () => Date.now(), random = Math.random, joinCodes = null,
    selfId = "", locks = null, later = (f, ms) => setTimeout(f, ms) }) {
    // joinCodes({role, tell}): a room of two codes swapped by hand, Trystero's shape (lib/friend_direct.js);
    // selfId: this page's peer id in Trystero (and at the relay); locks: navigator.locks (none: no lock)
    Object.assign(this, { joinRoom, relaySockets, defaults, run, now, random, joinCodes, selfId, locks, later,
      began: now() });
    this.rooms = new Map();
    this.leaving = new Map();  // room name -> Trystero's leave() under way (joinRoom gives the old room till then)
    this.tapped = new WeakSet();  // the relay sockets whose messages offerSeen reads
  }

  /** Look at the page's hidden elements again (`root`: the document): join new rooms, send new
   * messages, leave rooms no game shows any more. */
  update(root) {
    // one element a room; were two of a page's tables to show the same room, the one further on
    // (its last message numbered highest) is the game that plays
    const outs = new Map();
    root.querySelectorAll(FRIEND_TEXT).forEach((el) => {
      const out = readOut(el);
      const other = out && outs.get(out.room);
      if (out && (!other || lastNumber(out) > lastNumber(other))) outs.set(out.room, out);
    });
    const seen = new Set(outs.keys());
    outs.forEach((out) => {
      const room = this.rooms.get(out.room) || this.join(out);
      Object.assign(room, { messages: out.messages, typed: out.typed });
      this.handOn(room);
    });
    for (const [name, room] of this.rooms) {
      if (!seen.has(name)) { this.leave(room); room.release(); this.rooms.delete(name); }
    }
  }

  /** What Python's element says, handed on to a room joined (again): the code typed (two codes by
   * hand) and the messages not sent yet. A room still waiting (for its lock, or to join again) gets
   * it once it joins. */
  handOn(room) {
    if (room.codes && room.trystero) room.trystero.typed(room.typed);
    this.sendFresh(room);
  }

  /** Send every message numbered above the last sent (none while the room waits to join again). */
  sendFresh(room) {
    if (!room.send) return;
    const fresh = room.messages.filter(([n]) => n > room.lastSent);
    fresh.forEach(([, text]) => room.send(text));
    if (fresh.length) room.lastSent = fresh[fresh.length - 1][0];
  }

  /** Leave `room`'s Trystero room. Trystero's leave() takes a moment (it tells the peers, then waits
   * 99 ms), and a joinRoom of the same name before it is done returns the room being left: so a
   * join waits for it (`connect`). */
  leave(room) {
    if (!room.trystero) return Promise.resolve();  // never joined (kept out, or waiting for its lock)
    let left;
    try { left = Promise.resolve(room.trystero.leave()); } catch (error) { left = Promise.reject(error); }
    const done = left
      .catch((error) => console.warn("crib-friend: leaving the room failed", error))
      .then(() => { if (this.leaving.get(room.name) === done) this.leaving.delete(room.name); });
    this.leaving.set(room.name, done);
    return done;
  }

  join({ room: name, relay, codes = "" }) {
    const urls = codes ? [] : relay ? [relay] : this.defaults;
    // peers: each peer connected now -> its device ("0".."3"), null until its first message says
    const room = { name, urls, codes, own: Boolean(relay), lastSent: 0, messages: [], peers: new Map(),
      since: this.now(), failed: false, open: "", trace: [], release: () => undefined };
    this.rooms.set(name, room);
    if (this.locks) this.hold(room);
    else this.connect(room);
    return room;
  }

  /** Join `room` once this page holds its lock, which it keeps until the room is left: two tabs of
   * one browser would be one device twice (the same kept game), whose moves would clash. A tab that
   * cannot have it keeps out, and Python says the game is open in another tab. */
  hold(room, tries = 1) {
    const granted = (lock) => {
      if (this.rooms.get(room.name) !== room) return undefined;  // left meanwhile
      if (lock) {
        this.connect(room);
        this.handOn(room);
        return new Promise((release) => { room.release = release; });
      }
      if (tries < LOCK_TRIES) this.later(() => this.hold(room, tries + 1), LOCK_RETRY_MS);
      else {
        this.note(room, "open in another tab: keeps out");
        this.tell("elsewhere", room.name, "");
      }
      return undefined;
    };
    Promise.resolve(this.locks.request(`crib-friend:${room.name}`, { ifAvailable: true }, granted))
      .catch((error) => console.warn("crib-friend: the room's lock failed", error));
  }

  /** Join `room` in Trystero (again: `joinedAt` says when), once a leave of its name is done. */
  connect(room) {
    const { name } = room;
    const pending = this.leaving.get(name);
    if (pending) {
      Object.assign(room, { joinedAt: this.now(), rejoining: true, send: null });
      pending.then(() => {
        room.rejoining = false;
        if (this.rooms.get(name) !== room) return;
        this.connect(room);
        this.handOn(room);
      });
      return;
    }
    const trystero = room.codes
      ? this.joinCodes({ role: room.codes, tell: (call, text) => this.tell(call, name, text) })
      : this.joinRoom({ appId: APP_ID, relayConfig: { urls: room.urls } }, name, {
        // the offers crossed, or the two networks allow no direct connection: Trystero tries again
        onJoinError: (details) => console.warn("crib-friend: a connection to the friend's device failed", details.error),
      });
    const action = trystero.makeAction("crib");
    const send = (text, target) => Promise.resolve(action.send(text, target ? { target } : undefined))
      .catch((error) => console.warn("crib-friend: a message could not be sent", error));
    const wait = REJOIN_MS + Math.floor(this.random() * REJOIN_JITTER_MS);
    Object.assign(room, { trystero, send, joinedAt: this.now(), wait, owed: false, answered: false });
    this.note(room, "joined");
    action.onMessage = (data, context) => {
      const text = textOf(data);
      this.learnDevice(room, context && context.peerId, text);
      this.tell("deliver", name, base64Of(text));
    };
    trystero.onPeerJoin = (peerId) => {
      this.note(room, `peer ${peerId} joined`);
      if (!room.peers.has(peerId)) room.peers.set(peerId, null);
      room.messages.forEach(([, text]) => send(text, peerId));
      this.tell("peer", name, "joined");
    };
    trystero.onPeerLeave = (peerId) => {
      this.note(room, `peer ${peerId} left`);
      const device = room.peers.get(peerId) ?? null;
      room.peers.delete(peerId);
      room.since = this.now();  // the relay is needed again from now: the wait starts over
      // a device whose page is still here under another peer (a reload seen before its old
      // connection timed out) has not left
      if (device !== null && [...room.peers.values()].includes(device)) return;
      this.tell("peer", name, "left", device);
    };
  }

  /** The first message of a peer whose device is not known yet names it: Python is told that
   * device joined (so a friend back after leaving is named as back, and one who closes the tab
   * later is named as gone). */
  learnDevice(room, peerId, text) {
    // once a peer; Trystero hands on messages only from a peer connected, maybe just before it says
    // the peer joined (onPeerJoin then keeps what was learnt)
    if (typeof peerId !== "string" || room.peers.get(peerId)) return;
    const device = deviceOf(text);
    room.peers.set(peerId, device);
    if (device !== null) this.tell("peer", room.name, "joined", device);
  }

  /** A room still alone REJOIN_MS (and up to REJOIN_JITTER_MS more) after it joined, with a relay
   * open, joins again. Two browsers'
   * offers cross at the relay and only one side answers (Trystero's rule); the other side's offers
   * go out only when it announces again, which a tracker may set to every two minutes (bittorrent-
   * tracker's default): joining again announces at once, so a friend is found within REJOIN_MS. */
  rejoinAlone(room, open) {
    if (room.peers.size || !open || this.now() - room.joinedAt < room.wait) return;
    this.rejoin(room, "alone too long");
  }

  rejoin(room, why) {
    if (room.rejoining) return;
    this.note(room, `join again: ${why}`);
    this.leave(room);
    this.connect(room);
  }

  /** A message from a relay (`url`) to this page. A friend's page that joined after this one's last
   * join sends its offers, and Trystero's rule for offers that cross (the page of the lower peer id
   * ignores the other's while it has offers out, and waits for its own to be answered) leaves them
   * unanswered, while this page's own offers went out before that friend was there: both would wait
   * for the next announce (the relay's interval, 10 s to 2 min) or REJOIN_MS. So a room alone on that
   * relay joins again (announcing new offers, which that friend's page answers): at once, or, within
   * REANNOUNCE_MS of its last join, once that time is up (`owed`, `joinOwed`), unless a friend's
   * answer came meanwhile. The page of the higher id answers by itself and does nothing here, so two
   * pages never both join again. */
  offerSeen(url, raw) {
    if (typeof raw !== "string" || raw.length > RELAY_MESSAGE_CAP) return;
    const answer = raw.includes('"answer"');
    if (!answer && !raw.includes('"offer"')) return;
    let data;
    try { data = JSON.parse(raw); } catch (error) { return; }
    const from = data && typeof data === "object" && (answer ? data.answer : data.offer) ? data.peer_id : null;
    if (typeof from !== "string" || !this.selfId) return;
    for (const room of this.rooms.values()) {
      if (!room.trystero || room.codes || room.peers.size || room.rejoining || !room.urls.includes(url)) continue;
      if (answer) {
        room.answered = true;  // a friend is answering this join's offers: joining again would cut it off
        this.note(room, `answer from ${from}`);
      } else if (this.selfId < from) {
        this.note(room, `offer from ${from}`);
        if (this.now() - room.joinedAt >= REANNOUNCE_MS) this.rejoin(room, "an offer left unanswered");
        else room.owed = true;
      }
    }
  }

  /** A room owed a join (`offerSeen`) joins again once REANNOUNCE_MS has passed since its last,
   * if it is still alone and no friend answered meanwhile. */
  joinOwed(room) {
    if (!room.owed || room.rejoining || this.now() - room.joinedAt < REANNOUNCE_MS) return;
    room.owed = false;
    if (!room.peers.size && !room.answered) this.rejoin(room, "an offer left unanswered, after the wait");
  }

  /** Keep `what` in the room's trace (the last TRACE_LENGTH events, with the time since the page
   * began): what a slow reconnection did, for a test or a bug report to print. */
  note(room, what) {
    room.trace.push(`${Math.round(this.now() - this.began)} ms ${what}`);
    if (room.trace.length > TRACE_LENGTH) room.trace.shift();
  }

  /** Read each relay socket's messages (once a socket: a relay that reconnects has a new one). */
  tapRelays(sockets) {
    for (const [url, socket] of Object.entries(sockets)) {
      if (!socket || typeof socket.addEventListener !== "function" || this.tapped.has(socket)) continue;
      this.tapped.add(socket);
      socket.addEventListener("message", (event) => this.offerSeen(url, event.data));
    }
  }

  /** Every second or so: the relays a room reaches, told to Python when they change (the players
   * see which one finds their friend); a room with no friend connected whose relays have all stayed
   * shut for RELAY_WAIT_MS is told to Python once (again only after one has opened since). */
  watchRelays() {
    const sockets = this.relaySockets();
    this.tapRelays(sockets);
    for (const room of this.rooms.values()) {
      if (room.codes || !room.trystero) continue;  // no relay (the codes' room says what it lacks), or not in
      const open = room.urls.filter((url) => sockets[url] && sockets[url].readyState === OPEN).join(" ");
      if (open && open !== room.open) this.tell("relay_open", room.name, open);
      if (open) room.open = open;
      this.rejoinAlone(room, open);
      this.joinOwed(room);
      if (open || room.peers.size) {
        room.since = this.now();
        room.failed = false;
      } else if (!room.failed && this.now() - room.since >= RELAY_WAIT_MS) {
        room.failed = true;
        this.tell("relay_failed", room.name, relayFailedSentence(room.urls, room.own));
      }
    }
  }

  tell(name, room, text, device = null) {
    const code = bridgeCall(name, room, text, device);
    if (code) return Promise.resolve(this.run(code)).catch(() => undefined);
    return Promise.resolve();
  }
}
