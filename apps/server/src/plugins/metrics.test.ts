import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { FANOUT_QUEUE } from '../modules/notice/notice-fanout';
import { publishedItem } from '../test/download-fixtures';
import { createTestApp, DRIVERS, type TestApp } from '../test/test-app';

const TOKEN = 'scrape-token-0123456789abcdef';

/** One sample's value from the Prometheus text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics endpoint without METRICS_TOKEN', () => {
  it('does not exist, so a deployment never publishes its figures by accident', async () => {
    const t = await createTestApp('pglite');
    try {
      const answer = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('portal_http_requests_total');
    } finally {
      await t.close();
    }
  });
});

describe.each(DRIVERS)('Prometheus metrics (%s)', (driver) => {
  let t: TestApp;
  const scrape = async () => {
    const answer = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };
  beforeAll(async () => {
    t = await createTestApp(driver, { config: { METRICS_TOKEN: TOKEN } });
  }, 60_000);
  afterAll(() => t.close());

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const answer = await t.app.inject({
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('portal_');
    }
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/no-such-thing-1' });
    await t.app.inject({ url: '/api/no-such-thing-2' });
    const text = await scrape();
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="/api/health",status="200"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/health"}'),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts downloads and their bytes', async () => {
    const { version } = await publishedItem(t, { kind: 'LIVECD', visibility: 'public', size: 123_457 });
    const before = sample(await scrape(), 'portal_download_bytes_total') ?? 0;
    const answer = await t.app.inject({ url: `/api/downloads/${version.id}` });
    expect(answer.statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'portal_downloads_total{status="complete"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_download_bytes_total')).toBe(before + 123_457);
  });

  it('shows the shared queue depth and the outcomes of the jobs this process ran', async () => {
    const { jobs } = t.app.services;
    await t.db.transaction((tx) =>
      jobs.send(FANOUT_QUEUE, { event: 'release', versionId: 999_999_999 }, { tx: tx as never }),
    );
    expect(sample(await scrape(), `portal_job_queue_jobs{queue="${FANOUT_QUEUE}",state="queued"}`)).toBe(1);
    await jobs.runUntilIdle();
    const text = await scrape();
    expect(sample(text, `portal_job_queue_jobs{queue="${FANOUT_QUEUE}",state="queued"}`)).toBe(0);
    expect(
      sample(text, `portal_job_attempts_total{queue="${FANOUT_QUEUE}",outcome="completed"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the mails waiting in the mail queue and the age of the oldest, for an alert', async () => {
    const before = sample(await scrape(), 'portal_mail_queued');
    expect(before).toBe(0);
    expect(sample(await scrape(), 'portal_mail_oldest_queued_seconds')).toBe(0);
    const [waiting] = await t.db
      .insert(mailOutbox)
      .values({
        recipient: 'late@example.com',
        subject: 'Late',
        body: 'Late',
        status: 'queued',
        createdAt: new Date(Date.now() - 120_000),
        nextAttemptAt: new Date(),
      })
      .returning({ id: mailOutbox.id });
    const text = await scrape();
    expect(sample(text, 'portal_mail_queued')).toBe(1);
    expect(sample(text, 'portal_mail_oldest_queued_seconds')).toBeGreaterThanOrEqual(120);
    await t.db
      .update(mailOutbox)
      .set({ status: 'sent' })
      .where(eq(mailOutbox.id, waiting?.id ?? 0));
    expect(sample(await scrape(), 'portal_mail_queued')).toBe(0);
  });

  it('shows the request pool on PostgreSQL only, and the process figures', async () => {
    const text = await scrape();
    if (driver === 'postgres') expect(sample(text, 'portal_db_pool_connections{state="max"}')).toBe(4);
    else expect(text).not.toContain('portal_db_pool_connections{');
    expect(text).toContain('process_resident_memory_bytes');
  });
});
