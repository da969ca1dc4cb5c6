import net from 'node:net';

/**
 * Below the kernel's ephemeral range (32768-60999 on Linux): a port the OS hands out for
 * `listen(0)` comes from that range, where every outgoing connection of the test run (database,
 * SMTP, HTTP clients) also takes its local port, so one could take it before the server listens
 * (a CI run failed with EADDRINUSE that way). Ports here are only ever taken by a listen.
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_000;

/** Whether `port` can be listened on right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now (free until someone takes it), outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${FIRST_PORT} and ${LAST_PORT}`);
}
