import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@portal/contract';
import { AppError } from '../../lib/app-error';

/**
 * Where a webhook must never point: the portal's own host and network (loopback, private,
 * carrier-grade NAT, link-local with cloud metadata at 169.254.169.254, unique-local), and what
 * is no host at all (unspecified, multicast, broadcast, documentation and reserved ranges).
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
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) return ipv4Of(groups[6]!, groups[7]!);
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

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** A URL's host as an address lookup takes it: IPv6 literals lose their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** A webhook URL's form: http(s), no credentials, within the length limit; 400 otherwise. */
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
  return url;
}

/**
 * The addresses a webhook host stands for, all of them public, or WEBHOOK_URL_REFUSED. Checked
 * when the webhook is saved and again before each delivery (a name may resolve elsewhere later:
 * DNS rebinding), and the delivery connects to exactly the addresses checked here.
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
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      throw new AppError('WEBHOOK_URL_REFUSED', { messageKey: 'WEBHOOK_URL_UNRESOLVED', params: { host } });
  }
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address)))
    throw new AppError('WEBHOOK_URL_REFUSED', { messageKey: 'WEBHOOK_URL_PRIVATE', params: { host } });
  return addresses;
}
