/* The results file and its signature (crib_widgets.exercises.results): HMAC-SHA-256, under the
 * student's key from the link, of exactly the text results._message makes. Format 2 signs the time
 * saved with the answers, so crib grade can tell a student's latest file whatever order files come
 * in; format 1 (answers only) is what older pages wrote, still read by crib grade. */
import { hmacSha256Hex, webCrypto } from "./hashing.js";

export const RESULTS_FORMAT = 2;

/** The time saved as Python writes it: UTC to the second, "2026-12-01T09:30:05+00:00". */
export const savedNow = (date = new Date()) => date.toISOString().replace(/\.\d+Z$/, "+00:00");

/** The signed text (format 2 with `saved`, format 1 without): JSON.stringify gives the same bytes as
 * Python's compact json.dumps. */
export const resultsMessage = ({ set, klass, student }, answers, saved) =>
  JSON.stringify(saved === undefined || saved === null
    ? ["crib-results", 1, set, klass, student, answers]
    : ["crib-results", RESULTS_FORMAT, set, klass, student, answers, saved]);

/** The signature (hex) of a student's answers (and, format 2, the time saved) under their link's key. */
export const signResults = (link, answers, saved, subtle = webCrypto()) =>
  hmacSha256Hex(link.key, resultsMessage(link, answers, saved), subtle);

/** A whole results file's content, signed, in the order the file lists it; from a student code, with the
 * name of the cards the page made ("dealt", from the page's Python: results.DEALT_FIELD, not signed). */
export async function resultsFile(link, answers, saved = savedNow(), subtle = webCrypto()) {
  const file = { crib_results: RESULTS_FORMAT, set: link.set, class: link.klass, student: link.student, answers,
    saved, signature: await signResults(link, answers, saved, subtle) };
  return link.dealt ? { ...file, dealt: link.dealt } : file;
}
