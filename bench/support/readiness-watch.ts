import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from './tally';

const PROBE_EVERY_MS = 100;
/** A probe unanswered this long counts as not ready (Kubernetes' default is 1 s). */
const PROBE_TIMEOUT_MS = 3_000;

/** One readiness probe: 'ready' (200), what a 503 named as away, or no answer in time. */
export type Probe = {
  start: number;
  at: number;
  outcome: 'ready' | 'database' | 'storage' | 'draining' | 'timeout' | 'error';
};

/** `/api/ready` of every process, straight to its port (not through nginx), every 100 ms. */
export class ReadinessWatch {
  readonly probes: Probe[][];
  private stopped = false;
  private readonly loops: Promise<void>[];

  constructor(ports: number[]) {
    this.probes = ports.map(() => []);
    this.loops = ports.map(async (port, index) => {
      while (!this.stopped) {
        const start = Date.now();
        const outcome = await this.probe(port);
        this.probes[index]?.push({ start, at: Date.now(), outcome });
        await sleep(PROBE_EVERY_MS);
      }
    });
  }

  private probe(port: number) {
    return new Promise<Probe['outcome']>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/ready', agent: false, timeout: PROBE_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode === 200) return resolve('ready');
            try {
              const { data } = JSON.parse(Buffer.concat(chunks).toString()) as {
                data: { database: string; storage: string; draining: boolean };
              };
              resolve(data.draining ? 'draining' : data.database === 'down' ? 'database' : 'storage');
            } catch {
              resolve('error');
            }
          });
          response.on('error', () => resolve('error'));
        },
      );
      request.on('timeout', () => {
        request.destroy();
        resolve('timeout');
      });
      request.on('error', () => resolve('error'));
    });
  }

  /** Every process answered 200 to its last probe, sent after `since`. */
  allReadySince(since: number) {
    return this.probes.every((probes) => {
      const last = probes.at(-1);
      return last !== undefined && last.start >= since && last.outcome === 'ready';
    });
  }

  /** When process `index` first failed a probe answered in [from, to], or null. */
  firstDown(index: number, from: number, to: number) {
    return (
      this.probes[index]?.find((probe) => probe.at >= from && probe.at <= to && probe.outcome !== 'ready')
        ?.at ?? null
    );
  }

  /** When process `index` first answered 200 to a probe sent after `from` (and before `to`). */
  readyAgain(index: number, from: number, to: number) {
    return (
      this.probes[index]?.find((probe) => probe.start >= from && probe.at <= to && probe.outcome === 'ready')
        ?.at ?? null
    );
  }

  /** Probes answered in [from, to] other than 200, by outcome, and the slowest answer. */
  failures(from: number, to: number) {
    const probes = this.probes.flat().filter((probe) => probe.at >= from && probe.at <= to);
    return {
      probes: probes.length,
      failed: count(
        probes.filter((probe) => probe.outcome !== 'ready'),
        (probe) => probe.outcome,
      ),
      slowest: probes.reduce((max, probe) => Math.max(max, probe.at - probe.start), 0),
    };
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}
