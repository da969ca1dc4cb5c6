import { Resolver as DnsResolver } from 'node:dns/promises';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** A host name's addresses; rejects when it has none or the lookup fails. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** A webhook host's lookup, every name server and try included, ends within this. */
export const WEBHOOK_LOOKUP_TIMEOUT_MS = 3_000;

/** What `localhost` and its subdomains stand for, without asking anyone (RFC 6761 6.3). */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

export type DnsOptions = {
  /** Name servers (`1.1.1.1`, `10.0.0.53:5353`, `[::1]:53`); the system's (/etc/resolv.conf) when none. */
  servers?: readonly string[];
  timeoutMs?: number;
};

/**
 * Looks webhook hosts up in DNS, A and AAAA at once, through c-ares (`dns.promises.Resolver`),
 * never through `dns.lookup`: getaddrinfo holds one of libuv's four pool threads per lookup,
 * the threads that file reads, password hashing and compression share, so a name server that
 * never answers would stall sign-ins and downloads. Each lookup has a resolver of its own,
 * cancelled at the deadline. The hosts file is not read; `localhost` is loopback.
 */
export function dnsResolver(options: DnsOptions = {}): Resolver {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LOOKUP_TIMEOUT_MS;
  return async (host) => {
    const name = host.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return LOOPBACK;
    // Two tries per server within the deadline; the deadline cancels whatever is left.
    const resolver = new DnsResolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
    if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
    const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
      const addresses: ResolvedAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
      ];
      if (addresses.length === 0)
        throw v4.status === 'rejected' ? v4.reason : new Error(`no address for ${name}`);
      return addresses;
    } finally {
      clearTimeout(deadline);
    }
  };
}
