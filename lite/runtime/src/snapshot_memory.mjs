// Room for a memory snapshot before Pyodide restores it. Pyodide 314.0.6 asks for as much memory
// as the snapshot holds (INITIAL_MEMORY), but its WebAssembly module makes its own memory of 30 MB,
// so a larger snapshot failed with "RangeError: offset is out of bounds" and Python started from
// scratch. Used by the worker (worker.js) and by the build's check that the snapshot restores
// (snapshot.mjs).

const PAGE = 65536;  // bytes in a WebAssembly memory page

/**
 * While the returned function is not yet called, every WebAssembly instance made gets at least
 * `bytes` of memory. Call it once Pyodide has started.
 * @param {number} bytes the snapshot's length
 * @returns {() => void} puts WebAssembly's own functions back
 */
export function roomForSnapshot(bytes) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grow = (result) => {
    const memory = result.instance && result.instance.exports.memory;
    if (memory instanceof WebAssembly.Memory) {
      const missing = Math.ceil(bytes / PAGE) - memory.buffer.byteLength / PAGE;
      if (missing > 0) memory.grow(missing);
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate(...args).then(grow);
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = (...args) => instantiateStreaming(...args).then(grow);
  }
  return () => {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}
