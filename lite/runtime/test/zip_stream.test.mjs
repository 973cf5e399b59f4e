// The packages zip read as it comes down (src/zip_stream.mjs): every file whole, in order, from a
// gzipped, Zstandard or plain stream cut anywhere; a zip it cannot read as it comes is refused by name.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { isZstd, plainStream, zipFiles } from "../src/zip_stream.mjs";

// A zip as Python's zipfile writes one to a file: local headers with sizes, then the directory.
function zip(files, { method = 0, flags = 0 } = {}) {
  const parts = [];
  for (const [name, text] of files) {
    const nameBytes = new TextEncoder().encode(name);
    const data = new TextEncoder().encode(text);
    const head = new DataView(new ArrayBuffer(30));
    head.setUint32(0, 0x04034b50, true);
    head.setUint16(6, flags, true);
    head.setUint16(8, method, true);
    head.setUint32(18, data.length, true);
    head.setUint32(22, data.length, true);
    head.setUint16(26, nameBytes.length, true);
    parts.push(new Uint8Array(head.buffer), nameBytes, data);
  }
  const directory = new DataView(new ArrayBuffer(46));
  directory.setUint32(0, 0x02014b50, true);
  parts.push(new Uint8Array(directory.buffer));
  return Buffer.concat(parts);
}

// The bytes in pieces of `size`, as a network hands them on.
function chunked(bytes, size) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) { controller.close(); return; }
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

async function read(bytes, size) {
  const files = [];
  for await (const { name, bytes: data } of zipFiles(await plainStream(chunked(bytes, size)))) {
    files.push([name, new TextDecoder().decode(data)]);
  }
  return files;
}

const FILES = [["comm/__init__.pyc", "c"], ["ipywidgets/widget.pyc", "w".repeat(5000)],
  ["crib_widgets/__init__.pyc", ""], ["crib_widgets/cards.pyc", "cards"]];

test("each file whole and in order, gzipped or not, however the bytes are cut", async () => {
  for (const size of [1, 7, 4096, 1e6]) {
    assert.deepEqual(await read(gzipSync(zip(FILES)), size), FILES);
    assert.deepEqual(await read(zip(FILES), size), FILES);  // a host that unzipped it already
  }
});

// zip(FILES) packed by the build's packer (lite/live_python.py, `pack`: Python's zstandard, level 19,
// with the content size in the frame): Node has no Zstandard to pack it here.
const FILES_ZST = Buffer.from("KLUv/WCJE30DAKQDUEsDBAABEWNvbW0vX19pbml0X18ucHljY4gTFWlweXdpZGdldHMvdxljcmliXwUWY2Fy"
  + "ZHNQSwECABQgYBRR0OwBECjrcL+qHmKTyXlgPxwAPGdqAHeY7+wRhIN9FyxMzAGYh2baswFRdo+rBQ==", "base64");

test("a Zstandard zip is unpacked as it comes, however the bytes are cut", async () => {
  assert.ok(isZstd(FILES_ZST) && !isZstd(gzipSync(zip(FILES))) && !isZstd(zip(FILES)));
  for (const size of [1, 3, 5, 64, 1e6]) {
    assert.deepEqual(await read(FILES_ZST, size), FILES);
  }
  const whole = new Uint8Array(await new Response(await plainStream(chunked(FILES_ZST, 7))).arrayBuffer());
  assert.deepEqual(Buffer.from(whole), zip(FILES));
});

test("a Zstandard stream cut short is an error, not a file cut short", async () => {
  const cut = FILES_ZST.subarray(0, 80);
  await assert.rejects(new Response(await plainStream(chunked(cut, 16))).arrayBuffer());
});

test("a zip that cannot be read as it comes is refused, and one cut short too", async () => {
  await assert.rejects(read(zip(FILES, { method: 8 }), 64), /must be stored/);
  await assert.rejects(read(zip(FILES, { flags: 8 }), 64), /must be stored/);
  await assert.rejects(read(zip(FILES).subarray(0, 100), 64), /ends early/);
});
