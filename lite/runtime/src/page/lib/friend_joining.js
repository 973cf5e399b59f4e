/* A page opened from a friend's link (#friend=), before its Python runs (issue 39): the table that
 * takes the link says it is joining the friend's game, from the page's first paint, instead of the
 * snapshot of a game against the computer whose cards a tap would not reach. */
import { readJson } from "./reader.js";
import { CODE_MAX, friendCode } from "./friend_link.js";

/** The longest name a seat may have (crib_widgets/table/seats.py check_names). */
export const NAME_MAX = 24;
/** The class of the table's output while it waits for Python to join the game. */
export const JOINING = "crib-friend-joining";

/** The link maker's name in a link's `code` (crib_widgets/table/friend_link.py: base64url of JSON
 * {"names": [...], "devs": [...]?, "cpu": [...]?}, the maker at device 0), read through the page's
 * bounded reader; "" when the code cannot be read so (Python says why, in its own sentence). */
export function makerName(code) {
  if (typeof code !== "string" || !code || code.length > CODE_MAX || !/^[A-Za-z0-9_-]+$/.test(code)) return "";
  let words;
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (code.length % 4)) % 4));
    words = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch (error) {
    return "";
  }
  const { value, problem } = readJson(words, "a link's code", CODE_MAX);
  if (problem || !value || typeof value !== "object" || !Array.isArray(value.names)) return "";
  const { names } = value;
  const devs = Array.isArray(value.devs) ? value.devs : names.map((_, i) => (i === 0 ? 0 : 1));
  const cpu = Array.isArray(value.cpu) ? value.cpu : [];
  const seat = names.findIndex((_, i) => devs[i] === 0 && !cpu[i]);
  const name = seat >= 0 && typeof names[seat] === "string" ? names[seat].trim() : "";
  return name.length <= NAME_MAX ? name : "";
}

/** What the table says while the page joins the game of the link's `code`. */
export function joiningWords(code) {
  const name = makerName(code);
  return name ? `Joining ${name}'s game…` : "Joining your friend's game…";
}

/** On a page opened from a friend's link (`hash`), the page's kept game table (the one that takes the
 * link, among the page's `widgets`) says it is joining the friend's game, instead of a snapshot of a
 * game against the computer whose taps would go nowhere, until Python draws the game in its place. */
export function showJoining(widgets, hash) {
  const code = friendCode(hash);
  const table = code && widgets.find((w) => /GameTable\([^\n]*\bkeep=/.test([].concat(w.spec.code).join("\n")));
  if (!table) return;
  table.out.classList.add(JOINING);
  const note = document.createElement("p");
  note.className = `${JOINING}-note`;
  note.setAttribute("role", "status");
  note.textContent = joiningWords(code);
  table.out.prepend(note);
  table.out.scrollIntoView({ block: "start" });
}
