// A relay for games with a friend: bittorrent-tracker's WebSocket tracker (the same server as
// `npx bittorrent-tracker --ws`, README "Which relay, and running your own"), its server module alone:
// the package's command line also loads its client (WebRTC in Node, a native module its install
// downloads or builds), which a tracker never uses, so this runs wherever `npm ci --ignore-scripts`
// has installed it. tests/site/check_friend.py starts it on 127.0.0.1 at a port the system picks;
// `make relay` starts it for a school's network (on every address, port 8000).
//
//   node relay.mjs [--host 127.0.0.1] [--port 0]   prints "relay ws://HOST:PORT" once it listens
import { parseArgs } from "node:util";
import Server from "bittorrent-tracker/server";

const { values } = parseArgs({ options: { host: { type: "string", default: "127.0.0.1" },
  port: { type: "string", default: "0" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: --port must be a whole number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  process.exit(2);
}
// A WebSocket tracker tells browsers to announce again every fifth of `interval`, and Trystero waits
// at least 10 s and at most 120 s between announces: the default (10 minutes) made a friend who opened
// the link after the first few announces wait up to two minutes to be found; 50 s makes it 10 s.
export const INTERVAL_MS = 50_000;
const server = new Server({ http: false, udp: false, ws: true, stats: false, trustProxy: false,
  interval: INTERVAL_MS });
server.on("error", (error) => { console.error(`relay: ${error.message}`); process.exit(1); });
server.on("warning", (error) => console.error(`relay warning: ${error.message}`));
server.listen(port, values.host, () => {
  const { port: listening } = server.ws.address();
  console.log(`relay ws://${values.host}:${listening}`);
  if (["0.0.0.0", "::"].includes(values.host)) {
    console.log(`(every address of this machine: a link names it as wss://ITS-NAME behind your HTTPS server, `
      + `or ws://ITS-NAME:${listening} for a book served over plain http)`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
