import fs from 'node:fs';
import path from 'node:path';

/** Finds initdb/pg_ctl: PG_BIN_DIR, then Debian's /usr/lib/postgresql/<version>/bin, then PATH. */
export function findPostgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const debianRoot = '/usr/lib/postgresql';
  if (fs.existsSync(debianRoot)) {
    const versions = fs.readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter));
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}
