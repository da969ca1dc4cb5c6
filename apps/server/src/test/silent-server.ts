import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A TCP server on a loopback port that accepts connections and never says a word: a hung
 * database or object store, or a firewall that lets SYN through.
 */
export async function startSilentServer(): Promise<{ port: number; close(): void }> {
  const server = net.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

/** A silent server (`startSilentServer`) for the whole block: its port, once the block has started. */
export function silentServerForBlock(): () => number {
  let silent: Awaited<ReturnType<typeof startSilentServer>> | undefined;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent?.close());
  return () => {
    if (!silent) throw new Error('the silent server is for inside the block');
    return silent.port;
  };
}
