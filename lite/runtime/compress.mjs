// Brotli twins of the site's largest files (lite/README.md, "What a host should serve"): a host
// that serves precompressed files (nginx brotli_static, Netlify, Cloudflare Pages...) sends
// FILE.br for FILE to a browser that accepts br. Run by lite/site_hosting.py at the end of the build:
//   node compress.mjs < job.json   with [{"src": FILE, "out": FILE.br, "gunzip": false}, ...]
// "gunzip": the file is gzip data (the snapshot): its twin holds the plain bytes, compressed again
// (the worker takes the snapshot either way).
import fs from 'node:fs';
import zlib from 'node:zlib';

const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
for (const { src, out, gunzip } of jobs) {
  let data = fs.readFileSync(src);
  if (gunzip) data = zlib.gunzipSync(data);
  const packed = zlib.brotliCompressSync(data, {
    params: {
      // the best (pyodide.asm.wasm: 2.77 MB, against 3.13 at quality 9 and 3.55 gzipped), except for
      // the snapshot (31 MB unpacked, only ever fetched ahead), where it would take minutes
      [zlib.constants.BROTLI_PARAM_QUALITY]: gunzip ? 9 : 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(out, packed);
}
