import { writeFileSync } from 'node:fs';
import type { SimBmc } from './types';

function csvField(value: string) {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const HEADER = 'address,user,password';

/** The lines of a hosts file: the header `address,user,password`, then one BMC a line. */
export function hostsFileLines(bmcs: Pick<SimBmc, 'url' | 'user' | 'password'>[]): string[] {
  return [HEADER, ...bmcs.map((b) => [b.url, b.user, b.password].map(csvField).join(','))];
}

/** Writes the hosts file `fwportal audit --bmc-file` reads (mode 0600: it holds passwords); returns its path. */
export function writeHostsFile(file: string, bmcs: Pick<SimBmc, 'url' | 'user' | 'password'>[]): string {
  writeFileSync(file, `${hostsFileLines(bmcs).join('\n')}\n`, { mode: 0o600 });
  return file;
}

/**
 * Writes a hosts file that names only the BMCs' addresses (mode 0600 all the same), for a run that
 * gives one user and password on the command line (`--user`, `--password-stdin`); returns its path.
 */
export function writeAddressesFile(file: string, bmcs: Pick<SimBmc, 'url'>[]): string {
  writeFileSync(file, `${[HEADER, ...bmcs.map((b) => b.url)].join('\n')}\n`, { mode: 0o600 });
  return file;
}
