/* Student names as crib_widgets.exercises compares them (tests/data/js_vectors.json holds cases
 * both sides must agree on): nameKey is seeds.student_key (accents folded: "José" is "Jose"),
 * foldName is assign.fold_name (accents folded too, for "did you mean ...?"). */

// Python's str.split() whitespace: JavaScript's \s differs (it has U+FEFF, lacks U+001C-U+001F, U+0085).
// eslint-disable-next-line no-control-regex -- U+001C-U+001F are whitespace to Python
export const SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** str.casefold() for names: full case folding (ß → ss, ﬁ → fi, ς → σ), not toLowerCase. */
export const casefold = (s) => s.toUpperCase().toLowerCase().replace(/ς/g, "σ");

// seeds._ACCENTS and seeds._LETTERS: the marks of Latin, Greek and Cyrillic letters once decomposed,
// and the letters people type without their stroke ("Lukasz" for "Łukasz").
const ACCENTS = /[\u0300-\u036f]/g;
const LETTERS = { ł: "l", ø: "o", đ: "d", ð: "d", ħ: "h", ı: "i", ŧ: "t", æ: "ae", œ: "oe", þ: "th" };
const STROKED = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/** seeds.student_key: spaces collapsed, case and accents folded, in NFC: "  José   GARCÍA " → "jose garcia". */
export const nameKey = (s) => {
  const folded = casefold(s).normalize("NFKD").replace(ACCENTS, "").replace(STROKED, (c) => LETTERS[c]);
  return casefold(folded).normalize("NFC").split(SPACE).filter(Boolean).join(" ");
};

/** seeds.key_before_accents: the key of before 6 December 2026 (spaces collapsed, case folded, accents
 * kept), with which a student code printed then checks the name: "  María  GARCÍA " → "maría garcía". */
export const keyBeforeAccents = (s) => casefold(s.normalize("NFC").split(SPACE).filter(Boolean).join(" "));

/** assign.fold_name, for "did you mean ...?": the key itself, accents folded ("  Chloé " → "chloe"). */
export const foldName = nameKey;

// Where a name's words part (roster.name_tokens): Python's whitespace, and commas ("García, María").
// eslint-disable-next-line no-control-regex -- U+001C-U+001F are whitespace to Python
export const WORDS = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,]+/;

const byCodePoint = (a, b) => {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
};

/** The words of a name's key, sorted, only letters and digits in each
 * (roster.name_tokens): "García, María" and "maria  GARCIA" both give ["garcia", "maria"]. */
export const nameTokens = (s) => nameKey(s).split(WORDS)
  .map((w) => w.normalize("NFKD").replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean).sort(byCodePoint);

/** Whether a typed name is the listed one as people type names (order, accents, case, spaces,
 * "Last, First"): roster.same_person. */
export function samePerson(typed, listed) {
  const a = nameTokens(typed);
  return a.length > 0 && a.join(" ") === nameTokens(listed).join(" ");
}

/** Edit distance between two strings (the page's "did you mean" for a mistyped name). */
export function distance(a, b) {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return d[b.length];
}
