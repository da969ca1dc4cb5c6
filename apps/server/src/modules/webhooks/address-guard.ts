import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { dnsResolver, type ResolvedAddress, type Resolver } from './dns-lookup';

export type { ResolvedAddress, Resolver };

/**
 * Where a webhook must never point: the portal's own host and network (loopback, private,
 * carrier-grade NAT, link-local with cloud metadata at 169.254.169.254, unique-local), what
 * is no host at all (unspecified, multicast, broadcast, documentation and reserved ranges), and
 * Teredo (2001::/32), whose relays tunnel to an IPv4 address the sender cannot check.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated) addresses: ::a.b.c.d.
  ['::', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 address carries, if any: IPv4-mapped ::ffff:a.b.c.d, SIIT-translated
 * ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and its local-use 64:ff9b:1::/48 (last 32 bits), 6to4.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address.toLowerCase());
  if (!groups) return undefined;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  const localNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1;
  if (mapped || translated || nat64 || localNat64) return ipv4Of(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return ipv4Of(groups[1]!, groups[2]!);
  return undefined;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...fill, ...back];
}

/** Whether a webhook may be sent to this IP address (IPv4 or IPv6, v4 carried in v6 included). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined && !isPublicAddress(v4)) return false;
  return !NOT_PUBLIC.check(address.split('%')[0] ?? address, 'ipv6');
}

/** The system's name servers, with the lookup's time limit: what a webhook uses unless told. */
const defaultResolver = dnsResolver();

/** A URL's host as an address lookup takes it: IPv6 literals lose their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Whether a webhook may call this port: the web's own, 80 and 443, or an unprivileged one. */
const isAllowedPort = (port: number) => port === 80 || port === 443 || (port >= 1024 && port <= 65535);

/** A URL's port, the scheme's default when it names none. */
const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

/**
 * A webhook URL's form: http(s), no credentials, within the length limit, on port 80, 443 or
 * 1024-65535 (no mail, SSH or other system service of an internal host); 400 otherwise.
 */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('WEBHOOK_URL_REFUSED', { messageKey: 'WEBHOOK_URL_SCHEME' });
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.href.length > WEBHOOK_URL_MAX
  )
    throw new AppError('WEBHOOK_URL_REFUSED', { messageKey: 'WEBHOOK_URL_SCHEME' });
  if (!isAllowedPort(portOf(url))) throw new AppError('WEBHOOK_URL_REFUSED');
  return url;
}

/**
 * A host refused because it does not resolve or is not public. Its answer is WEBHOOK_URL_REFUSED
 * with the one message for both, and no host: whoever saves a webhook must not learn which
 * internal names the portal's resolver knows. Only the owner's delivery log tells the two apart
 * (`kind:host`), and that is about their own URL.
 */
export class HostRefused extends AppError {
  constructor(
    readonly kind: 'private-address' | 'unresolved',
    readonly host: string,
  ) {
    super('WEBHOOK_URL_REFUSED');
  }
}

/**
 * The addresses a webhook host stands for, all of them public, or HostRefused. Checked
 * when the webhook is saved and again before each delivery (a name may resolve elsewhere later:
 * DNS rebinding), and the delivery connects to exactly the addresses checked here. A lookup that
 * fails or runs past its time limit is 'unresolved'.
 */
export async function publicAddressesOf(
  host: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolver)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new HostRefused('unresolved', host);
  }
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address)))
    throw new HostRefused('private-address', host);
  return addresses;
}
