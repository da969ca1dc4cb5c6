import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { permittedRoutes, sessionOf } from './authenticate';

/**
 * A route module opened with permittedRoutes: every route in it answers only a live session
 * holding the permission. A request without a session, or with one lacking the permission, never
 * reaches the handler (the sessions and permissions here stand in for the real services).
 */
describe('permittedRoutes', () => {
  let app: FastifyInstance;
  const reached: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    app.decorateRequest('auth', null);
    app.decorate('services', {
      sessions: {
        authenticate: async (header?: string) => {
          if (header === 'Bearer staff') return { userId: 1, sessionId: 1, accessVersion: 1 };
          if (header === 'Bearer customer') return { userId: 2, sessionId: 2, accessVersion: 1 };
          throw new AppError('TOKEN_INVALID');
        },
      },
      access: { hasPermission: async (userId: number, code: string) => userId === 1 && code === 'x:write' },
    } as never);
    await app.register(async (scope) => {
      const { routes } = permittedRoutes(scope, 'x:write');
      routes.get('/staff/thing', async (request) => {
        reached.push(String(sessionOf(request).userId));
        return { ok: true };
      });
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('refuses a request without a session and a session without the permission', async () => {
    const anonymous = await app.inject({ url: '/staff/thing' });
    const customer = await app.inject({ url: '/staff/thing', headers: { authorization: 'Bearer customer' } });
    expect(anonymous.statusCode).not.toBe(200);
    expect(customer.statusCode).not.toBe(200);
    expect(reached).toEqual([]);
    const staff = await app.inject({ url: '/staff/thing', headers: { authorization: 'Bearer staff' } });
    expect(staff.statusCode).toBe(200);
    expect(reached).toEqual(['1']);
  });
});
