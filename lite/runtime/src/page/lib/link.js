/* A teacher's assignment link (`crib assign`, crib_widgets.exercises.assign): the part after "#"
 * carries these fields and then "sum", 16 hex digits of SHA-256 over them (assign.link_sum), so a
 * link cut short, edited or damaged is told apart from the one the teacher sent. */
import { sha256, toHex, webCrypto } from "./hashing.js";

export const LINK_FIELDS = ["v", "set", "student", "check", "by", "class", "key", "q"];

/** assign.link_sum: the first 8 bytes of SHA-256 over the fields joined by U+001F, as hex. */
export async function linkSum(params, subtle = webCrypto()) {
  const text = LINK_FIELDS.map((k) => params.get(k)).join("\x1f");
  return toHex((await sha256(text, subtle)).slice(0, 8));
}

/**
 * Read a link's fragment (without "#"). Returns {link, problem}: `link` is null when there is no
 * set (the page then offers the practice form), else {set, student, check, by, klass, key, q};
 * `problem` is null, "cut" (a field or the sum is missing) or "changed" (the sum does not match).
 * A practice set opened by its code (no class, key, q or sum) has no sum to check.
 */
export async function readLink(fragment, subtle = webCrypto()) {
  const p = new URLSearchParams(fragment);
  if (!p.get("set")) return { link: null, problem: null };
  const link = { set: p.get("set"), student: p.get("student") || "", check: p.get("check") === "1",
    by: p.get("by") === "kind" ? "kind" : "total", klass: p.get("class") || "", key: p.get("key") || "",
    q: p.get("q") || "" };
  let problem = null;
  if (["class", "key", "q", "sum"].some((k) => p.has(k))) {
    if (LINK_FIELDS.some((k) => !p.get(k)) || !p.get("sum")) problem = "cut";
    else if (await linkSum(p, subtle) !== p.get("sum")) problem = "changed";
  }
  return { link, problem };
}
