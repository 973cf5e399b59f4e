/* Short links (crib_widgets.exercises.short): the set code and a nine-character student code a
 * child types from a printed sheet, e.g. counting/medium/6/7 and 4KM-Q7R-2XD. The page checks them
 * with the name the student types, then makes the cards with the book's Python. Everything here is
 * the Python module's arithmetic, checked against tests/data/short_vectors.json. */
import { sha256, toHex, webCrypto } from "./hashing.js";
import { SPACE, WORDS, keyBeforeAccents, nameKey } from "./names.js";

export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's base 32
export const SHORT_PREFIX = "short:";
const SEP = "\x1f";
const TYPOS = { O: "0", I: "1", L: "1", U: "V" };

/** A typed set code as the sheets print it (" Counting/EASY/06/7 " → "counting/easy/6/7"), or null. */
export function canonicalSet(text) {
  const parts = String(text || "").split("/").map((p) => p.trim().toLowerCase());
  const m = parts.join("/").match(/^([a-z]+)\/([a-z]+)\/0*(\d{1,4})\/0*(\d{1,18})$/);
  return m ? m.slice(1).join("/") : null;
}

/** A typed student code as its nine characters (spaces, dashes, case ignored; O is 0, I and L are 1), or null. */
export function readStudentCode(text) {
  const code = String(text || "").replace(/[\s\-\u2010-\u2015.]/g, "").toUpperCase()
    .replace(/[OILU]/g, (c) => TYPOS[c]);
  return code.length === 9 && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

const bits = (digest, count) =>
  (((digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]) >>> 0) >>> (32 - count);

async function nameCheck(set, place, options, name, subtle, before = false) {
  const key = before ? keyBeforeAccents(name) : nameKey(name);
  const text = ["crib-short-name", set, String(place), String(options), key].join(SEP);
  return bits(await sha256(text, subtle), 13);
}

/** Luhn mod 32 over the body, after a character standing for the set code. */
export async function checkChar(set, body, subtle = webCrypto()) {
  const values = [(await sha256(set, subtle))[0] % 32, ...[...body].map((c) => ALPHABET.indexOf(c))];
  let total = 0;
  values.reverse().forEach((v, i) => {
    let value = v;
    if (i % 2 === 0) { value *= 2; value = Math.floor(value / 32) + (value % 32); }
    total += value;
  });
  return ALPHABET[(32 - (total % 32)) % 32];
}

/** The ways a typed name may be on the class list (short.name_candidates): as typed, then every way
 * of parting its words into two, in either order, with or without a comma. */
export function nameCandidates(name) {
  const words = String(name).split(SPACE).filter(Boolean).join(" ");
  const found = [words];
  const parts = words.split(WORDS).filter(Boolean);
  for (let k = 1; k < parts.length; k++) {
    const head = parts.slice(0, k).join(" "), tail = parts.slice(k).join(" ");
    for (const candidate of [`${head} ${tail}`, `${tail} ${head}`, `${head}, ${tail}`, `${tail}, ${head}`]) {
      if (!found.includes(candidate)) found.push(candidate);
    }
  }
  return found;
}

/** The key the page signs a short link's results with (32 hex digits). */
export const shortKey = async (set, code, subtle = webCrypto()) =>
  toHex((await sha256(["crib-short-key", set, code].join(SEP), subtle)).slice(0, 16));

/**
 * Check a set code, a student code and a typed name together (exercises.short.open_short).
 * Returns {entry} with {set, code, student, place, check, by, klass, key, before}, or {problem}: "set" (not
 * a set code), "code" (not a student code), "typo" (the check character disagrees), "name" (the
 * name does not go with the code) or "empty" (no name typed).
 */
export async function openShort(setText, codeText, name, subtle = webCrypto()) {
  const set = canonicalSet(setText);
  if (!set) return { problem: "set" };
  const code = readStudentCode(codeText);
  if (!code) return { problem: "code" };
  if (await checkChar(set, code.slice(0, 8), subtle) !== code[8]) return { problem: "typo" };
  if (!String(name || "").trim()) return { problem: "empty" };
  let value = 0;
  for (const c of code.slice(0, 8)) value = value * 32 + ALPHABET.indexOf(c);
  const place = Math.floor(value / 2 ** 35), options = Math.floor(value / 2 ** 28) % 4;
  const check = Math.floor(value / 2 ** 15) % 8192;
  // today's codes, then those printed before 6 December 2026, which checked the name with its accents
  // (before: the page then makes the cards that code always made, never other ones)
  for (const before of [false, true]) {
    for (const candidate of nameCandidates(name)) {
      if (before && keyBeforeAccents(candidate) === nameKey(candidate)) continue; // tried already
      if (await nameCheck(set, place, options, candidate, subtle, before) === check) {
        return { entry: { set, code, student: candidate, place, check: (options & 2) !== 0,
          by: options & 1 ? "kind" : "total", klass: SHORT_PREFIX + code, key: await shortKey(set, code, subtle),
          before } };
      }
    }
  }
  return { problem: "name" };
}
