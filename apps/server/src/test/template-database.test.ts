import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseNotes } from '../db/schema';
import { demoReleaseNotes } from '../db/seed/seed-data';
import { createTestApp, DRIVERS } from './test-app';

const NOW = new Date('2026-11-02T10:00:00Z');

// Without the demo, one template serves every day (template-database.ts, templateOf): a copy for a
// day of its own must hold the seed of that day, and the next copy today's again.
describe.each(DRIVERS)('a seeded copy for a day of its own on %s', (driver) => {
  const notesOf = async (app: Awaited<ReturnType<typeof createTestApp>>) =>
    app.db
      .select({ version: releaseNotes.version, releasedAt: releaseNotes.releasedAt })
      .from(releaseNotes)
      .orderBy(asc(releaseNotes.version));
  const seededOn = (now: Date) =>
    demoReleaseNotes(now)
      .map(({ version, releasedAt }) => ({ version, releasedAt }))
      .sort((a, b) => a.version.localeCompare(b.version));

  it("holds the release notes seeded on that day, and the next copy today's", async () => {
    const own = await createTestApp(driver, { now: NOW });
    try {
      expect(await notesOf(own)).toEqual(seededOn(NOW));
    } finally {
      await own.close();
    }
    const today = await createTestApp(driver);
    try {
      expect(await notesOf(today)).toEqual(seededOn(today.clock.now()));
    } finally {
      await today.close();
    }
  });
});
