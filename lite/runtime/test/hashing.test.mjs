// The two ways the page hashes (Web Crypto where the page is a secure context, else @noble/hashes)
// agree with Node's own crypto, for every length around SHA-256's block boundaries and long keys.
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { test } from "node:test";
import { hmacSha256Hex, sha256, toHex, webCrypto } from "../src/page/lib/hashing.js";

const WAYS = [["Web Crypto", globalThis.crypto.subtle], ["@noble/hashes", null]];
const text = (n) => Array.from({ length: n }, (_, i) => "aé€𝄞"[i % 4]).join("");

for (const [way, subtle] of WAYS) {
  test(`SHA-256 and HMAC-SHA-256 (${way})`, async () => {
    for (const n of [0, 1, 31, 55, 56, 63, 64, 65, 119, 128, 200]) {
      const s = text(n);
      assert.equal(toHex(await sha256(s, subtle)), createHash("sha256").update(s).digest("hex"), `length ${n}`);
      for (const key of ["", "k", "0123456789abcdef0123456789abcdef", "x".repeat(64), "y".repeat(65), s]) {
        assert.equal(await hmacSha256Hex(key, s, subtle), createHmac("sha256", key).update(s).digest("hex"));
      }
    }
  });
}

test("Web Crypto only where the page is a secure context", () => {
  const was = Object.getOwnPropertyDescriptor(globalThis, "isSecureContext");
  try {
    Object.defineProperty(globalThis, "isSecureContext", { value: false, configurable: true });
    assert.equal(webCrypto(), null);
    Object.defineProperty(globalThis, "isSecureContext", { value: true, configurable: true });
    assert.equal(webCrypto(), globalThis.crypto.subtle);
  } finally {
    if (was) Object.defineProperty(globalThis, "isSecureContext", was);
    else delete globalThis.isSecureContext;
  }
});
