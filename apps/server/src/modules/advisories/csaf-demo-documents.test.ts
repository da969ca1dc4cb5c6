import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryDocuments } from '../../db/schema';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { adviseCsaf, validateCsaf } from './csaf/csaf-validate';

/**
 * Issue 43 §2: the demo advisories' documents, as approval stored them, pass the reference
 * validator's mandatory and optional tests, and its informative ones but for what the data says
 * (none today). The canonical URL must be https (6.2.11): the portal's PUBLIC_URL decides it, so
 * the test gives one, as a deployment does.
 */
describe.each(DRIVERS)('the demo advisories’ CSAF documents on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      catalog: true,
      advisories: true,
      config: { PUBLIC_URL: 'https://portal.example.com' },
    });
  }, 240_000);
  afterAll(() => t.close());

  it('pass the mandatory, optional and informative tests, each with helpers and its canonical URL', async () => {
    const documents = await t.db.select().from(advisoryDocuments);
    expect(documents.length).toBeGreaterThanOrEqual(6);
    for (const stored of documents) {
      const doc = JSON.parse(stored.body);
      expect(await validateCsaf(doc), stored.fileName).toEqual({ valid: true, errors: [] });
      expect(await adviseCsaf(doc), stored.fileName).toEqual({ warnings: [], infos: [] });
      const self = doc.document.references.filter((r: { category: string }) => r.category === 'self');
      expect(self[0].url).toMatch(
        new RegExp(`^https://portal\\.example\\.com/\\.well-known/csaf/.+/${stored.fileName}$`),
      );
    }
  }, 120_000);
});
