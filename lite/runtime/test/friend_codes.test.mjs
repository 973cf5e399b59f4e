// Playing a friend with no relay: the two codes swapped by hand (src/page/lib/friend_codes.js) and
// the room they open (friend_direct.js), with a stand-in for RTCPeerConnection; lib/friend.js over it.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CodeError, MAX_TYPED, SAY, candidatesOf, checkValue, codeOf, codeValues, credentials, fingerprintOf, packAddress,
  readCode, readFriendCode, sdpOf, unpackAddress, withCredentials,
} from "../src/page/lib/friend_codes.js";
import { FRIEND, NOT_OPEN, OPEN_MS, codesRoom } from "../src/page/lib/friend_direct.js";
import { FriendPlay } from "../src/page/lib/friend.js";
import { ALPHABET } from "../src/page/lib/short.js";

const fp = (seed) => Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + seed * 101 + 11) & 255);
const OFFER_FP = fp(1), ANSWER_FP = fp(2);
const IPV4 = { address: "192.168.1.23", port: 50123 };
const MDNS = { address: "61ea2fa5-222f-46e1-8785-eb20de00d836.local", port: 34916 };
const IPV6 = { address: "fd00::2", port: 1 };
const offerCode = codeOf({ fingerprint: OFFER_FP });
const answerCode = codeOf({ fingerprint: ANSWER_FP, candidate: IPV4, answers: OFFER_FP });
const bare = (code) => code.replace(/ /g, "");
const says = (fn, sentence) => assert.throws(fn, (error) => error instanceof CodeError && error.message === sentence);

test("codes are short, in groups of four of Crockford's base 32, and read back whole", () => {
  assert.equal(bare(offerCode).length, 54);
  assert.equal(bare(answerCode).length, 64);
  assert.equal(bare(codeOf({ fingerprint: ANSWER_FP, candidate: MDNS, answers: OFFER_FP })).length, 83);
  assert.match(offerCode, /^([0-9A-HJKMNP-TV-Z]{4} )+[0-9A-HJKMNP-TV-Z]{1,4}$/);
  const offer = readCode(offerCode);
  assert.deepEqual([offer.answer, offer.candidate, [...offer.fingerprint]], [false, null, [...OFFER_FP]]);
  for (const candidate of [IPV4, MDNS, IPV6]) {
    const read = readFriendCode(codeOf({ fingerprint: ANSWER_FP, candidate, answers: OFFER_FP }), OFFER_FP);
    assert.deepEqual([...read.fingerprint], [...ANSWER_FP]);
    assert.equal(packAddress(read.candidate.address).bytes.join(), packAddress(candidate.address).bytes.join());
    assert.equal(read.candidate.port, candidate.port);
  }
});

test("a code is read as typed from a screen: either case, spaces or dashes, O for 0, I and L for 1", () => {
  const typed = bare(answerCode).toLowerCase().replace(/0/g, "o").replace(/1/g, "l").match(/.{1,5}/g).join("-");
  assert.deepEqual(readCode(`  ${typed}\n`), readCode(answerCode));
});

test("every character typed wrong and every two neighbours swapped are found", () => {
  for (const code of [offerCode, answerCode]) {
    const chars = [...bare(code)];
    for (let i = 0; i < chars.length; i++) {
      for (const c of ALPHABET) {
        if (c === chars[i]) continue;
        const typed = [...chars];
        typed[i] = c;
        assert.throws(() => readFriendCode(typed.join(""), code === answerCode ? OFFER_FP : null), CodeError, `${i} ${c}`);
      }
      if (i + 1 < chars.length && chars[i] !== chars[i + 1]) {
        const swapped = [...chars];
        [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
        assert.throws(() => readCode(swapped.join("")), CodeError);
      }
    }
  }
  const values = codeValues(answerCode);
  assert.equal(checkValue(values.slice(0, -1)), values[values.length - 1]);
});

test("a damaged code is one sentence saying what to do", () => {
  says(() => readCode("   "), SAY.empty);
  says(() => readCode("7".repeat(MAX_TYPED + 1)), SAY.long);
  says(() => readCode(`${offerCode}\u0007`), "A code has only digits and the letters A to Z, not an invisible character.");
  says(() => readCode(`${offerCode}!`), 'A code has only digits and the letters A to Z: "!" is not one of them.');
  says(() => readCode(bare(offerCode).slice(0, -2)), "This code has 52 letters and digits, and it should have 54: one is missing or one too many. Check it against your friend's screen.");
  says(() => readCode(`${bare(answerCode)}7`), "This code has 65 letters and digits, and it should have 64: one is missing or one too many. Check it against your friend's screen.");
  const chars = [...bare(offerCode)];
  chars[10] = chars[10] === "7" ? "8" : "7";
  says(() => readCode(chars.join("")), SAY.mistake);
  // a code of another version passes its check and says so; one whose first character was typed wrong does not
  const other = [...bare(offerCode)];
  other[0] = ALPHABET[ALPHABET.indexOf(other[0]) ^ 16];
  const values = other.map((c) => ALPHABET.indexOf(c));
  values[values.length - 1] = checkValue(values.slice(0, -1));
  says(() => readCode(values.map((v) => ALPHABET[v]).join("")), SAY.version);
  says(() => readCode(other.join("")), SAY.mistake);
});

test("a code typed on the wrong device, or an old one, is said as such", () => {
  says(() => readFriendCode(offerCode, OFFER_FP), SAY.ownCode);
  says(() => readFriendCode(codeOf({ fingerprint: ANSWER_FP }), OFFER_FP), SAY.offerAtMaker);
  says(() => readFriendCode(answerCode, null), SAY.answerAtTaker);
  says(() => readFriendCode(codeOf({ fingerprint: ANSWER_FP, candidate: IPV4, answers: fp(9) }), OFFER_FP), SAY.stale);
});

const CHROME_OFFER = [
  "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
  "m=application 60222 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 192.0.2.2",
  "a=candidate:1134257162 1 udp 2113942271 9bce7a17-a5f1-48f7-aa87-c2d4c65a6280.local 48367 typ host generation 0 network-cost 999",
  "a=candidate:114839962 1 udp 2113937151 61ea2fa5-222f-46e1-8785-eb20de00d836.local 34916 typ host generation 0 network-cost 999",
  "a=candidate:2 1 tcp 1518280447 192.0.2.9 9 typ host tcptype active generation 0",
  "a=ice-ufrag:wxyz", "a=ice-pwd:ZYXWVUTSRQPONMLKJIHGFE", "a=ice-options:trickle",
  `a=fingerprint:sha-256 ${[...OFFER_FP].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":")}`,
  "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
].join("\r\n");

test("the SDP: its fingerprint, its credentials set from it, its best address, and a whole one rebuilt", () => {
  assert.deepEqual([...fingerprintOf(CHROME_OFFER)], [...OFFER_FP]);
  const munged = withCredentials(CHROME_OFFER);
  const { ufrag, pwd } = credentials(OFFER_FP);
  assert.ok(munged.includes(`a=ice-ufrag:${ufrag}\r\n`) && munged.includes(`a=ice-pwd:${pwd}\r\n`));
  assert.ok(ufrag.length >= 4 && pwd.length >= 22);
  // the IPv4 one (as the browser ranks it) first, though the other ranks higher; no TCP
  assert.deepEqual(candidatesOf(CHROME_OFFER).map((c) => c.port), [34916, 48367]);
  assert.deepEqual(candidatesOf("a=candidate:1 1 udp 2113942271 fd00::2 1 typ host\na=candidate:1 1 udp 2113937151 10.0.0.2 2 typ host network-cost 999\n"
    + "a=candidate:1 1 udp 2113937151 10.1.0.2 3 typ host network-cost 10").map((c) => c.port), [3, 2, 1]);
  const sdp = sdpOf(readCode(answerCode));
  assert.match(sdp, /a=candidate:1 1 udp \d+ 192\.168\.1\.23 50123 typ host/);
  assert.match(sdp, /a=setup:active/);
  assert.deepEqual([...fingerprintOf(sdp)], [...ANSWER_FP]);
  assert.match(sdpOf(readCode(offerCode)), /a=setup:actpass/);
  assert.equal(unpackAddress(2, packAddress("fe80::1:2").bytes), "fe80:0:0:0:0:0:1:2");
  assert.equal(packAddress("300.1.1.1"), null);
});

// A stand-in for RTCPeerConnection: offers and answers carry `sdp` lines a test sets.
function fakePeers() {
  const made = [];
  class Peer {
    constructor() { Object.assign(this, { iceGatheringState: "new", connectionState: "new", closed: false, listeners: [] }); made.push(this); }
    createDataChannel() { this.channel = { readyState: "connecting", sent: [], send(text) { this.sent.push(text); } }; return this.channel; }
    async createOffer() { return { type: "offer", sdp: CHROME_OFFER }; }
    async createAnswer() { return { type: "answer", sdp: CHROME_OFFER.replace(/a=fingerprint:.*/, `a=fingerprint:sha-256 ${[...ANSWER_FP].map((b) => b.toString(16).padStart(2, "0")).join(":")}`) }; }
    async setLocalDescription(d) { this.localDescription = d; this.iceGatheringState = "complete"; }
    async setRemoteDescription(d) { this.remoteDescription = d; }
    addEventListener(name, fn) { this.listeners.push(fn); }
    close() { this.closed = true; }
    open() { this.channel.readyState = "open"; this.channel.onopen(); }
    drop() { this.channel.readyState = "closed"; this.channel.onclose(); }
  }
  return { Peer, made };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("the room of two codes: the offer shown, the answer taken, the friend joined, lost and a new code", async () => {
  const { Peer, made } = fakePeers();
  const told = [], timers = [];
  const room = codesRoom({ role: "make", tell: (call, text) => told.push([call, text]), Peer,
    setTimer: (fn, ms) => { timers.push([fn, ms]); return timers.length; }, clearTimer: () => {} });
  const events = [];
  room.onPeerJoin = (id) => events.push(["joined", id]);
  room.onPeerLeave = (id) => events.push(["left", id]);
  room.makeAction("crib").onMessage = (data, context) => events.push([data, context.peerId]);
  await settle();
  assert.deepEqual(told, [["codes_shown", codeOf({ fingerprint: OFFER_FP })]]);
  assert.match(made[0].localDescription.sdp, new RegExp(`a=ice-ufrag:${credentials(OFFER_FP).ufrag}`));
  room.typed("no code?");
  assert.deepEqual(told.at(-1), ["codes_failed", 'A code has only digits and the letters A to Z: "?" is not one of them.']);
  room.typed(answerCode);
  await settle();
  assert.match(made[0].remoteDescription.sdp, /192\.168\.1\.23 50123/);
  assert.equal(timers.at(-1)[1], OPEN_MS);
  made[0].open();
  await room.action.send("hello");
  made[0].channel.onmessage({ data: "hi" });
  assert.deepEqual(made[0].channel.sent, ["hello"]);
  assert.deepEqual(events, [["joined", FRIEND], ["hi", FRIEND]]);
  timers.at(-1)[0]();  // opened in time: nothing said
  assert.equal(told.length, 2);
  made[0].drop();
  await settle();
  assert.deepEqual(events.at(-1), ["left", FRIEND]);
  assert.equal(made.length, 2);  // a new offer: a new pair of codes, the game going on
  assert.equal(told.at(-1)[0], "codes_shown");
  room.leave();
  assert.ok(made[1].closed);
});

test("the friend's side answers the code typed, and times no wait while it is typed on the other device", async () => {
  const { Peer, made } = fakePeers();
  const told = [], timers = [];
  const room = codesRoom({ role: "take", tell: (call, text) => told.push([call, text]), Peer,
    setTimer: (fn, ms) => { timers.push([fn, ms]); return timers.length; }, clearTimer: () => {} });
  await settle();
  assert.deepEqual([told, made.length], [[], 0]);  // nothing until the friend's code is typed
  room.typed(answerCode);
  assert.deepEqual(told, [["codes_failed", SAY.answerAtTaker]]);
  room.typed(offerCode);
  for (let i = 0; i < 5; i++) await settle();
  assert.match(made[0].remoteDescription.sdp, /a=setup:actpass/);
  const [call, code] = told.at(-1);
  assert.equal(call, "codes_shown");
  const read = readFriendCode(code, OFFER_FP);
  assert.deepEqual([read.candidate, [...read.fingerprint]], [{ address: MDNS.address, port: MDNS.port }, [...ANSWER_FP]]);
  room.typed(offerCode);  // the same text again changes nothing
  assert.equal(made.length, 1);
  assert.ok(timers.every(([, ms]) => ms !== OPEN_MS));
  assert.ok(!told.some(([, text]) => text === NOT_OPEN));
});

test("lib/friend.js plays a game of two codes as one of a relay: no relay watched, the code typed handed on", () => {
  const rooms = [];
  const ran = [];
  const play = new FriendPlay({ joinRoom: () => assert.fail("no relay"), relaySockets: () => ({}), defaults: ["wss://x"],
    run: (code) => { ran.push(code); return Promise.resolve(); }, now: () => 0,
    joinCodes: ({ role, tell }) => {
      const room = { role, tell, typedSeen: [], sent: [], makeAction: () => ({ send: (text, o) => { room.sent.push([text, o?.target ?? null]); } }), leave() { room.left = true; } };
      room.typed = (text) => room.typedSeen.push(text);
      rooms.push(room);
      return room;
    } });
  const el = { dataset: { room: "Ab3_-Ab3_-Ab3_-Ab3_-x", relay: "", codes: "take", typed: offerCode }, textContent: "[[1,\"m1\"]]" };
  const page = { querySelectorAll: () => [el] };
  play.update(page);
  assert.deepEqual([rooms[0].role, rooms[0].typedSeen, rooms[0].sent], ["take", [offerCode], [["m1", null]]]);
  rooms[0].tell("codes_shown", answerCode);
  assert.match(ran[0], /^from crib_widgets.table.friend_bridge import codes_shown\ncodes_shown\("Ab3_-Ab3_-Ab3_-Ab3_-x", "/);
  play.watchRelays();  // no relay_failed for a room that has none
  assert.equal(ran.length, 1);
  el.dataset.codes = "both";
  play.update(page);  // not what Python writes: the room is left
  assert.ok(rooms[0].left);
});

test("a game of two codes waits for its lock, then has the code typed and its messages handed on", async () => {
  // check_friend_codes (a CI run): with the lock granted a moment later, as a browser does, the
  // code typed reached the room only at Python's next change, so a mistyped code said nothing
  const rooms = [];
  const play = new FriendPlay({ joinRoom: () => assert.fail("no relay"), relaySockets: () => ({}), defaults: [],
    run: () => Promise.resolve(), now: () => 0,
    locks: { request: async (name, options, granted) => { await null; return granted({ name }); } },
    joinCodes: ({ role }) => {
      const room = { role, typedSeen: [], sent: [], makeAction: () => ({ send: (text) => { room.sent.push(text); } }), leave() {} };
      room.typed = (text) => room.typedSeen.push(text);
      rooms.push(room);
      return room;
    } });
  const el = { dataset: { room: "Ab3_-Ab3_-Ab3_-Ab3_-x", relay: "", codes: "take", typed: "K2M9 Q8T" }, textContent: "[[1,\"m1\"]]" };
  play.update({ querySelectorAll: () => [el] });
  assert.equal(rooms.length, 0, "not before the lock");
  await new Promise((done) => setTimeout(done, 5));
  assert.deepEqual([rooms[0].typedSeen, rooms[0].sent], [["K2M9 Q8T"], ["m1"]]);
});

test("the device that made the game says so when the channel has not opened OPEN_MS after the second code", async () => {
  const { Peer } = fakePeers();
  const told = [], timers = [];
  const room = codesRoom({ role: "make", tell: (call, text) => told.push([call, text]), Peer,
    setTimer: (fn, ms) => { timers.push([fn, ms]); return timers.length; }, clearTimer: () => {} });
  await settle();
  room.typed(answerCode);
  await settle();
  const [fire, ms] = timers.at(-1);
  assert.equal(ms, OPEN_MS);
  fire();
  assert.deepEqual(told.at(-1), ["codes_failed", NOT_OPEN]);
  assert.match(NOT_OPEN, /same Wi-Fi/);
});
