/* Playing a friend with no relay at all (issue 39, the last resort): the two short codes two people
 * swap by hand, and the connection offer and answer they stand for.
 *
 * A WebRTC offer or answer is a page of SDP, but for a data channel between two browsers almost all
 * of it is fixed: what must travel is the DTLS certificate's SHA-256 fingerprint (32 bytes: what
 * keeps a third device out), and in the answer one address the friend's device listens on (an IPv4
 * or IPv6 address and port, or the mDNS name a browser hides its address behind). The ICE user name
 * and password are not sent: each page sets its own from its fingerprint (`credentials`), so the
 * other page knows them too; they are no secret beyond the code, and the fingerprint is what the
 * connection's safety rests on. The offer carries no address: the device that made it finds the
 * answering one at the address in the answer, which learns the way back from the first check.
 *
 * A code is Crockford's base 32 (the short links' alphabet, lib/short.js: digits and capitals
 * without I, L, O, U; typed in either case, O read as 0, I and L as 1, U as V) in groups of four,
 * ending in one check character: a weighted sum in GF(32) whose weights all differ from their
 * neighbours', so any one character typed wrong and any two neighbours swapped are found (Luhn's
 * mod-32 check, as the short links use, misses some swaps). Its first character says what it is
 * (its version, an offer or an answer, the kind of address): a code typed on the wrong device is
 * said as such. Every sentence here is what the panel shows, in players' words. */
import { ALPHABET } from "./short.js";
import { badCharacter } from "./reader.js";

export const VERSION = 1;
/** The longest text read as a code (a code is at most 83 characters and its spaces). */
export const MAX_TYPED = 200;
export const GROUP = 4;
const TYPOS = { O: "0", I: "1", L: "1", U: "V" };
const ADDRESS_BITS = { 0: 0, 1: 32, 2: 128, 3: 128 }; // none, IPv4, IPv6, an mDNS name (a UUID)
const TAG_BITS = 5; // an answer names the offer it answers by 5 bits of its fingerprint
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A code that cannot be used: its message is the one sentence the panel shows. */
export class CodeError extends Error {}

export const SAY = {
  empty: "Type the code your friend's page shows first.",
  long: `That is longer than any code (at most ${MAX_TYPED} letters, digits and spaces): type only the code your friend's page shows.`,
  mistake: "This code has a mistake in it (a letter or digit typed wrong, or two swapped): check it group by group against your friend's screen.",
  version: "This code was made by another version of this book: reload both pages and swap new codes.",
  ownCode: "That is the code this page shows: type the code your friend's page shows.",
  offerAtMaker: "This code is from a page that made a game too: only one of you makes the game, and the other types its code.",
  answerAtTaker: "This code answers a game's code: type it on the device that made the game, and here the code that device shows.",
  stale: "This code answers an older code of this page: type the code this page shows now on your friend's device, then the code it answers with.",
  noAddress: "This device is on no network your friend's could reach: join the same Wi-Fi as your friend, then type the code again.",
};

const length = (n, want) => `This code has ${n} letters and digits, and it should have ${want}: one is missing or one too many. Check it against your friend's screen.`;

// ---- GF(32) and the check character ------------------------------------------------------------

const EXP = [], LOG = [];
for (let i = 0, x = 1; i < 31; i++) { // x^5 + x^2 + 1 is primitive: 2 generates all 31 non-zero elements
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 32) x ^= 0b100101;
}
const times = (a, b) => (a && b ? EXP[(LOG[a] + LOG[b]) % 31] : 0);

/** The check character's value for the values of a code's other characters: each weighted by
 * 2^(1 + i mod 30) in GF(32), never 1, never its neighbour's weight (the check's own weight is 1). */
export function checkValue(values) {
  return values.reduce((sum, v, i) => sum ^ times(EXP[1 + (i % 30)], v), 0);
}

// ---- bits ----------------------------------------------------------------------------------------

function pushBits(bits, value, count) { // value: a BigInt or a number below 2^count
  for (let i = count - 1; i >= 0; i--) bits.push(Number((BigInt(value) >> BigInt(i)) & 1n));
}

function takeBits(bits, at, count) {
  let value = 0n;
  for (let i = 0; i < count; i++) value = (value << 1n) | BigInt(bits[at + i]);
  return value;
}

const bytesToBig = (bytes) => bytes.reduce((big, b) => (big << 8n) | BigInt(b), 0n);
function bigToBytes(big, count) {
  const bytes = new Uint8Array(count);
  for (let i = count - 1; i >= 0; i--) { bytes[i] = Number(big & 255n); big >>= 8n; }
  return bytes;
}

// ---- addresses -------------------------------------------------------------------------------------

/** An address of a candidate as its kind (1 IPv4, 2 IPv6, 3 mDNS) and 4 or 16 bytes, or null. */
export function packAddress(address) {
  const text = String(address).toLowerCase();
  const v4 = IPV4.exec(text);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    return parts.every((p) => p <= 255) ? { kind: 1, bytes: Uint8Array.from(parts) } : null;
  }
  const mdns = MDNS.exec(text);
  if (mdns) return { kind: 3, bytes: hexBytes(mdns.slice(1).join("")) };
  const v6 = ipv6Bytes(text);
  return v6 ? { kind: 2, bytes: v6 } : null;
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function ipv6Bytes(text) {
  if (!/^[0-9a-f:]{2,39}$/.test(text) || text.split("::").length > 2) return null;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const groups = (s) => (s ? s.split(":") : []);
  const front = groups(head), back = tail === null ? [] : groups(tail);
  const missing = 8 - front.length - back.length;
  if ((tail === null && missing !== 0) || (tail !== null && missing < 1)) return null;
  const all = [...front, ...Array(tail === null ? 0 : missing).fill("0"), ...back];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return Uint8Array.from(all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]));
}

/** The address a kind and its bytes stand for, as SDP writes it. */
export function unpackAddress(kind, bytes) {
  if (kind === 1) return Array.from(bytes).join(".");
  const hex = hexOf(bytes);
  if (kind === 3) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  return hex.match(/..../g).map((g) => g.replace(/^0{1,3}/, "")).join(":");
}

// ---- codes -----------------------------------------------------------------------------------------

/** The code of an offer (`answers` undefined) or an answer (`answers`: the offer's fingerprint):
 * `fingerprint` 32 bytes, `candidate` {address, port} or null. */
export function codeOf({ fingerprint, candidate = null, answers = null }) {
  if (!(fingerprint instanceof Uint8Array) || fingerprint.length !== 32) throw new TypeError("a fingerprint is 32 bytes");
  const packed = candidate ? packAddress(candidate.address) : { kind: 0, bytes: new Uint8Array(0) };
  if (!packed) throw new TypeError(`not an address: ${candidate.address}`);
  const bits = [];
  pushBits(bits, VERSION, 2);
  pushBits(bits, answers ? 1 : 0, 1);
  pushBits(bits, packed.kind, 2);
  if (answers) pushBits(bits, answers[0] >> (8 - TAG_BITS), TAG_BITS);
  pushBits(bits, bytesToBig(fingerprint), 256);
  if (packed.kind) {
    pushBits(bits, bytesToBig(packed.bytes), ADDRESS_BITS[packed.kind]);
    pushBits(bits, candidate.port, 16);
  }
  while (bits.length % 5) bits.push(0);
  const values = [];
  for (let i = 0; i < bits.length; i += 5) values.push(Number(takeBits(bits, i, 5)));
  values.push(checkValue(values));
  const text = values.map((v) => ALPHABET[v]).join("");
  return text.match(new RegExp(`.{1,${GROUP}}`, "g")).join(" ");
}

/** How many characters (the check included) a code has of an answer or an offer with an address of
 * `kind` (0 for none). */
function lengthOf(kind, answer) {
  const bits = 5 + (answer ? TAG_BITS : 0) + 256 + (kind ? ADDRESS_BITS[kind] + 16 : 0);
  return Math.ceil(bits / 5) + 1;
}

/** The characters of a typed code (spaces, dashes and dots left out, either case, the usual typos
 * read as meant), or a CodeError. */
export function codeValues(typed) {
  const text = typeof typed === "string" ? typed : "";
  if (!text.trim()) throw new CodeError(SAY.empty);
  if (text.length > MAX_TYPED) throw new CodeError(SAY.long);
  const bad = badCharacter(text);
  if (bad) throw new CodeError(`A code has only digits and the letters A to Z, not ${bad}.`);
  const chars = [...text.replace(/[\s\-\u2010-\u2015.]/g, "").toUpperCase()].map((c) => TYPOS[c] || c);
  const stray = chars.find((c) => !ALPHABET.includes(c));
  if (stray) throw new CodeError(`A code has only digits and the letters A to Z: "${stray}" is not one of them.`);
  return chars.map((c) => ALPHABET.indexOf(c));
}

/** Read a typed code: {answer, fingerprint, tag, candidate: {address, port} | null}. A code that
 * cannot be one is a CodeError saying why in one sentence. */
export function readCode(typed) {
  const values = codeValues(typed);
  const version = values[0] >> 3, answer = Boolean(values[0] & 4), kind = values[0] & 3;
  const checked = checkValue(values.slice(0, -1)) === values[values.length - 1];
  // another version's code passes its check; a first character typed wrong does not
  if (version !== VERSION) throw new CodeError(checked ? SAY.version : SAY.mistake);
  const want = lengthOf(kind, answer);
  if (values.length !== want) throw new CodeError(length(values.length, want));
  if (!checked) throw new CodeError(SAY.mistake);
  const bits = [];
  values.slice(0, -1).forEach((v) => pushBits(bits, v, 5));
  let at = 5;
  const tag = answer ? Number(takeBits(bits, at, TAG_BITS)) : null;
  at += answer ? TAG_BITS : 0;
  const fingerprint = bigToBytes(takeBits(bits, at, 256), 32);
  at += 256;
  let candidate = null;
  if (kind) {
    const address = unpackAddress(kind, bigToBytes(takeBits(bits, at, ADDRESS_BITS[kind]), ADDRESS_BITS[kind] / 8));
    at += ADDRESS_BITS[kind];
    const port = Number(takeBits(bits, at, 16));
    at += 16;
    if (!port) throw new CodeError(SAY.mistake);
    candidate = { address, port };
  }
  if (bits.slice(at).some(Boolean)) throw new CodeError(SAY.mistake);
  return { answer, fingerprint, tag, candidate };
}

/** Read the code typed on the device that made the game (an answer to `offer`, this page's own
 * fingerprint) or on the friend's (an offer: `offer` null). */
export function readFriendCode(typed, offer = null) {
  const code = readCode(typed);
  if (offer && !code.answer) throw new CodeError(sameBytes(code.fingerprint, offer) ? SAY.ownCode : SAY.offerAtMaker);
  if (!offer && code.answer) throw new CodeError(SAY.answerAtTaker);
  if (offer && code.tag !== offer[0] >> (8 - TAG_BITS)) throw new CodeError(SAY.stale);
  return code;
}

const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---- SDP ---------------------------------------------------------------------------------------------

/** The SHA-256 fingerprint an SDP names, as 32 bytes, or null. */
export function fingerprintOf(sdp) {
  const found = /^a=fingerprint:sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})\s*$/m.exec(sdp);
  return found ? hexBytes(found[1].replace(/:/g, "").toLowerCase()) : null;
}

/** The ICE user name and password a page with this fingerprint uses (both pages know the
 * fingerprint: it is in the code). */
export function credentials(fingerprint) {
  return { ufrag: `c${hexOf(fingerprint.subarray(0, 4))}`, pwd: hexOf(fingerprint.subarray(4, 20)) };
}

/** `sdp` with its ICE user name and password set to `credentials(its fingerprint)`. */
export function withCredentials(sdp) {
  const fingerprint = fingerprintOf(sdp);
  if (!fingerprint) throw new TypeError("this SDP names no SHA-256 fingerprint");
  const { ufrag, pwd } = credentials(fingerprint);
  return sdp.replace(/^a=ice-ufrag:.*$/m, `a=ice-ufrag:${ufrag}`).replace(/^a=ice-pwd:.*$/m, `a=ice-pwd:${pwd}`);
}

/** The UDP candidates of an SDP, best first: {address, port, cost, priority}. An IPv4 address (or an
 * mDNS name the browser ranks as one) before the others, on the cheapest network (Wi-Fi before a
 * phone's mobile data), then by the browser's own priority. */
export function candidatesOf(sdp) {
  const found = [];
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ 1 udp (\d+) (\S+) (\d+) typ host\b(.*)$/i.exec(line);
    if (!m || !packAddress(m[2]) || !+m[3] || +m[3] > 65535) continue;
    const cost = /network-cost (\d+)/.exec(m[4]);
    found.push({ address: m[2].toLowerCase(), port: Number(m[3]), priority: Number(m[1]), cost: cost ? Number(cost[1]) : 0 });
  }
  const ipv4 = (c) => (IPV4.test(c.address) || (MDNS.test(c.address) && ((c.priority >> 8) & 255) === 30) ? 0 : 1);
  return found.sort((a, b) => ipv4(a) - ipv4(b) || a.cost - b.cost || b.priority - a.priority);
}

/** A whole SDP for the other page's offer or answer, rebuilt from its code. */
export function sdpOf({ answer, fingerprint, candidate }) {
  const { ufrag, pwd } = credentials(fingerprint);
  const lines = [
    "v=0", `o=- ${bytesToBig(fingerprint.subarray(0, 6))} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...(candidate ? [`a=candidate:1 1 udp 2113937151 ${candidate.address} ${candidate.port} typ host generation 0`] : []),
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${hexOf(fingerprint).toUpperCase().match(/../g).join(":")}`,
    `a=setup:${answer ? "active" : "actpass"}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
