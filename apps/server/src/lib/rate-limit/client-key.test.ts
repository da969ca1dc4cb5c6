import { ErrorCode } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('10.0.0.2')).toBe('10.0.0.2');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:abcd',
      '2001:db8:1:2:a:b:1.2.3.4',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('takes an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
    // NAT64 is not mapped: the IPv6 client behind it is a /64 of its own.
    expect(clientKey('64:ff9b::203.0.113.5')).toBe('64:ff9b:0:0::/64');
  });

  it('answers anything that is not an address as it came', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-address')).toBe('not-an-address');
  });
});

// Issue 32 §1: one host owns 2^64 addresses, so a limit per full IPv6 address is no limit.
describe('limits keyed on the client address', () => {
  it('count two addresses of one IPv6 /64 together, another /64 apart, a mapped IPv4 as the IPv4', async () => {
    const t = await createTestApp('pglite', { config: { LOGIN_RATE_LIMIT_PER_MINUTE: 2 } });
    try {
      let attempt = 0;
      const from = async (remoteAddress: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          // An account of its own each time: the 5-failure lock is not what is counted here.
          payload: { account: `nobody-v6-${++attempt}`, password: 'Wrong#Pass1' },
        });
        return response.statusCode === 429 ? response.json().code : response.statusCode;
      };
      expect(await from('2001:db8:1:2::a')).toBe(401);
      expect(await from('2001:db8:1:2:ffff::b')).toBe(401);
      expect(await from('2001:db8:1:2:1234:5678:9abc:def0')).toBe(ErrorCode.TOO_MANY_REQUESTS);
      expect(await from('2001:db8:1:3::a')).toBe(401);

      expect(await from('203.0.113.5')).toBe(401);
      expect(await from('::ffff:203.0.113.5')).toBe(401);
      expect(await from('::ffff:cb00:7105')).toBe(ErrorCode.TOO_MANY_REQUESTS);
      // Counted under the key this helper gives, the one rule of every limit.
      const keys = (await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
        (row) => row.key,
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          'rl:POST:/api/login:2001:db8:1:2::/64',
          'rl:POST:/api/login:2001:db8:1:3::/64',
          'rl:POST:/api/login:203.0.113.5',
        ]),
      );
    } finally {
      await t.close();
    }
  });
});
