import { parentPort, workerData } from 'node:worker_threads';
import { checkSbom, type CheckedSbom } from './sbom-check';

/**
 * The SBOM worker's thread (issue 43): parses and checks one uploaded SBOM (checkSbom) off the
 * event loop and answers once. Started by checkSbomOffThread (sbom-parser.ts), which stops it
 * past its time; built as its own entry (dist/sbom-worker.js).
 */
const { bytes, fileSha512 } = workerData as { bytes: Uint8Array; fileSha512: string };

let reply: { checked: CheckedSbom } | { failed: string };
try {
  reply = {
    checked: await checkSbom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileSha512),
  };
} catch (error) {
  reply = { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort?.postMessage(reply);
