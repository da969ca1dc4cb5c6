import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server';
import { dnsResolver } from './dns-lookup';

const hash = promisify(pbkdf2);
/** Eight password-hash-sized jobs on libuv's thread pool, as sign-ins and file reads put there. */
async function poolWork(): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, (_, n) => hash(`password ${n}`, 'salt', 20_000, 32, 'sha256')));
  return performance.now() - started;
}

describe('webhook host lookups', () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;

  beforeAll(async () => {
    dns = await startDnsServer({
      'hooks.test': ['203.0.113.7', '2001:db8::7'],
      'v4only.test': ['198.51.100.4'],
    });
  });
  afterAll(() => dns.close());

  it('asks the name servers it is given for A and AAAA at once', async () => {
    const resolve = dnsResolver({ servers: [dns.address] });
    expect(await resolve('Hooks.Test.')).toEqual([
      { address: '203.0.113.7', family: 4 },
      { address: '2001:db8::7', family: 6 },
    ]);
    expect(await resolve('v4only.test')).toEqual([{ address: '198.51.100.4', family: 4 }]);
    expect(dns.queries.filter((name) => name === 'hooks.test')).toHaveLength(2);
    await expect(resolve('nowhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('answers localhost with loopback without asking anyone', async () => {
    const before = dns.queries.length;
    const resolve = dnsResolver({ servers: [dns.address] });
    for (const name of ['localhost', 'hooks.localhost'])
      expect(await resolve(name)).toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
    expect(dns.queries).toHaveLength(before);
  });

  it('gives up on a name server that never answers within its time limit, and holds no pool thread meanwhile', async () => {
    const idle = await poolWork();
    dns.silence();
    try {
      const resolve = dnsResolver({ servers: [dns.address], timeoutMs: 1_500 });
      const started = performance.now();
      // Sixteen lookups hanging at once: through getaddrinfo they would take all four pool threads.
      const lookups = Array.from({ length: 16 }, (_, n) =>
        resolve(`hang-${n}.test`).then(
          () => 'resolved',
          (error: NodeJS.ErrnoException) => error.code,
        ),
      );
      const busy = await poolWork();
      const outcomes = await Promise.all(lookups);
      const took = performance.now() - started;
      expect(new Set(outcomes)).toEqual(new Set(['ECANCELLED']));
      expect(took).toBeGreaterThan(1_400);
      expect(took).toBeLessThan(2_500);
      // The hashes did not wait for the lookups.
      expect(busy).toBeLessThan(idle * 3 + 300);
      expect(busy).toBeLessThan(1_400);
      expect(dns.queries.filter((name) => name.startsWith('hang-')).length).toBeGreaterThanOrEqual(16);
    } finally {
      dns.silence(false);
    }
  });
});
