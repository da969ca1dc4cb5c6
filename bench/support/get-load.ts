import http from 'node:http';
import { percentile } from './percentile';

export type Load = {
  label: string;
  requests: number;
  perSecond: number;
  statuses: string;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

let phase = 0;

/**
 * `connections` keep-alive connections each sending GETs back to back for `seconds`. Each connection
 * comes from a loopback address of its own (127.<phase>.0.<n>): the feeds' rate limit
 * (1,200 a minute) counts per client address, and 32 aggregators are 32 clients.
 */
export async function getLoad(
  label: string,
  url: string,
  headers: Record<string, string>,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<Load> {
  phase += 1;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  const get = (agent: http.Agent) =>
    new Promise<void>((resolve, reject) => {
      const start = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => {
          latencies.push(performance.now() - start);
          statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
          bytes = size;
          resolve();
        });
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const agents = Array.from(
    { length: connections },
    (_, n) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.${phase}.0.${n + 1}` }),
  );
  // Warm-up: every connection opened (and the first build of a feed after a change done).
  await Promise.all(agents.map((agent) => get(agent)));
  latencies.length = 0;
  statuses.clear();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < end) await get(agent);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  return {
    label,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    statuses: [...statuses.entries()].map(([status, n]) => `${status}×${n}`).join(' '),
    bytes,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(0, ...latencies),
  };
}
