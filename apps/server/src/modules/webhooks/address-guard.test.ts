import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseWebhookUrl, publicAddressesOf } from './address-guard';
import { WebhookSender } from './webhook-sender';

describe('webhook address guard', () => {
  it('tells public addresses from loopback, private, link-local, unique-local, multicast and unspecified ones', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '64:ff9b:1::808:808',
      '::ffff:0:808:808',
      '2001:67c:2e8::1',
    ])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      // Local-use NAT64 (64:ff9b:1::/48) and SIIT (::ffff:0:0:0/96) carry the IPv4 in their last 32 bits.
      '64:ff9b:1::a9fe:a9fe',
      '64:ff9b:1::7f00:1',
      '64:ff9b:1:2:3:4:a00:1',
      '64:ff9b:1::169.254.169.254',
      '::ffff:0:7f00:1',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:127.0.0.1',
      // Teredo tunnels to whatever its client and server fields say.
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a name resolving to any private address, unless private addresses are allowed', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ];
    await expect(publicAddressesOf('mixed.example', { allowPrivate: false, resolve })).rejects.toMatchObject({
      code: 1026010,
    });
    await expect(publicAddressesOf('mixed.example', { allowPrivate: true, resolve })).resolves.toHaveLength(
      2,
    );
    await expect(
      publicAddressesOf('nowhere.example', { allowPrivate: false, resolve: async () => [] }),
    ).rejects.toMatchObject({ code: 1026010, messageKey: 'WEBHOOK_URL_REFUSED' });
  });

  it('answers the same refusal whether a name does not resolve or resolves to a private address', async () => {
    const unresolved = await publicAddressesOf('nowhere.example', {
      allowPrivate: false,
      resolve: async () => [],
    }).catch((error: unknown) => error);
    const internal = await publicAddressesOf('intranet.example', {
      allowPrivate: false,
      resolve: async () => [{ address: '10.0.0.5', family: 4 }],
    }).catch((error: unknown) => error);
    for (const refusal of [unresolved, internal])
      expect(refusal).toMatchObject({ code: 1026010, messageKey: 'WEBHOOK_URL_REFUSED', params: {} });
  });

  it('takes ports 80, 443 and 1024-65535 only', () => {
    for (const url of [
      'https://hooks.example/portal',
      'http://hooks.example/portal',
      'http://hooks.example:80/portal',
      'http://hooks.example:443/portal',
      'https://hooks.example:80/portal',
      'https://hooks.example:1024/portal',
      'https://hooks.example:8443/portal',
      'https://hooks.example:65535/portal',
    ])
      expect(parseWebhookUrl(url).hostname, url).toBe('hooks.example');
    for (const url of [
      'http://hooks.example:0/portal',
      'http://hooks.example:1/portal',
      'http://hooks.example:22/portal',
      'http://hooks.example:25/portal',
      'https://hooks.example:81/portal',
      'https://hooks.example:444/portal',
      'http://hooks.example:1023/portal',
    ])
      expect(() => parseWebhookUrl(url), url).toThrow(
        expect.objectContaining({ code: 1026010, messageKey: 'WEBHOOK_URL_REFUSED' }),
      );
  });

  it('refuses a port outside 80, 443 and 1024-65535 at delivery too, without connecting', async () => {
    const sender = new WebhookSender({ allowPrivate: true });
    const result = await sender.send({
      url: 'http://127.0.0.1:25/portal',
      secret: 'whsec_test',
      event: 'ping',
      deliveryId: 1,
      body: '{}',
      timestamp: 1,
    });
    expect(result).toEqual({ kind: 'refused', message: 'refused:http://127.0.0.1:25/portal' });
  });

  it('checks again at delivery: a name that now resolves to loopback (DNS rebinding) is not contacted', async () => {
    const sender = new WebhookSender({
      allowPrivate: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const result = await sender.send({
      url: 'https://hooks.example/portal',
      secret: 'whsec_test',
      event: 'ping',
      deliveryId: 1,
      body: '{}',
      timestamp: 1,
    });
    expect(result).toEqual({ kind: 'refused', message: 'private-address:hooks.example' });
  });
});
