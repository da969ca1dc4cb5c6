import { writeFileSync } from 'node:fs';
import type { SimBmc } from './types';

function csvField(value: string) {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The lines of a hosts file: the header `address,user,password`, then one BMC a line. */
export function hostsFileLines(bmcs: Pick<SimBmc, 'url' | 'user' | 'password'>[]): string[] {
  return ['address,user,password', ...bmcs.map((b) => [b.url, b.user, b.password].map(csvField).join(','))];
}

/** Writes the hosts file `fwportal audit --bmc-file` reads (mode 0600: it holds passwords); returns its path. */
export function writeHostsFile(file: string, bmcs: Pick<SimBmc, 'url' | 'user' | 'password'>[]): string {
  writeFileSync(file, `${hostsFileLines(bmcs).join('\n')}\n`, { mode: 0o600 });
  return file;
}
