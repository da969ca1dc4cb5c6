import { compareKeys } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { componentVersionKey, cpeKey, cpeQueryKey, purlKey } from './sbom-keys';

describe('SBOM search keys', () => {
  it('orders component versions the catalogue way: 1.1.1w < 3.0.7 < 3.0.8-rc1 < 3.0.8 < 3.0.8a < 3.0.10', () => {
    const order = ['1.1.1w', '3.0.7', '3.0.8-rc1', '3.0.8', '3.0.8a', '3.0.10', '3.1.0'];
    const shuffled = [...order].reverse();
    shuffled.sort((a, b) => compareKeys(componentVersionKey(a), componentVersionKey(b)));
    expect(shuffled).toEqual(order);
    expect(compareKeys(componentVersionKey('1.1.1'), componentVersionKey('1.1.1w'))).toBeLessThan(0);
    expect(compareKeys(componentVersionKey('5.15.120'), componentVersionKey('6.1.38'))).toBeLessThan(0);
    expect(componentVersionKey('v2023.04')).toBe(componentVersionKey('2023.04'));
  });

  it('keys a purl by type, namespace and name, a CPE by vendor and product', () => {
    expect(purlKey('pkg:generic/openssl@3.0.7')).toBe('pkg:generic/openssl');
    expect(purlKey('pkg:deb/debian/OpenSSL@1.1.1w?arch=amd64')).toBe('pkg:deb/debian/openssl');
    expect(purlKey('pkg:github/u-boot/u-boot@v2023.04#tools')).toBe('pkg:github/u-boot/u-boot');
    expect(purlKey('openssl')).toBeNull();
    expect(cpeKey('cpe:2.3:a:openssl:openssl:3.0.7:*:*:*:*:*:*:*')).toBe('openssl:openssl');
    expect(cpeKey('cpe:/a:lighttpd:lighttpd:1.4.71')).toBe('lighttpd:lighttpd');
    expect(cpeKey('cpe:2.3:a:openssl')).toBeNull();
    expect(cpeQueryKey('OpenSSL:OpenSSL')).toBe('openssl:openssl');
    expect(cpeQueryKey('openssl')).toBeNull();
  });
});
