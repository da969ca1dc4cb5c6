import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicAddressesOf } from './address-guard';
import { WebhookSender } from './webhook-sender';

describe('webhook address guard', () => {
  it('tells public addresses from loopback, private, link-local, unique-local, multicast and unspecified ones', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
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
    ).rejects.toMatchObject({ code: 1026010, messageKey: 'WEBHOOK_URL_UNRESOLVED' });
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
