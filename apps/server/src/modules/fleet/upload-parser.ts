import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ErrorCodeName, INVENTORY_UPLOAD_LIMITS, type Locale } from '@portal/contract';
import { AppError, type MessageParams } from '../../lib/app-error';
import type { MessageKey } from '../../lib/i18n/messages';
import type { ParsedUpload } from './inventory-upload';

/** What the upload worker answers: the parsed file, the AppError it refuses it with, or a bug. */
export type UploadReply =
  | { parsed: ParsedUpload }
  | { refused: { name: string; messageKey: MessageKey; params: MessageParams } }
  | { failed: string };

/**
 * Where the worker's code is. From the sources (vitest, `tsx watch`): upload-worker.ts beside this
 * file, loaded through tsx. From the bundle `npm start` runs (scripts/build-server.mjs builds it
 * as its own entry): dist/upload-worker.js, this code being in dist/main.js or dist/chunks/.
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: path.join(path.dirname(here), 'upload-worker.ts'), execArgv: ['--import', tsx] };
  }
  let dist = path.dirname(here);
  if (path.basename(dist) === 'chunks') dist = path.dirname(dist);
  return { file: path.join(dist, 'upload-worker.js'), execArgv: [] };
}

/** Reads and checks an uploaded inventory file: parseInventoryFile in the portal. */
export type InventoryParse = (bytes: Buffer, locale: Locale) => Promise<ParsedUpload>;

/** Files checked at once: one (each worker may hold a workbook of hundreds of MB). */
const RUNNING = 1;
/** Files waiting their turn; more are answered 429 at once. */
const WAITING = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= RUNNING) {
    if (waiting.length >= WAITING)
      throw new AppError('TOO_MANY_REQUESTS', {
        messageKey: 'INVENTORY_UPLOAD_BUSY',
        params: { seconds: 10 },
        headers: { 'retry-after': '10' },
      });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function tooComplex(seconds: number): AppError {
  return new AppError('FILE_TOO_LARGE', { messageKey: 'INVENTORY_UPLOAD_TOO_COMPLEX', params: { seconds } });
}

/**
 * Reads and checks an uploaded CSV or XLSX (readInventoryFile) in a worker thread, so that no
 * file holds the event loop (issue 40: 4 million junk lines held /api/health for 7.5 minutes).
 * Every cap is applied in the worker, before the caller's first query; past `timeoutMs` (from the
 * worker's start) or its heap cap, the worker is stopped and the file refused as too complex (413
 * in the reader's language). One file at a time per process, a few waiting, then 429.
 */
export async function parseInventoryFile(
  bytes: Buffer,
  locale: Locale,
  options: { timeoutMs?: number } = {},
): Promise<ParsedUpload> {
  const timeoutMs = options.timeoutMs ?? INVENTORY_UPLOAD_LIMITS.parseSeconds * 1000;
  const seconds = Math.ceil(timeoutMs / 1000);
  const done = await turn();
  try {
    const { file, execArgv } = workerEntry();
    const worker = new Worker(file, {
      workerData: { bytes, locale },
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: INVENTORY_UPLOAD_LIMITS.parseHeapMb },
    });
    const reply = await new Promise<UploadReply>((resolve, reject) => {
      let timedOut = false;
      // Answered once the worker has exited: never two workers' heaps at once.
      const timer = setTimeout(() => {
        timedOut = true;
        void worker.terminate();
      }, timeoutMs);
      worker.once('message', (message: UploadReply) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex(seconds) : error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(
          timedOut
            ? tooComplex(seconds)
            : new Error(`The upload worker stopped (exit ${code}) without an answer`),
        );
      });
    });
    await worker.terminate();
    if ('parsed' in reply) return reply.parsed;
    if ('refused' in reply)
      throw new AppError(reply.refused.name as ErrorCodeName, {
        messageKey: reply.refused.messageKey,
        params: reply.refused.params,
      });
    throw new Error(`The upload worker failed: ${reply.failed}`);
  } finally {
    done();
  }
}
