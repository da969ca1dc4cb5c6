import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { ObjectTooLargeError } from './file-store';

/**
 * What every store puts an upload through on its way in: counts and hashes the bytes, and
 * fails the upload with ObjectTooLargeError the moment it passes `maxBytes`.
 */
export function uploadMeter(maxBytes: number | undefined) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return callback(new ObjectTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, stored: () => ({ size, sha256: hash.digest('hex') }) };
}
