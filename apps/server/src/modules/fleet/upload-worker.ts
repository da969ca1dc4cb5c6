import { parentPort, workerData } from 'node:worker_threads';
import type { Locale } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { readInventoryFile } from './inventory-xlsx';
import type { UploadReply } from './upload-parser';

/**
 * The upload worker's thread (issue 40): reads and checks one uploaded CSV or XLSX off the event
 * loop, applies every cap of the parse (lines, servers, cells, errors kept) and answers once:
 * the parsed upload, or the 4xx it refuses it with. Started by parseInventoryFile
 * (upload-parser.ts), which stops it past its time; built as its own entry (dist/upload-worker.js).
 */
const { bytes, locale } = workerData as { bytes: Uint8Array; locale: Locale };

let reply: UploadReply;
try {
  const parsed = await readInventoryFile(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    locale,
  );
  reply = { parsed };
} catch (error) {
  reply =
    error instanceof AppError
      ? { refused: { name: error.message, messageKey: error.messageKey, params: error.params } }
      : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort?.postMessage(reply);
