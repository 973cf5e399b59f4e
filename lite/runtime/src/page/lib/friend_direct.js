/* Playing a friend with no relay at all: one WebRTC data channel opened by two codes swapped by hand
 * (lib/friend_codes.js), as a room of the same shape as Trystero's (makeAction, onPeerJoin,
 * onPeerLeave, leave), so that lib/friend.js plays the game over it exactly as over a relay: the
 * same numbered messages, sent again to a friend who (re)joins, handed to Python as base64.
 *
 * The device that made the game ("make") shows an offer's code at once, and again each time the
 * connection is lost (a reload of either page, a phone that slept): a new pair of codes, the game
 * going on from what both pages kept. The friend's device ("take") answers the code typed there.
 * What each page shows or cannot read is told to Python (`codes_shown`, `codes_failed`). */
import { CodeError, SAY, candidatesOf, codeOf, fingerprintOf, readFriendCode, sdpOf, withCredentials } from "./friend_codes.js";

/** The one peer of a room of two codes. */
export const FRIEND = "friend";
/** How long a page gathers its addresses before it shows its code (only its own network's: no
 * server is asked, so this is quick). */
export const GATHER_MS = 4000;
/** How long after the second code is typed (on the device that made the game) the channel may take
 * to open before the players are told. */
export const OPEN_MS = 20000;
export const NOT_OPEN = "No connection yet to your friend's device: both devices must be on the same Wi-Fi or network (a phone on mobile data cannot be reached this way). Check that, then swap new codes: reload this page.";

/** A room of two codes for `lib/friend.js` (its `joinCodes`): `role` "make" or "take", `tell(name,
 * text)` a bridge call for this room, `Peer` the browser's RTCPeerConnection. */
export function codesRoom({ role, tell, Peer = globalThis.RTCPeerConnection, setTimer = setTimeout, clearTimer = clearTimeout }) {
  const room = { onPeerJoin: null, onPeerLeave: null, typedLast: "", connection: null, channel: null,
    own: null, left: false, timer: null, action: { onMessage: null } };

  room.action.send = (text) => {
    if (!room.channel || room.channel.readyState !== "open") return Promise.resolve();
    room.channel.send(text);
    return Promise.resolve();
  };
  room.makeAction = () => room.action;

  function fresh() {
    close();
    const connection = new Peer({ iceServers: [] });
    // negotiated: both pages open channel 0 themselves, so nothing more need travel in the codes
    const channel = connection.createDataChannel("crib", { negotiated: true, id: 0 });
    Object.assign(room, { connection, channel, joined: false });
    channel.onopen = () => {
      if (connection !== room.connection) return;
      clearTimer(room.timer);
      room.joined = true;
      if (room.onPeerJoin) room.onPeerJoin(FRIEND);
    };
    channel.onmessage = (event) => { if (room.action.onMessage) room.action.onMessage(event.data, { peerId: FRIEND }); };
    const lost = () => {
      if (connection !== room.connection || room.left) return;
      const was = room.joined;
      close();
      if (was && room.onPeerLeave) room.onPeerLeave(FRIEND);
      if (role === "make") offer();  // a new code to swap: the game goes on from what both kept
    };
    channel.onclose = lost;
    connection.onconnectionstatechange = () => {
      if (["failed", "closed"].includes(connection.connectionState) && room.joined) lost();
    };
    return connection;
  }

  function close() {
    clearTimer(room.timer);
    const { connection } = room;
    Object.assign(room, { connection: null, channel: null, joined: false });
    if (connection) { try { connection.close(); } catch (error) { /* closed already */ } }
  }

  async function local(connection, description) {
    const sdp = withCredentials(description.sdp);
    await connection.setLocalDescription({ type: description.type, sdp });
    return fingerprintOf(sdp);
  }

  async function offer() {
    const connection = fresh();
    try {
      room.own = await local(connection, await connection.createOffer());
      if (connection === room.connection) tell("codes_shown", codeOf({ fingerprint: room.own }));
    } catch (error) {
      console.error("crib-friend: no offer could be made", error);
      tell("codes_failed", NOT_OPEN);
    }
  }

  async function answer(code) {
    const connection = fresh();
    try {
      await connection.setRemoteDescription({ type: "offer", sdp: sdpOf(code) });
      const own = await local(connection, await connection.createAnswer());
      await gathered(connection);
      if (connection !== room.connection) return;
      const [best] = candidatesOf(connection.localDescription.sdp);
      if (!best) { tell("codes_failed", SAY.noAddress); return; }
      // no wait timed here: the person at the other device is typing this code, which takes a while
      tell("codes_shown", codeOf({ fingerprint: own, candidate: best, answers: code.fingerprint }));
    } catch (error) {
      console.error("crib-friend: no answer could be made", error);
      tell("codes_failed", NOT_OPEN);
    }
  }

  function gathered(connection) {
    if (connection.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimer(resolve, GATHER_MS);
      connection.addEventListener("icegatheringstatechange", () => {
        if (connection.iceGatheringState === "complete") { clearTimer(timer); resolve(); }
      });
    });
  }

  function waitOpen() {
    clearTimer(room.timer);
    const connection = room.connection;
    room.timer = setTimer(() => { if (connection === room.connection && !room.joined) tell("codes_failed", NOT_OPEN); }, OPEN_MS);
  }

  /** The friend's code as typed in the panel (each new text is read once; "" none yet). */
  room.typed = (text) => {
    if (room.left || !text || text === room.typedLast) return;
    room.typedLast = text;
    let code;
    try {
      code = readFriendCode(text, role === "make" ? room.own : null);
    } catch (error) {
      if (error instanceof CodeError) { tell("codes_failed", error.message); return; }
      throw error;
    }
    if (role === "make") {
      if (!room.connection || room.joined) return;
      room.connection.setRemoteDescription({ type: "answer", sdp: sdpOf(code) })
        .then(waitOpen, (error) => { console.error("crib-friend: the answer was refused", error); tell("codes_failed", NOT_OPEN); });
    } else {
      answer(code);
    }
  };

  room.leave = () => { room.left = true; close(); };
  if (role === "make") offer();
  return room;
}
