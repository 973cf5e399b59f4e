// The packages zip read as it comes down (worker.js, unpackPackages): unpacked when it is gzip or
// Zstandard, and each file handed on as soon as its last byte is here. Tested by
// test/zip_stream.test.mjs.
import { Decompress } from 'fzstd';

function concat(a, b) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

// A stream's bytes unpacked as they come: gunzipped if they are gzip (a host may have unzipped
// them already, sending them with Content-Encoding: gzip), or inflated if they are Zstandard (the
// build packs Python's own files so: a fifth smaller than gzip, and no host compresses them again;
// browsers have no Zstandard DecompressionStream, so fzstd, 8 KB of JavaScript, does it).
export async function plainStream(body) {
  const reader = body.getReader();
  let head = new Uint8Array(0);
  while (head.length < 4) {  // the magic bytes, however the first bytes are cut
    const { done, value } = await reader.read();
    if (done) break;
    head = concat(head, value);
  }
  const stream = new ReadableStream({
    start(controller) { if (head.length) controller.enqueue(head); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  if (head[0] === 0x1f && head[1] === 0x8b) return stream.pipeThrough(new DecompressionStream('gzip'));
  if (isZstd(head)) return stream.pipeThrough(zstdStream());
  return stream;
}

/** Whether these bytes start a Zstandard frame (its magic number, 0xFD2FB528 little-endian). */
export function isZstd(bytes) {
  return bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;
}

// Zstandard inflated as its bytes come (a TransformStream of fzstd's streaming decoder); a stream
// that ends before its frame does is an error, not a file cut short.
function zstdStream() {
  let decoder;
  let ended = false;
  return new TransformStream({
    start(controller) {
      decoder = new Decompress((chunk, last) => {
        if (chunk.length) controller.enqueue(chunk);
        ended = ended || last;
      });
    },
    transform(chunk) { decoder.push(chunk); },
    flush() {
      decoder.push(new Uint8Array(0), true);
      if (!ended) throw new Error('the Zstandard stream ends early');
    },
  });
}

// Each file of a stored zip as its bytes come: {name, bytes}. The build's zips carry every size in
// their local headers (no data descriptors), so a file is whole as soon as its last byte is here.
export async function* zipFiles(stream) {
  const reader = stream.getReader();
  let buffer = new Uint8Array(0);
  const more = async () => {
    const { done, value } = await reader.read();
    if (done) return false;
    buffer = concat(buffer, value);
    return true;
  };
  const names = new TextDecoder();
  for (;;) {
    while (buffer.length < 30) if (!(await more())) throw new Error('the packages zip ends early');
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
    if (view.getUint32(0, true) !== 0x04034b50) return;  // the central directory: every file is in
    if (view.getUint16(8, true) !== 0 || view.getUint16(6, true) & 8) {
      throw new Error('the packages zip must be stored, with each size in its local header');
    }
    const size = view.getUint32(18, true);
    const nameLength = view.getUint16(26, true);
    const start = 30 + nameLength + view.getUint16(28, true);
    while (buffer.length < start + size) if (!(await more())) throw new Error('the packages zip ends early');
    yield { name: names.decode(buffer.subarray(30, 30 + nameLength)), bytes: buffer.slice(start, start + size) };
    buffer = buffer.subarray(start + size);
  }
}
