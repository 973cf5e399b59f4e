// Playing a friend: the page's transport (src/page/lib/friend.js, friend_link.js) without Trystero.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  APP_ID, FriendPlay, LOCK_RETRY_MS, LOCK_TRIES, MESSAGE_CAP, REANNOUNCE_MS, REJOIN_JITTER_MS, REJOIN_MS, RELAY_WAIT_MS, base64Of, deviceOf, isNormalClose,
  quietNormalClose, readOut, relayFailedSentence, textOf,
} from "../src/page/lib/friend.js";
import { CODE_MAX, NOT_LOADED, bridgeCall, friendCode, friendWhenPlayed } from "../src/page/lib/friend_link.js";

const ROOM = "Ab3_-Ab3_-Ab3_-Ab3_-x";

function out(messages, room = ROOM, relay = "ws://127.0.0.1:8123") {
  return { dataset: { room, relay, n: String(messages.length) }, textContent: JSON.stringify(messages) };
}

function page(...els) {
  return { els, querySelectorAll: () => els, querySelector: () => els[0] || null };
}

// A fake of Trystero's torrent strategy: the rooms joined, what each sent, and hooks to act as a peer.
// As Trystero's, leave() takes a while (it tells the peers, then waits), and a room of that name
// joined before it is done is the room being left.
function trystero() {
  const fake = { joined: [], sockets: {}, occupied: new Map() };
  fake.joinRoom = (config, name) => {
    if (fake.occupied.has(name)) return fake.occupied.get(name);
    const room = { config, name, sent: [], left: false, action: null };
    fake.occupied.set(name, room);
    room.makeAction = (id) => {
      room.action = { id, send: (data, options) => { room.sent.push([data, options?.target ?? null]); return Promise.resolve(); } };
      return room.action;
    };
    room.leave = async () => {
      room.left = true;
      await new Promise((done) => setTimeout(done, 1));
      if (fake.occupied.get(name) === room) fake.occupied.delete(name);
    };
    fake.joined.push(room);
    return room;
  };
  fake.relaySockets = () => fake.sockets;
  return fake;
}

const settle = () => new Promise((done) => setTimeout(done, 5));

function setUp(random = () => 0, selfId = "m") {
  const fake = trystero();
  const ran = [];
  let clock = 1000;
  const play = new FriendPlay({ joinRoom: fake.joinRoom, relaySockets: fake.relaySockets,
    defaults: ["wss://a.example", "wss://b.example/announce"], run: (code) => { ran.push(code); return Promise.resolve({ status: "ok" }); },
    now: () => clock, random, selfId });
  return { fake, ran, play, tick: (ms) => { clock += ms; } };
}

const call = (name, text, room = ROOM, device = null) => `from crib_widgets.table.friend_bridge import ${name}\n`
  + `${name}("${room}", ${JSON.stringify(text)}${device === null ? "" : `, "${device}"`})`;
// A message of the game as Python's wire format writes it (crib_widgets/remote/wire.py), from `device`.
const wire = (device, seq = 0, kind = "ack") => JSON.stringify({ body: {}, crib: "remote", from: device,
  game: "0123456789abcdef", kind, saw: [0, 0, 0, 0], seen: ["", "", "", ""], seq, v: 1 });

test("the link's code is the text after #friend=, or '' (none, or longer than Python reads)", () => {
  assert.equal(friendCode("#friend=abc_DEF-123"), "abc_DEF-123");
  assert.equal(friendCode(""), "");
  assert.equal(friendCode("#part-two"), "");
  assert.equal(friendCode(undefined), "");
  assert.equal(friendCode(`#friend=${"x".repeat(CODE_MAX)}`), "x".repeat(CODE_MAX));
  assert.equal(friendCode(`#friend=${"x".repeat(CODE_MAX + 1)}`), "");
  // a damaged code is handed on as it is, for Python to refuse in its own sentence
  assert.equal(friendCode('#friend=a"b\\c'), 'a"b\\c');
});

test("Python is called exactly as the contract says, and never for a room that is not one", () => {
  assert.equal(bridgeCall("peer", ROOM, "joined"), call("peer", "joined"));
  assert.equal(bridgeCall("deliver", ROOM, "QUJD"), `from crib_widgets.table.friend_bridge import deliver\ndeliver("${ROOM}", "QUJD")`);
  for (const bad of ["short", `${ROOM}"); import os; ("`, "x".repeat(65), "a b".repeat(8), 42, null]) {
    assert.equal(bridgeCall("deliver", bad, "QUJD"), null, String(bad));
  }
});

test("a message reaches Python as base64 of its UTF-8 text, cut past the cap", () => {
  for (const text of ["", "plain", "fünf ♥ 🂡", '"); import os; ("', "\n\\"]) {
    assert.equal(Buffer.from(base64Of(text), "base64").toString("utf-8"), text);
    assert.match(base64Of(text), /^[A-Za-z0-9+/]*={0,2}$/);
  }
  const long = "é".repeat(MESSAGE_CAP);  // twice the cap in bytes
  assert.equal(Buffer.from(base64Of(long), "base64").length, MESSAGE_CAP + 1);
  assert.equal(textOf("x"), "x");
  assert.equal(textOf({ a: 1 }), '{"a":1}');
  assert.equal(textOf(undefined), "");
});

test("the hidden element is read only when it is what Python writes", () => {
  assert.deepEqual(readOut(out([[2, "b"], [1, "a"]])), { room: ROOM, relay: "ws://127.0.0.1:8123", codes: "", typed: "", messages: [[1, "a"], [2, "b"]] });
  assert.deepEqual(readOut(out([[1, "a"], "junk", [1.5, "x"], [2, 3]], ROOM, "")).messages, [[1, "a"]]);
  assert.equal(readOut(out([], "bad room")), null);
  assert.equal(readOut(out([], ROOM, "https://example.org")), null);
  assert.equal(readOut(out([], ROOM, 'ws://x" onload="')), null);
  assert.equal(readOut({ dataset: { room: ROOM, relay: "" }, textContent: "[1," }), null);
  assert.equal(readOut({ dataset: { room: ROOM, relay: "" }, textContent: "{}" }), null);
});

test("each message numbered above the last sent is sent once, in order, on the link's relay", () => {
  const { fake, play } = setUp();
  const el = out([[1, "one"], [2, "two"]]);
  const root = page(el);
  play.update(root);
  assert.equal(fake.joined.length, 1);
  const room = fake.joined[0];
  assert.deepEqual(room.config, { appId: APP_ID, relayConfig: { urls: ["ws://127.0.0.1:8123"] } });
  assert.equal(room.name, ROOM);
  assert.deepEqual(room.sent, [["one", null], ["two", null]]);
  play.update(root);  // nothing new
  assert.equal(room.sent.length, 2);
  el.textContent = JSON.stringify([[1, "one"], [2, "two"], [3, "three"]]);
  play.update(root);
  assert.deepEqual(room.sent.map(([t]) => t), ["one", "two", "three"]);
  assert.equal(fake.joined.length, 1);  // the same room
});

test("after a reload the page sends all Python shows again; a friend who joins gets them all", () => {
  const { fake, ran, play } = setUp();
  const root = page(out([[63, "x"], [64, "y"]], ROOM, ""));
  play.update(root);
  const room = fake.joined[0];
  assert.deepEqual(room.config.relayConfig, { urls: ["wss://a.example", "wss://b.example/announce"] });  // public
  assert.deepEqual(room.sent.map(([t]) => t), ["x", "y"]);
  room.onPeerJoin("peer-1");
  assert.deepEqual(room.sent.slice(2), [["x", "peer-1"], ["y", "peer-1"]]);
  assert.deepEqual(ran, [call("peer", "joined")]);
  room.onPeerLeave("peer-1");
  assert.deepEqual(ran.slice(1), [call("peer", "left")]);
});

test("what a friend sends is delivered to Python as base64, hostile text included", () => {
  const { fake, ran, play } = setUp();
  play.update(page(out([])));
  const room = fake.joined[0];
  const hostile = '"); import os; os.system("rm -rf /"); ("';
  room.action.onMessage(hostile, { peerId: "p" });
  room.action.onMessage({ not: "text" }, { peerId: "p" });
  assert.deepEqual(ran, [call("deliver", Buffer.from(hostile).toString("base64")),
    call("deliver", Buffer.from('{"not":"text"}').toString("base64"))]);
});

test("a room no game shows any more is left; one that comes back is joined again", async () => {
  const { fake, play } = setUp();
  play.update(page(out([[1, "a"]])));
  play.update(page());
  assert.equal(fake.joined[0].left, true);
  play.update(page(out([[1, "a"]])));
  await settle();
  assert.equal(fake.joined.length, 2);
  assert.deepEqual(fake.joined[1].sent.map(([t]) => t), ["a"]);
});

test("a relay shut for RELAY_WAIT_MS while no friend is connected is told to Python once", () => {
  const { fake, ran, play, tick } = setUp();
  play.update(page(out([])));
  fake.sockets["ws://127.0.0.1:8123"] = { readyState: 3 };
  play.watchRelays();
  tick(RELAY_WAIT_MS - 1);
  play.watchRelays();
  assert.deepEqual(ran, []);
  tick(1);
  play.watchRelays();
  tick(5000);
  play.watchRelays();
  assert.deepEqual(ran, [call("relay_failed", relayFailedSentence(["ws://127.0.0.1:8123"], true))]);
  assert.match(ran[0], /127\.0\.0\.1:8123\) cannot be reached/);
  // it opens (said once), then shuts again: told again only after another wait
  fake.sockets["ws://127.0.0.1:8123"] = { readyState: 1 };
  play.watchRelays();
  play.watchRelays();
  assert.deepEqual(ran.slice(1), [call("relay_open", "ws://127.0.0.1:8123")]);
  fake.sockets["ws://127.0.0.1:8123"] = { readyState: 3 };
  tick(RELAY_WAIT_MS);
  play.watchRelays();
  assert.equal(ran.length, 3);
});

test("a shut relay is not news while the friend is connected; the public relays are named", () => {
  const { fake, ran, play, tick } = setUp();
  play.update(page(out([], ROOM, "")));
  fake.joined[0].onPeerJoin("p");
  ran.length = 0;
  tick(RELAY_WAIT_MS * 2);
  play.watchRelays();
  assert.deepEqual(ran, []);
  fake.joined[0].onPeerLeave("p");
  ran.length = 0;
  fake.sockets["wss://a.example"] = { readyState: 0 };
  tick(RELAY_WAIT_MS - 1);
  play.watchRelays();
  assert.deepEqual(ran, []);  // the wait starts again when the friend leaves
  tick(1);
  play.watchRelays();
  assert.match(ran[0], /None of the public relays \(a\.example, b\.example\) can be reached/);
  fake.sockets["wss://a.example"] = { readyState: 1 };
  fake.sockets["wss://b.example/announce"] = { readyState: 1 };
  play.watchRelays();
  assert.deepEqual(ran.slice(1), [call("relay_open", "wss://a.example wss://b.example/announce")]);
});

test("the transport is loaded once, only when a game with a friend is on the page", async () => {
  const loads = [];
  const started = [];
  const load = (url) => { loads.push(url); return Promise.resolve({ start: (live, root) => { started.push([live, root]); } }); };
  const live = { run: () => Promise.resolve() };
  assert.equal(friendWhenPlayed(page(), "/_static/crib-friend.js", live, load), null);
  assert.deepEqual(loads, []);
  const root = page(out([]));
  const first = friendWhenPlayed(root, "/_static/crib-friend.js", live, load);
  assert.equal(friendWhenPlayed(root, "/_static/crib-friend.js", live, load), first);
  await first;
  assert.deepEqual(loads, ["/_static/crib-friend.js"]);
  assert.deepEqual(started, [[live, root]]);
});

test("a transport that cannot be loaded is said in each game's panel, once", async () => {
  const ran = [];
  const live = { run: (code) => { ran.push(code); return Promise.resolve(); } };
  const root = page(out([]), out([], "bad room"));
  const quiet = console.error;
  console.error = () => undefined;
  try {
    const loading = friendWhenPlayed(root, "/x.js", live, () => Promise.reject(new Error("offline")));
    await assert.rejects(loading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(friendWhenPlayed(root, "/x.js", live, () => assert.fail("loaded twice")), loading);
  } finally {
    console.error = quiet;
  }
  assert.deepEqual(ran, [call("relay_failed", NOT_LOADED)]);
});

test("a room alone for REJOIN_MS with a relay open joins again (announcing at once), keeping its messages", async () => {
  const { fake, play, tick } = setUp();
  play.update(page(out([[1, "a"], [2, "b"]])));
  fake.sockets["ws://127.0.0.1:8123"] = { readyState: 1 };
  tick(REJOIN_MS - 1);
  play.watchRelays();
  assert.equal(fake.joined.length, 1);
  tick(1);
  play.watchRelays();
  assert.equal(fake.joined[0].left, true);
  await settle();  // joined again once the leave is done: not the room being left
  assert.equal(fake.joined.length, 2);
  const again = fake.joined[1];
  assert.equal(again.left, false);
  assert.equal(play.rooms.get(ROOM).trystero, again);
  assert.deepEqual(again.config, fake.joined[0].config);
  play.update(page(out([[1, "a"], [2, "b"]])));
  assert.deepEqual(again.sent, []);  // nothing sent twice: a friend who joins gets them all
  again.onPeerJoin("p");
  assert.deepEqual(again.sent.map(([t]) => t), ["a", "b"]);
  tick(REJOIN_MS * 3);
  play.watchRelays();
  assert.equal(fake.joined.length, 2);  // never while the friend is there
  delete fake.sockets["ws://127.0.0.1:8123"];
  again.onPeerLeave("p");
  tick(REJOIN_MS * 3);
  play.watchRelays();
  assert.equal(fake.joined.length, 2);  // nor with no relay open
});

test("each wait alone before joining again is drawn afresh, so two pages that join in step fall out of step", async () => {
  const draws = [0.9, 0.1, 0.5];
  const { fake, play, tick } = setUp(() => draws.shift());
  play.update(page(out([[1, "a"]])));
  fake.sockets["ws://127.0.0.1:8123"] = { readyState: 1 };
  const joinsAfter = async (ms) => {
    const before = fake.joined.length;
    tick(ms - 1);
    play.watchRelays();
    await settle();
    assert.equal(fake.joined.length, before, `not before ${ms} ms`);
    tick(1);
    play.watchRelays();
    await settle();
    assert.equal(fake.joined.length, before + 1, `at ${ms} ms`);
  };
  await joinsAfter(REJOIN_MS + 0.9 * REJOIN_JITTER_MS);
  await joinsAfter(REJOIN_MS + 0.1 * REJOIN_JITTER_MS);
  await joinsAfter(REJOIN_MS + 0.5 * REJOIN_JITTER_MS);
});

test("two elements of one room on a page: the one whose messages go further is sent from", () => {
  const { fake, play } = setUp();
  play.update(page(out([]), out([[1, "a"], [2, "b"]]), out([[1, "a"]])));
  assert.equal(fake.joined.length, 1);
  assert.deepEqual(fake.joined[0].sent.map(([t]) => t), ["a", "b"]);
});

test("the device a message names as its sender, or null for anything else", () => {
  assert.equal(deviceOf(wire(0)), "0");
  assert.equal(deviceOf(wire(3)), "3");
  for (const bad of [wire(4), wire(-1), wire(1.5), wire("2"), wire(null), '{"from":2}', "[2]", "not json", "",
    JSON.stringify({ crib: "remote", from: 1, pad: "x".repeat(MESSAGE_CAP) }), undefined]) {
    assert.equal(deviceOf(bad), null, String(bad).slice(0, 40));
  }
  assert.equal(bridgeCall("peer", ROOM, "left", "2"), call("peer", "left", ROOM, "2"));
  assert.equal(bridgeCall("peer", ROOM, "left", "0"), call("peer", "left", ROOM, "0"));
  for (const bad of [null, "4", "12", '1"); import os; ("', 2]) {
    assert.equal(bridgeCall("peer", ROOM, "left", bad), call("peer", "left"), String(bad));
  }
});

test("at a table of three or four, each peer is the device its first message names: who leaves is named", () => {
  const { fake, ran, play } = setUp();
  play.update(page(out([[1, "mine"]])));
  const room = fake.joined[0];
  room.onPeerJoin("peer-cy");
  room.onPeerJoin("peer-ben");
  room.action.onMessage(wire(2), { peerId: "peer-cy" });
  room.action.onMessage(wire(1, 1, "join"), { peerId: "peer-ben" });
  room.action.onMessage(wire(3), { peerId: "peer-ben" });  // a later claim changes nothing
  room.onPeerLeave("peer-ben");
  room.onPeerLeave("peer-cy");
  const b64 = (text) => Buffer.from(text).toString("base64");
  assert.deepEqual(ran, [call("peer", "joined"), call("peer", "joined"),
    call("peer", "joined", ROOM, "2"), call("deliver", b64(wire(2))),
    call("peer", "joined", ROOM, "1"), call("deliver", b64(wire(1, 1, "join"))), call("deliver", b64(wire(3))),
    call("peer", "left", ROOM, "1"), call("peer", "left", ROOM, "2")]);
});

test("a peer that never sent a game's message leaves unnamed; one heard before it joined is named", () => {
  const { fake, ran, play } = setUp();
  play.update(page(out([])));
  const room = fake.joined[0];
  room.action.onMessage(wire(2), { peerId: "early" });  // before Trystero said it joined
  room.onPeerJoin("early");
  room.onPeerJoin("p");
  room.action.onMessage("not a message of the game", { peerId: "p" });
  room.action.onMessage(wire(1), { peerId: undefined });
  room.onPeerLeave("p");
  room.onPeerLeave("early");
  assert.deepEqual(ran.filter((code) => code.includes("peer(")), [call("peer", "joined", ROOM, "2"),
    call("peer", "joined"), call("peer", "joined"), call("peer", "left"), call("peer", "left", ROOM, "2")]);
});

test("a friend's page reloaded is back under a new peer: the old peer's leaving names nobody gone", () => {
  const { fake, ran, play } = setUp();
  play.update(page(out([])));
  const room = fake.joined[0];
  room.onPeerJoin("old");
  room.action.onMessage(wire(2), { peerId: "old" });
  room.onPeerJoin("new");
  room.action.onMessage(wire(2, 0, "resync"), { peerId: "new" });
  ran.length = 0;
  room.onPeerLeave("old");  // its connection timed out after the reload
  assert.deepEqual(ran, []);
  room.onPeerLeave("new");
  assert.deepEqual(ran, [call("peer", "left", ROOM, "2")]);
});

// A relay's socket: offers the relay hands on arrive as its "message" events.
function socket() {
  const listeners = [];
  return { readyState: 1, addEventListener: (type, f) => { if (type === "message") listeners.push(f); },
    relay: (data) => listeners.forEach((f) => f({ data: typeof data === "string" ? data : JSON.stringify(data) })) };
}
const offer = (peerId) => ({ action: "announce", info_hash: "x".repeat(20), peer_id: peerId, offer_id: "o".repeat(20),
  offer: { type: "offer", sdp: "v=0" } });

test("a friend's page that joins after this one, whose offers Trystero leaves unanswered here, is met at once", async () => {
  // Trystero: of two pages with offers out, the one of the lower peer id ignores the other's offers
  // and waits for its own to be answered, but its own went out before the friend's page was there
  // (a reload): this page joins again at once (new offers, which the friend's page answers).
  const { fake, play, tick } = setUp(() => 0, "m");
  const relay = socket();
  fake.sockets["ws://127.0.0.1:8123"] = relay;
  play.update(page(out([[1, "a"]])));
  tick(REANNOUNCE_MS);
  play.watchRelays();  // taps the relay's socket; alone, but not REJOIN_MS yet
  assert.equal(fake.joined.length, 1);
  relay.relay(offer("a-lower"));  // a lower id: Trystero here answers it by itself
  relay.relay(offer("m"));  // this page's own
  relay.relay({ ...offer("z"), offer: undefined, answer: { sdp: "v=0" } });  // an answer
  relay.relay("not json {\"offer\"");
  await settle();
  assert.equal(fake.joined.length, 1);
  relay.relay(offer("z-higher"));
  await settle();
  assert.equal(fake.joined.length, 2, "joined again at once");
  assert.equal(play.rooms.get(ROOM).trystero, fake.joined[1]);
  relay.relay(offer("z-higher"));  // its next announce, before REANNOUNCE_MS: nothing more
  tick(REANNOUNCE_MS - 1);
  relay.relay(offer("z-higher"));
  await settle();
  assert.equal(fake.joined.length, 2);
  fake.joined[1].onPeerJoin("z-higher");
  tick(REANNOUNCE_MS * 5);
  relay.relay(offer("z-other"));  // a friend connected: never left for another offer
  await settle();
  assert.equal(fake.joined.length, 2);
  play.watchRelays();
  assert.equal(fake.joined.length, 2, "the socket is read once");
});

test("an offer left unanswered just after a join is met once REANNOUNCE_MS is up, unless a friend answered or joined", async () => {
  // check_friend_reload (CI, stop 42): the friend's page joined 0-3 s after this page had joined
  // again alone; its offers were passed over and both waited 17 s for the next join
  const { fake, play, tick } = setUp(() => 0, "m");
  const relay = socket();
  fake.sockets["ws://127.0.0.1:8123"] = relay;
  play.update(page(out([[1, "a"]])));
  play.watchRelays();
  tick(1000);
  relay.relay(offer("z-higher"));
  await settle();
  assert.equal(fake.joined.length, 1, "not at once: the last join was under REANNOUNCE_MS ago");
  tick(REANNOUNCE_MS - 1000);
  play.watchRelays();
  await settle();
  assert.equal(fake.joined.length, 2, "joined again once the wait was up");
  assert.match(play.rooms.get(ROOM).trace.join("\n"), /offer from z-higher[\s\S]*join again: an offer left unanswered/);
  play.watchRelays();
  tick(REANNOUNCE_MS * 2);
  play.watchRelays();
  await settle();
  assert.equal(fake.joined.length, 2, "owed once, joined once");
  // an answer from the friend meanwhile: the join under way is not cut off
  tick(REANNOUNCE_MS * 10);
  relay.relay(offer("y-higher"));
  await settle();
  assert.equal(fake.joined.length, 3);
  tick(500);
  relay.relay(offer("x-higher"));
  relay.relay({ ...offer("x-higher"), offer: undefined, answer: { type: "answer", sdp: "v=0" } });
  tick(REANNOUNCE_MS);
  play.watchRelays();
  await settle();
  assert.equal(fake.joined.length, 3, "answered: no join again");
  // a friend connected meanwhile: none either
  tick(REANNOUNCE_MS * 10);
  relay.relay(offer("w-higher"));
  await settle();
  assert.equal(fake.joined.length, 4);
  relay.relay(offer("v-higher"));
  fake.joined[3].onPeerJoin("v-higher");
  tick(REANNOUNCE_MS);
  play.watchRelays();
  await settle();
  assert.equal(fake.joined.length, 4, "connected: no join again");
});

test("the page of the higher peer id never joins again for an offer (Trystero answers it): two pages never both do", async () => {
  const { fake, play, tick } = setUp(() => 0, "z");
  const relay = socket();
  fake.sockets["ws://127.0.0.1:8123"] = relay;
  play.update(page(out([[1, "a"]])));
  play.watchRelays();
  tick(REANNOUNCE_MS * 2);
  relay.relay(offer("m-lower"));
  await settle();
  assert.equal(fake.joined.length, 1);
  // a room on another relay is not left for this relay's offers either
  const other = setUp(() => 0, "a");
  const elsewhere = socket();
  other.fake.sockets["ws://127.0.0.1:9999"] = elsewhere;
  other.play.update(page(out([[1, "a"]])));
  other.play.watchRelays();
  other.tick(REANNOUNCE_MS);
  elsewhere.relay(offer("z"));
  await settle();
  assert.equal(other.fake.joined.length, 1);
});

test("a friend's page that closes its connection is no error in the console; every other error is", () => {
  const abort = Object.assign(new Error("User-Initiated Abort, reason=Close called"), { name: "OperationError" });
  assert.equal(isNormalClose(["Trystero peer error:", abort]), true);
  assert.equal(isNormalClose(["Trystero peer error:", new Error("failed to apply remote signal")]), false);
  assert.equal(isNormalClose(["Something else:", abort]), false);
  assert.equal(isNormalClose(["Trystero peer error:", Object.assign(new Error("ICE failed"), { name: "OperationError" })]), false);
  const said = [];
  const target = { error: (...args) => said.push(args) };
  quietNormalClose(target);
  quietNormalClose(target);  // once
  target.error("Trystero peer error:", abort);
  target.error("Trystero peer error:", new Error("failed to parse remote candidate"));
  target.error("crib-friend: x");
  assert.deepEqual(said.map(([label, e]) => [label, e && e.message]),
    [["Trystero peer error:", "failed to parse remote candidate"], ["crib-friend: x", undefined]]);
});

// navigator.locks as far as the page uses it: a lock a name, asked for only if available, held until
// the promise its callback returns settles; as the browser's, the callback runs later, never at once.
function locks() {
  const held = new Set();
  return { held, request: async (name, options, granted) => {
    assert.deepEqual(options, { ifAvailable: true });
    await null;
    if (held.has(name)) return granted(null);
    held.add(name);
    await granted({ name });
    held.delete(name);
    return undefined;
  } };
}

test("a second tab of the same browser keeps out of a game the first plays, and says so; a reload's page gets in", async () => {
  const shared = locks();
  const fake = trystero();
  const ran = [];
  const waits = [];
  const tab = () => new FriendPlay({ joinRoom: fake.joinRoom, relaySockets: fake.relaySockets, defaults: [],
    run: (code) => { ran.push(code); return Promise.resolve({ status: "ok" }); }, selfId: "m", locks: shared,
    later: (f, ms) => waits.push([f, ms]) });
  const first = tab();
  first.update(page(out([[1, "a"]])));
  await settle();
  assert.equal(fake.joined.length, 1, "the first tab holds the room's lock and joins");
  assert.deepEqual([...shared.held], [`crib-friend:${ROOM}`]);
  assert.equal(fake.joined[0].sent.length, 1, "and sends");

  const second = tab();
  second.update(page(out([[1, "a"]])));
  for (let asked = 1; asked < LOCK_TRIES; asked += 1) {
    await settle();
    assert.equal(waits.length, 1, "asked again a moment later (a reload's old page may still hold it)");
    const [again, ms] = waits.pop();
    assert.equal(ms, LOCK_RETRY_MS);
    again();
  }
  await settle();
  assert.equal(waits.length, 0);
  assert.equal(fake.joined.length, 1, "the second tab never joins");
  assert.deepEqual(ran, [call("elsewhere", "")], "Python is told: it says the game is open in another tab");
  second.update(page(out([[1, "a"], [2, "b"]])));
  second.watchRelays();
  await settle();
  assert.equal(fake.joined.length, 1, "nor sends, nor joins again");

  first.update(page());  // the first tab's game is gone (the tab closes, or it plays another)
  await settle();
  assert.deepEqual([...shared.held], [], "its lock is let go");
  const third = tab();  // a reload of the second tab
  third.update(page(out([[1, "a"]])));
  await settle();
  assert.equal(fake.joined.length, 2, "a page opened now gets in");
});
