import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What `fwportal login` keeps: the token is a secret, hence mode 0600 in a 0700 folder. */
export type StoredConfig = {
  url: string;
  token: string;
  /** The portal's Ed25519 public key (SPKI PEM) as seen at login: downloads are checked against it. */
  signingKey: string;
  account?: string;
  expiresAt?: string;
};

export const CONFIG_FILE_NAME = 'config.json';

/** `$XDG_CONFIG_HOME/fwportal` when set, else the platform's usual folder for settings. */
export function configDirOf(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home = os.homedir(),
): string {
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'fwportal');
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'fwportal');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'fwportal');
  return path.join(home, '.config', 'fwportal');
}

export async function readConfig(dir: string): Promise<StoredConfig | null> {
  const text = await readFile(path.join(dir, CONFIG_FILE_NAME), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  return text === null ? null : (JSON.parse(text) as StoredConfig);
}

/**
 * `value` as JSON in `dir/name`, the folder private (0700) and the file too (0600): written to a
 * private temporary file first, so a reader never sees half a file or a readable token.
 */
export async function writePrivateJson(dir: string, name: string, value: unknown): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = path.join(dir, name);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return file;
}

export const writeConfig = (dir: string, config: StoredConfig): Promise<string> =>
  writePrivateJson(dir, CONFIG_FILE_NAME, config);

/** True when there was something to forget. */
export async function removeConfig(dir: string): Promise<boolean> {
  const file = path.join(dir, CONFIG_FILE_NAME);
  const existed = (await readConfig(dir)) !== null;
  await rm(file, { force: true });
  return existed;
}
