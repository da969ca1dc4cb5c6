import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  BUNDLE_MANIFEST_CSV,
  BUNDLE_MANIFEST_JSON,
  BUNDLE_SHA256SUMS,
  type BundleManifestRow,
} from '@portal/contract';
import { csvLine } from '../../lib/csv-cell';
import { type FileStore, ObjectNotFoundError, type StoredObject } from '../../lib/file-store/file-store';
import { dependencyUnavailable, diskFull } from '../../lib/pg-errors';
import type { BundleFile, BundleLine, BundleSbom, TaskLogger } from './mirror-resolve';
import { EntrySizeError, TarWriter } from './tar-writer';
import { TaskError } from './task-error';

const CSV_COLUMNS: (keyof BundleManifestRow)[] = [
  'sn',
  'pn',
  'model',
  'component',
  'item',
  'currentVersion',
  'offeredVersion',
  'state',
  'severity',
  'installOrder',
  'rebootRequired',
  'prerequisites',
  'file',
  'sha256',
  'sbom',
  'sbomSha256',
];

/** A manifest value as one CSV cell (each still goes through csvLine's formula guard). */
function cellOf(value: BundleManifestRow[keyof BundleManifestRow]): string | number | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((need) => `${need.component} >= ${need.minVersion}`).join('; ');
  return value ?? null;
}

export function manifestCsv(rows: BundleManifestRow[]): string {
  const lines = [
    CSV_COLUMNS.join(','),
    ...rows.map((row) => csvLine(CSV_COLUMNS.map((column) => cellOf(row[column])))),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const STATE_RANK = { vulnerable: 0, outdated: 1 } as const;

/**
 * A component an advisory names is urgent whatever its publisher said; an outdated one is at most
 * recommended, so it never ranks above a vulnerable one.
 */
function urgencyOf(line: BundleLine): string {
  if (line.state === 'vulnerable') return 'urgent';
  if (line.state === 'outdated' && line.file.severity === 'urgent') return 'recommended';
  return line.file.severity;
}

/** Each server in the order asked, its vulnerable components first, then in install order. */
function manifestOrder(lines: BundleLine[]): BundleLine[] {
  const firstOf = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!firstOf.has(line.sn)) firstOf.set(line.sn, index);
  });
  const rank = (line: BundleLine) => (line.state ? STATE_RANK[line.state] : 0);
  return [...lines].sort(
    (a, b) =>
      (firstOf.get(a.sn) ?? 0) - (firstOf.get(b.sn) ?? 0) ||
      rank(a) - rank(b) ||
      (a.installOrder ?? 0) - (b.installOrder ?? 0),
  );
}

/** Bundle paths: `firmware/<file name>`, the version id added when two versions share a name. */
function bundlePaths(files: BundleFile[]): Map<number, string> {
  const taken = new Set<string>();
  const paths = new Map<number, string>();
  for (const file of files) {
    let path = `firmware/${file.fileName}`;
    if (taken.has(path)) path = `firmware/${file.versionId}-${file.fileName}`;
    taken.add(path);
    paths.set(file.versionId, path);
  }
  return paths;
}

/** Where a file's SBOM goes: beside the file, its path plus the SBOM's suffix (`.cdx.json`). */
function sbomPathOf(filePath: string, file: BundleFile, sbom: BundleSbom): string {
  const suffix = sbom.fileName.startsWith(file.fileName)
    ? sbom.fileName.slice(file.fileName.length)
    : '.sbom.json';
  return `${filePath}${suffix}`;
}

/**
 * Streams a bundle (a tar of the firmware files with their SBOMs, manifest.csv, manifest.json
 * and SHA256SUMS) into the store under `key`. Files are copied chunk by chunk and
 * hashed on the way; a file whose bytes do not match its published SHA256 stops the
 * task, and the store's atomic put leaves nothing behind.
 */
export async function writeBundle(
  store: FileStore,
  key: string,
  lines: BundleLine[],
  options: {
    signal: AbortSignal;
    log: TaskLogger;
    now: Date;
    generatedBy: string;
    /** SBOMs of the bundled versions (issue 43), by version id. */
    sboms?: Map<number, BundleSbom>;
  },
): Promise<StoredObject & { files: number }> {
  const sboms = options.sboms ?? new Map<number, BundleSbom>();
  const files = [...new Map(lines.map((line) => [line.file.versionId, line.file])).values()];
  const paths = bundlePaths(files);
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const stored = store.put(key, out);
  const abort = () => out.destroy(new Error('task aborted'));
  options.signal.addEventListener('abort', abort, { once: true });
  const sbomColumns = (file: BundleFile) => {
    const sbom = sboms.get(file.versionId);
    const path = paths.get(file.versionId) ?? file.fileName;
    return { sbom: sbom ? sbomPathOf(path, file, sbom) : null, sbomSha256: sbom?.sha256 ?? null };
  };
  const produce = async () => {
    const tar = new TarWriter(out);
    const sums: string[] = [];
    for (const file of files) {
      const path = paths.get(file.versionId) ?? file.fileName;
      await options.log('TASK_LOG_ADDING', { file: path, size: file.fileSize });
      await copyChecked(tar, store, options.now, {
        path,
        name: file.fileName,
        storageKey: file.storageKey,
        size: file.fileSize,
        sha256: file.sha256,
      });
      sums.push(`${file.sha256}  ${path}`);
      const sbom = sboms.get(file.versionId);
      if (sbom) {
        // The SBOM is checked against its published hash like the file (a tampered store stops the task).
        const sbomPath = sbomPathOf(path, file, sbom);
        await copyChecked(tar, store, options.now, { ...sbom, path: sbomPath, name: sbom.fileName });
        sums.push(`${sbom.sha256}  ${sbomPath}`);
      }
    }
    const rows: BundleManifestRow[] = manifestOrder(lines).map((line) => ({
      sn: line.sn,
      pn: line.pn,
      model: line.model,
      component: line.component,
      item: line.file.itemName,
      currentVersion: line.current,
      offeredVersion: line.file.version,
      state: line.state ?? null,
      severity: urgencyOf(line),
      installOrder: line.installOrder ?? null,
      rebootRequired: line.rebootRequired ?? null,
      prerequisites: line.prerequisites ?? [],
      file: paths.get(line.file.versionId) ?? line.file.fileName,
      sha256: line.file.sha256,
      ...sbomColumns(line.file),
    }));
    const csv = Buffer.from(manifestCsv(rows), 'utf8');
    const json = Buffer.from(
      `${JSON.stringify({ generatedAt: options.now.toISOString(), generatedBy: options.generatedBy, rows }, null, 2)}\n`,
      'utf8',
    );
    for (const [name, body] of [
      [BUNDLE_MANIFEST_CSV, csv],
      [BUNDLE_MANIFEST_JSON, json],
    ] as const) {
      await tar.addBuffer(name, body, options.now);
      sums.push(`${createHash('sha256').update(body).digest('hex')}  ${name}`);
    }
    await tar.addBuffer(BUNDLE_SHA256SUMS, Buffer.from(`${sums.join('\n')}\n`, 'utf8'), options.now);
    await tar.finish();
    out.end();
  };
  try {
    const [put, made] = await Promise.allSettled([
      stored,
      produce().catch((error: unknown) => {
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ]);
    // The producer's own error explains more than the store's "stream destroyed", unless the
    // store failed first (disk full, store away) and the producer only saw its stream go.
    if (made.status === 'rejected') {
      if (put.status === 'fulfilled') await store.remove(key).catch(() => undefined);
      if (put.status === 'rejected' && (diskFull(put.reason) || dependencyUnavailable(put.reason)))
        throw put.reason;
      throw made.reason;
    }
    if (put.status === 'rejected') throw put.reason;
    return { ...put.value, files: files.length };
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

/** Copies one stored object into the tar, hashing it on the way; a wrong size or hash stops the task. */
async function copyChecked(
  tar: TarWriter,
  store: FileStore,
  now: Date,
  entry: { path: string; name: string; storageKey: string; size: number; sha256: string },
): Promise<void> {
  const source = await store.open(entry.storageKey).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError)
      throw new TaskError('TASK_LOG_FILE_MISSING', { file: entry.name });
    throw error;
  });
  const hash = createHash('sha256');
  async function* hashed() {
    for await (const chunk of source) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  // A stored file of another size cannot have the published checksum either.
  const copied = await tar.addStream(entry.path, entry.size, now, hashed()).then(
    () => true,
    (error: unknown) => {
      if (error instanceof EntrySizeError) return false;
      throw error;
    },
  );
  if (!copied || hash.digest('hex') !== entry.sha256)
    throw new TaskError('TASK_LOG_CHECKSUM_MISMATCH', { file: entry.name });
}
