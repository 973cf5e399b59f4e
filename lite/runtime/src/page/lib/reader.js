/* The bounded reader's rules, as the page applies them (crib_widgets/bounded.py is the Python side;
 * both give the same sentence for every case of tests/data/js_vectors.json's "reader" list).
 *
 * JSON text from outside (a file picked, the progress this browser kept) is refused, in one short
 * sentence that never quotes the value, when it is longer than its limit, nested more than 8 deep,
 * not JSON, holds a number of more than 12 digits or an exponent of 3 digits, or holds a control
 * character (other than tab, newline, return) or half of a character (a lone surrogate), raw or
 * escaped. Every check is one pass over the text (no pattern that backtracks), so a hostile text of
 * megabytes costs milliseconds. Lengths are counted in UTF-16 units, which is never fewer than
 * Python's characters: the page is never the looser of the two. */

export const MAX_DEPTH = 8;
export const MAX_DIGITS = 12;

// Control characters but tab, newline and return; a high surrogate not followed by a low one; a
// low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD = /[\x00-\x08\x0b\x0c\x0e-\x1f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// A number whose exponent has 3 digits or more (1e400, 1e-400): out of range for a crib file.
const EXPONENT = /^[-+.0-9]*[eE][-+]?[0-9]{3}/;
const NUMBER_UNITS = new Set([..."-+.eE0123456789"].map((ch) => ch.charCodeAt(0)));

function hex(code) {
  return code.toString(16).toUpperCase().padStart(4, "0");
}

// bounded.BROKEN_LETTER, INVISIBLE and WHOLE_TEXT: words a learner reads (no "lone surrogate", no "U+D800").
export const BROKEN_LETTER = "a broken letter (half of one)";
export const INVISIBLE = "an invisible character";
export const WHOLE_TEXT = "the book reads only whole letters, numbers, signs and spaces";

/** The first control character or lone surrogate of `text` in words, or null (bounded.bad_character). */
export function badCharacter(text) {
  const found = BAD.exec(text);
  if (!found) return null;
  const code = found[0].charCodeAt(0);
  return code >= 0xd800 && code <= 0xdfff ? BROKEN_LETTER : INVISIBLE;
}

function size(limit) {
  return limit >= 1000 ? `${Math.floor(limit / 1000).toLocaleString("en-US")} KB` : `${limit} bytes`;
}

/** One pass over JSON text: how deep its brackets nest (strings skipped, an unclosed one runs to
 * the end) and its numbers outside strings, in order, as their text (bounded.nesting). */
export function scan(text) {
  let depth = 0, deepest = 0, i = 0;
  const numbers = [], n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {  // a string: to its closing quote, a backslash taking the next unit with it
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) deepest = depth;
      i++;
    } else if (c === 93 || c === 125) {
      depth--;
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {  // a number: its run of - + . e E and digits
      const start = i;
      while (i < n && NUMBER_UNITS.has(text.charCodeAt(i))) i++;
      numbers.push(text.slice(start, i));
    } else {
      i++;
    }
  }
  return { depth: deepest, numbers };
}

function badString(value) {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      const bad = badCharacter(v);
      if (bad) return bad;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);  // not push(...v): a million arguments overflow the stack
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) stack.push(k, x);
    }
  }
  return null;
}

/**
 * Read JSON `text` from outside, naming it `where` in a refusal, with bounded.load_json's rules.
 * Returns {value, problem}: problem is null, or the one sentence Python's reader would say.
 */
export function readJson(text, where, limit = 80000000, digits = MAX_DIGITS) {
  const no = (problem) => ({ value: undefined, problem });
  if (typeof text !== "string") return no(`${where} is not JSON text (damaged, or not a file crib wrote)`);
  if (text.length > limit) return no(`${where} is larger than ${size(limit)}: a crib file is smaller`);
  const { depth, numbers } = scan(text);
  if (depth > MAX_DEPTH) {
    return no(`${where} is nested ${depth} levels deep: a crib file has at most ${MAX_DEPTH} levels`);
  }
  for (const number of numbers) {
    const count = (number.match(/[0-9]/g) || []).length;
    const big = count > digits ? `${count} digits long` : EXPONENT.test(number) ? "out of range" : "";
    if (big) {
      return no(`${where} holds a number ${big}: a crib file's numbers have at most ${digits} digits and an `
        + "exponent of at most 2");
    }
  }
  const raw = badCharacter(text);
  if (raw) return no(`${where} holds ${raw}: ${WHOLE_TEXT}`);
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return no(`${where} is not JSON text (damaged, or not a file crib wrote)`);
  }
  const bad = badString(value);
  if (bad) return no(`${where} holds ${bad}: ${WHOLE_TEXT}`);
  return { value, problem: null };
}

/**
 * `text` with every control character (but tab, newline, return) and lone surrogate written as its
 * JSON escape (\u0000, \ud800), so it can be handed to Python (an environment variable can hold
 * neither: Python would not start). Inside a JSON string the escape reads back as the same
 * character, which Python's reader then sets aside with the answer that holds it.
 */
export function forPython(text) {
  const all = new RegExp(BAD.source, "g");
  return text.replace(all, (ch) => `\\u${hex(ch.charCodeAt(0)).toLowerCase()}`);
}
