import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { BmcTrust } from './tls-transport.ts';

/** How to reach one BMC and the limits a client of it keeps (see client.ts). */
export type BmcConnection = {
  /** `https://10.0.0.5`, `https://bmc7:8443` (a bare host means https). */
  address: string;
  user: string;
  password: string;
  trust: BmcTrust;
  /** Each request's limit: the whole answer for reads and small writes, silence for uploads. */
  timeoutMs: number;
  /**
   * How long reads are retried while the BMC is gone (refused or reset connections, 503) after
   * it answered once in this session: a BMC that resets comes back in a minute or two.
   */
  resetWaitMs?: number;
  /** Told once when a certificate is pinned at first contact (host, fingerprint). */
  onPinned?: (host: string, fingerprint: string) => void;
  /** All answers of this client together, at most (default MAX_SESSION_ANSWER_BYTES). */
  answerBudgetBytes?: number;
  /**
   * Every request (uploads but) ends within this many ms of the client's creation: a BMC that
   * answers each of a thousand requests just inside the timeout must not hold a run for hours.
   */
  deadlineMs?: number;
};

/** Each request's limit when the command is given none. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** `https://host[:port]` of an address as people write it (a bare host is https). */
export function bmcOrigin(address: string): URL {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(EXIT.usage, 'redfish.badAddress', { address });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(EXIT.usage, 'redfish.badAddress', { address });
  // A password in the address would be on the command line and in logs.
  if (url.username || url.password) throw new CliError(EXIT.usage, 'redfish.credentialsInAddress');
  return new URL(url.origin);
}
