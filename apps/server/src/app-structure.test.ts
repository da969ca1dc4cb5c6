import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The plugins that watch routes as they are added (OpenAPI, token scopes, rate limits) must be
 * registered before every feature route (app.ts): a route added earlier would miss them without
 * any error. This test fails when one did.
 */
describe('the app is assembled in an order that works', () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[]; description?: string }>>;
  };
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  }, 60_000);
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.app.routeList.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
  const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

  it('registers the feature routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
  });

  it('every API route is in the OpenAPI document (swagger saw it being added)', () => {
    const missing = apiRoutes()
      // Hidden on purpose (the metrics endpoint, for scrapers only).
      .filter((route) => !route.hidden)
      .filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('every route taking a token says so in OpenAPI (the token plugin saw it being added)', () => {
    const scoped = apiRoutes().filter((route) => route.tokenScope);
    expect(scoped.length).toBeGreaterThan(20);
    const unmarked = scoped
      .filter((route) => {
        const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        return (
          !operation?.security?.some((scheme) => 'accessToken' in scheme) ||
          !operation.description?.includes(route.tokenScope!)
        );
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(unmarked).toEqual([]);
  });

  it('registers each method and address once', () => {
    const seen = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(seen.length).toBe(new Set(seen).size);
  });
});
