/* The results file's signature (crib_widgets.exercises.results.sign): HMAC-SHA-256, under the
 * student's key from the link, of exactly the text results._message makes. */
import { hmacSha256Hex, webCrypto } from "./hashing.js";

export const RESULTS_FORMAT = 1;

/** The signed text: JSON.stringify gives the same bytes as Python's compact json.dumps. */
export const resultsMessage = ({ set, klass, student }, answers) =>
  JSON.stringify(["crib-results", RESULTS_FORMAT, set, klass, student, answers]);

/** The signature (hex) of a student's answers under their link's key. */
export const signResults = (link, answers, subtle = webCrypto()) =>
  hmacSha256Hex(link.key, resultsMessage(link, answers), subtle);
