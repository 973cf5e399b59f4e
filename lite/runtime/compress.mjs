// Brotli twins of the site's largest files (lite/README.md, "What a host should serve"): a host
// that serves precompressed files (nginx brotli_static, Netlify, Cloudflare Pages...) sends
// FILE.br for FILE to a browser that accepts br. Run by lite/site_hosting.py at the end of the build:
//   node compress.mjs < job.json   with [{"src": FILE, "out": FILE.br}, ...]
// (The in-place Python's own files, the snapshot among them, are packed with Zstandard by the build
// itself: lite/live_python.py.)
import fs from 'node:fs';
import zlib from 'node:zlib';

const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
for (const { src, out } of jobs) {
  const data = fs.readFileSync(src);
  const packed = zlib.brotliCompressSync(data, {
    params: {
      // the best (pyodide.asm.wasm: 2.77 MB, against 3.13 at quality 9 and 3.55 gzipped)
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(out, packed);
}
