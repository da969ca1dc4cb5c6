import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type MetricsSources, PortalMetrics } from './portal-metrics';

// A full collection on demand: what a test needs to see that nothing holds an object any more.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const sourcesOf = (): MetricsSources => ({
  database: { poolStats: () => null, driver: 'pglite', connectionErrors: () => 0 },
  queueDepth: async () => [],
  mailBacklog: async () => ({ queued: 0, oldestCreatedAt: null }),
});

describe('PortalMetrics', () => {
  it("answers the process's figures and the app's in one scrape, each name once", async () => {
    const first = new PortalMetrics(sourcesOf());
    const second = new PortalMetrics(sourcesOf());
    for (const text of [await first.text(), await second.text()]) {
      const names = text.split('\n').filter((line) => line.startsWith('# TYPE '));
      expect(names.some((line) => line.startsWith('# TYPE process_resident_memory_bytes '))).toBe(true);
      expect(names.some((line) => line.startsWith('# TYPE portal_http_requests_total '))).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('still answers with the database away, the series it cannot count left out (not 0)', async () => {
    const away = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const metrics = new PortalMetrics({ ...sourcesOf(), queueDepth: away, mailBacklog: away });
    const text = await metrics.text();
    expect(text).toContain('portal_http_requests_total');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).not.toMatch(/^portal_job_queue_jobs\{/m);
    // An empty mail queue and an unknown one must not look alike to an alert on the backlog.
    expect(text).not.toMatch(/^portal_mail_queued /m);
    expect(text).not.toMatch(/^portal_mail_oldest_queued_seconds /m);
  });

  it('answers the mail backlog again once the database is back', async () => {
    let reachable = false;
    const metrics = new PortalMetrics({
      ...sourcesOf(),
      mailBacklog: async () => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return { queued: 3, oldestCreatedAt: new Date(Date.now() - 120_000) };
      },
    });
    expect(await metrics.text()).not.toMatch(/^portal_mail_queued /m);
    reachable = true;
    const text = await metrics.text();
    expect(text).toMatch(/^portal_mail_queued 3$/m);
    const age = Number(/^portal_mail_oldest_queued_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
  });

  it('asks the database for the mail backlog once per scrape, for both of its gauges', async () => {
    let asked = 0;
    const metrics = new PortalMetrics({
      ...sourcesOf(),
      mailBacklog: async () => {
        asked += 1;
        return { queued: 1, oldestCreatedAt: new Date() };
      },
    });
    await metrics.text();
    expect(asked).toBe(1);
    await metrics.text();
    expect(asked).toBe(2);
  });

  it('lets go of its sources (and so of its app) once nothing else holds it', async () => {
    // Until 2026-12-06 every app registered Node's default metrics anew: their GC observer is
    // never disconnected and held each app, so a test worker kept every app it had built.
    const held = await (async () => {
      const sources = sourcesOf();
      await new PortalMetrics(sources).text();
      return new WeakRef(sources);
    })();
    // A WeakRef's target lives to the end of the job that made or read it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(held.deref()).toBeUndefined();
  });
});
