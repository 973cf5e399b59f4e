/* SHA-256 and HMAC-SHA-256 for the page: the browser's Web Crypto (crypto.subtle) where the page is
 * a secure context (https, localhost), else @noble/hashes (audited, pinned in package.json, bundled
 * by esbuild), since a school may serve the book over plain http, where crypto.subtle is missing.
 * Both give the same bytes; both are async so callers need not know which one answered. */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

const encoder = new TextEncoder();

/** crypto.subtle when the page may use it, else null (the library answers). */
export function webCrypto() {
  const c = globalThis.crypto;
  return globalThis.isSecureContext && c && c.subtle ? c.subtle : null;
}

export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const bytesOf = (data) => (typeof data === "string" ? encoder.encode(data) : data);

/** SHA-256 of text (UTF-8) or bytes, as bytes. `subtle` is crypto.subtle or null (the library). */
export async function sha256(data, subtle = webCrypto()) {
  const bytes = bytesOf(data);
  if (subtle) return new Uint8Array(await subtle.digest("SHA-256", bytes));
  return nobleSha256(bytes);
}

/** HMAC-SHA-256 of `message` under `key` (text, UTF-8, or bytes), as hex. */
export async function hmacSha256Hex(key, message, subtle = webCrypto()) {
  const k = bytesOf(key), m = bytesOf(message);
  if (subtle && k.length) { // Web Crypto refuses an empty HMAC key; the library does not
    const imported = await subtle.importKey("raw", k, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return toHex(new Uint8Array(await subtle.sign("HMAC", imported, m)));
  }
  return toHex(hmac(nobleSha256, k, m));
}
