import { isIPv6 } from 'node:net';

// An IPv6 host is commonly given a whole /64 (SLAAC, privacy addresses), so it can change its
// address at will inside it: a limit per full address would be no limit.
const IPV6_CLIENT_GROUPS = 4;

/**
 * The part of a client address that every limit keyed on the client counts: an IPv4 address
 * whole, an IPv6 address by its /64 (`2001:db8:1:2::/64`), an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.5`, how a dual-stack socket sees an IPv4 client) as its IPv4 address.
 * Anything else is answered as it came.
 */
export function clientKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, IPV6_CLIENT_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/${IPV6_CLIENT_GROUPS * 16}`;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  const text = address.split('%')[0]?.toLowerCase() ?? '';
  if (!isIPv6(text)) return undefined;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const hex = dotted
    ? `${dotted[1]}${((Number(dotted[2]) << 8) | Number(dotted[3])).toString(16)}:${((Number(dotted[4]) << 8) | Number(dotted[5])).toString(16)}`
    : text;
  const [head = '', tail] = hex.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const known = [...split(head), ...(tail === undefined ? [] : ['::']), ...split(tail ?? '')];
  const zeros = 8 - (known.length - (tail === undefined ? 0 : 1));
  return known.flatMap((group) =>
    group === '::' ? Array<number>(zeros).fill(0) : [Number.parseInt(group, 16)],
  );
}
