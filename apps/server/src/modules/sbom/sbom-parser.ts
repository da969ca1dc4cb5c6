import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import type { CheckedSbom } from './sbom-check';

/** A file the worker has not checked in this time is refused as too complex (413). */
export const SBOM_CHECK_SECONDS = 60;
/** The worker's heap: a 20 MB JSON document parsed twice (ours, the validator's) fits well within it. */
const SBOM_CHECK_HEAP_MB = 768;
/** SBOMs checked at once per process, and how many may wait (then 429). */
const RUNNING = 1;
const WAITING = 4;
let running = 0;
const waiting: (() => void)[] = [];

/** Where the worker's code is: beside this file through tsx (tests, dev), or dist/sbom-worker.js. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: path.join(path.dirname(here), 'sbom-worker.ts'), execArgv: ['--import', tsx] };
  }
  let dist = path.dirname(here);
  if (path.basename(dist) === 'chunks') dist = path.dirname(dist);
  return { file: path.join(dist, 'sbom-worker.js'), execArgv: [] };
}

async function turn(): Promise<() => void> {
  if (running >= RUNNING) {
    if (waiting.length >= WAITING)
      throw new AppError('TOO_MANY_REQUESTS', { params: { seconds: 10 }, headers: { 'retry-after': '10' } });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const tooComplex = () =>
  new AppError('FILE_TOO_LARGE', {
    messageKey: 'SBOM_TOO_COMPLEX',
    params: { seconds: SBOM_CHECK_SECONDS },
  });

/**
 * checkSbom in a worker thread: a 20 MB SBOM is JSON-parsed and schema-validated in about a
 * second (bench/sbom.ts), which on the event loop would stall every other request of the
 * process. One at a time per process, a few waiting, then 429; stopped after SBOM_CHECK_SECONDS.
 */
export async function checkSbomOffThread(
  bytes: Buffer,
  fileSha512: string,
  options: { timeoutMs?: number } = {},
): Promise<CheckedSbom> {
  const done = await turn();
  try {
    const { file, execArgv } = workerEntry();
    const worker = new Worker(file, {
      workerData: { bytes, fileSha512 },
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: SBOM_CHECK_HEAP_MB },
    });
    const reply = await new Promise<{ checked: CheckedSbom } | { failed: string }>((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          void worker.terminate();
        },
        options.timeoutMs ?? SBOM_CHECK_SECONDS * 1000,
      );
      worker.once('message', (message: { checked: CheckedSbom } | { failed: string }) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(
          timedOut ? tooComplex() : new Error(`The SBOM worker stopped (exit ${code}) without an answer`),
        );
      });
    });
    await worker.terminate();
    if ('failed' in reply) throw new Error(`The SBOM worker failed: ${reply.failed}`);
    const { checked } = reply;
    // Structured cloning hands a Buffer back as a plain Uint8Array.
    if (checked.accepted) checked.bytes = Buffer.from(checked.bytes);
    return checked;
  } finally {
    done();
  }
}
