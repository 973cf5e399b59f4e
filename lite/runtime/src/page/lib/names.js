/* Student names as crib_widgets.exercises compares them (tests/data/js_vectors.json holds cases
 * both sides must agree on): nameKey is seeds.student_key after NFC (assign.find_on_roster),
 * foldName is assign.fold_name (accents folded too, for "did you mean ...?"). */

// Python's str.split() whitespace: JavaScript's \s differs (it has U+FEFF, lacks U+001C-U+001F, U+0085).
// eslint-disable-next-line no-control-regex -- U+001C-U+001F are whitespace to Python
const SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** str.casefold() for names: full case folding (ß → ss, ﬁ → fi, ς → σ), not toLowerCase. */
export const casefold = (s) => s.toUpperCase().toLowerCase().replace(/ς/g, "σ");

/** A name with spaces collapsed and case folded, in NFC: "  Ann   SMITH " → "ann smith". */
export const nameKey = (s) => casefold(s.normalize("NFC").split(SPACE).filter(Boolean).join(" "));

/** nameKey with accents folded away too: "  Chloé " → "chloe". */
export const foldName = (s) => nameKey(s).normalize("NFKD").replace(/\p{M}/gu, "");

// Where a name's words part (roster.name_tokens): Python's whitespace, and commas ("García, María").
// eslint-disable-next-line no-control-regex -- U+001C-U+001F are whitespace to Python
const WORDS = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,]+/;

const byCodePoint = (a, b) => {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
};

/** The words of a name, sorted, accents and case folded, only letters and digits in each
 * (roster.name_tokens): "García, María" and "maria  GARCIA" both give ["garcia", "maria"]. */
export const nameTokens = (s) => casefold(s.normalize("NFC")).normalize("NFKD").replace(/\p{M}/gu, "")
  .split(WORDS).map((w) => w.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean).sort(byCodePoint);

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
