// The relay tests/site/check_friend.py starts: bittorrent-tracker's WebSocket tracker (the server a
// school runs with `npx bittorrent-tracker --ws`, README "Which relay, and running your own"), on
// 127.0.0.1 only, at a port the system picks. Prints "relay ws://127.0.0.1:PORT" once it listens.
// Its server module alone: the package's command line also loads its client (WebRTC in Node, a native
// build), which a tracker never uses.
import Server from "bittorrent-tracker/server";

const server = new Server({ http: false, udp: false, ws: true, stats: false, trustProxy: false });
server.on("error", (error) => { console.error(`relay: ${error.message}`); process.exit(1); });
server.on("warning", (error) => console.error(`relay warning: ${error.message}`));
server.listen(0, "127.0.0.1", () => {
  console.log(`relay ws://127.0.0.1:${server.ws.address().port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
