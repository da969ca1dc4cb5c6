import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Beside config.json: one line per BMC, `host:port sha256-fingerprint`, as ssh's known_hosts. */
export const KNOWN_HOSTS_FILE_NAME = 'redfish_known_hosts';

/** What a certificate's fingerprint says about a BMC seen before. */
export type PinCheck = 'match' | 'new' | 'mismatch';

/**
 * Trust on first use for BMC certificates (almost all are self-signed): the SHA-256 fingerprint
 * a BMC shows at first contact is recorded, and any later contact must show the same one. The
 * file is only appended to (O_APPEND: concurrent runs never interleave half lines); the first
 * line for a host wins, so a line appended later can never replace a pin.
 */
export class KnownHosts {
  readonly file: string;
  private pins: Map<string, string> | null = null;
  private loading: Promise<Map<string, string>> | null = null;

  constructor(configDir: string) {
    this.file = path.join(configDir, KNOWN_HOSTS_FILE_NAME);
  }

  private async load(): Promise<Map<string, string>> {
    if (this.pins) return this.pins;
    this.loading ??= readFile(this.file, 'utf8')
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      })
      .then((text) => {
        const pins = new Map<string, string>();
        for (const line of text.split('\n')) {
          const [host, fingerprint] = line.trim().split(/\s+/);
          if (!host || !fingerprint || host.startsWith('#')) continue;
          if (!pins.has(host)) pins.set(host, normaliseFingerprint(fingerprint));
        }
        this.pins = pins;
        return pins;
      });
    return this.loading;
  }

  /** The fingerprint pinned for `host` (`host:port`), if any. */
  async pinOf(host: string): Promise<string | undefined> {
    return (await this.load()).get(host.toLowerCase());
  }

  /** Compares with the pin; a host never seen is pinned now (the answer is then 'new'). */
  async check(host: string, fingerprint: string): Promise<PinCheck> {
    const pins = await this.load();
    const key = host.toLowerCase();
    const wanted = normaliseFingerprint(fingerprint);
    const pinned = pins.get(key);
    if (pinned !== undefined) return pinned === wanted ? 'match' : 'mismatch';
    pins.set(key, wanted);
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await appendFile(this.file, `${key} ${wanted}\n`, { mode: 0o600 });
    await chmod(this.file, 0o600);
    return 'new';
  }
}

/** `AA:BB:…` upper case, whether given with colons or without, in any case. */
export function normaliseFingerprint(fingerprint: string): string {
  const hex = fingerprint.replace(/^sha256[:=]/i, '').replace(/[^0-9a-f]/gi, '');
  return (hex.toUpperCase().match(/../g) ?? []).join(':');
}
